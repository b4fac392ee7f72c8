# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/models/data_reuploading.py
# Title: src/qml_benchmarks/models/data_reuploading.py
# Cut: licence header, constructor docstring/body, parameter initialisation, predict/predict_proba and the
#      other reuploading variants cut; the circuit, its vmapped forward and the training loss kept.
from math import ceil
import pennylane as qml
import numpy as np
import jax
from jax import numpy as jnp
import optax
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.utils.validation import check_is_fitted
from sklearn.preprocessing import MinMaxScaler
from qml_benchmarks.model_utils import train
from qml_benchmarks.model_utils import chunk_vmapped_fn

jax.config.update("jax_enable_x64", True)


class DataReuploadingClassifier(BaseEstimator, ClassifierMixin):
    def __init__(
        self,
        n_layers=4,
        observable_type="single",
        convergence_interval=200,
        max_steps=10000,
        learning_rate=0.05,
        batch_size=32,
        max_vmap=None,
        jit=True,
        scaling=1.0,
        dev_type="default.qubit",
        qnode_kwargs={"interface": "jax-jit"},
        random_state=42,
    ):
        ...

    def construct_model(self):
        """Construct the quantum circuit used in the model."""

        dev = qml.device(self.dev_type, wires=self.n_qubits_)

        @qml.qnode(dev, **self.qnode_kwargs)
        def circuit(params, x):
            """A variational quantum circuit with data reuploading.

            Args:
                params (array[float]): dictionary of parameters
                x (array[float]): input vector

            Returns:
                list: Expectation values of Pauli Z on each qubit
            """
            for layer in range(self.n_layers):
                x_idx = 0  # to keep track of the data index
                for i in range(self.n_qubits_):
                    # scaled inputs
                    angles = (
                        x[x_idx : x_idx + 3]
                        * params["omegas"][layer, x_idx : x_idx + 3]
                    )
                    qml.Rot(*angles, wires=i)

                    # variational
                    angles = params["thetas"][i, layer, :]
                    qml.Rot(*angles, wires=i)

                    x_idx += 3
                if layer % 2 == 0:
                    qml.broadcast(qml.CZ, range(self.n_qubits_), pattern="double")
                else:
                    qml.broadcast(qml.CZ, range(self.n_qubits_), pattern="double_odd")

            # final reupload without CZs
            x_idx = 0
            for i in range(self.n_qubits_):
                angles = (
                    x[x_idx : x_idx + 3]
                    * params["omegas"][self.n_layers, x_idx : x_idx + 3]
                    + params["thetas"][i, self.n_layers, :]
                )
                qml.Rot(*angles, wires=i)
                x_idx += 3

            return [qml.expval(qml.PauliZ(wires=[i])) for i in range(self.n_qubits_)]

        self.circuit = circuit

        def circuit_as_array(params, x):
            # pennylane returns a list in the circuit above, so we need this
            return jnp.array(circuit(params, x))

        if self.jit:
            circuit_as_array = jax.jit(circuit_as_array)
        self.forward = jax.vmap(circuit_as_array, in_axes=(None, 0))
        self.chunked_forward = chunk_vmapped_fn(self.forward, 1, self.max_vmap)


    def fit(self, X, y):
        """Fit the model to data X and labels y.

        Args:
            X (np.ndarray): Data of shape (n_samples, n_features)
            y (np.ndarray): Labels of shape (n_samples,)
        """
        self.initialize(X.shape[1], classes=np.unique(y))

        self.scaler = MinMaxScaler(feature_range=(-np.pi / 2, np.pi / 2))
        self.scaler.fit(X)
        X = self.transform(X)

        def loss_fn(params, x, y):
            y_mat = jnp.vstack(
                [y for __ in range(self.observable_weight)]
            ).T  # repeated columns of labels
            y_mat0 = (1 - y_mat) / 2
            y_mat1 = (1 + y_mat) / 2
            alpha_mat0 = jnp.vstack(
                [params["alphas"][0, :] for __ in range(len(x))]
            )  # repeated rows of alpha parameters
            alpha_mat1 = jnp.vstack([params["alphas"][1, :] for __ in range(len(x))])

            expvals = self.forward(params, x)
            probs0 = (1 - expvals[:, : self.observable_weight]) / 2  # fidelity with |0>
            probs1 = (1 + expvals[:, : self.observable_weight]) / 2  # fidelity with |1>
            loss = (
                1
                / 2
                * (
                    jnp.sum(
                        (alpha_mat0 * probs0 - y_mat0) ** 2
                        + (alpha_mat1 * probs1 - y_mat1) ** 2
                    )
                )
            )  # eqn 23 in plots
            return loss / len(y)

        if self.jit:
            loss_fn = jax.jit(loss_fn)
        self.construct_model()
        self.initialize_params()
        optimizer = optax.adam

        self.params_ = train(
            self,
            loss_fn,
            optimizer,
            X,
            y,
            self.generate_key,
            convergence_interval=self.convergence_interval,
        )

        return self
