# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/models/quantum_metric_learning.py
# Title: src/qml_benchmarks/models/quantum_metric_learning.py -- class QuantumMetricLearner
# Cut: license header, constructor, initialize/transform and docstrings cut; the model construction,
#      the metric-learning loss and predict_proba kept.
import warnings

import pennylane as qml
import numpy as np
import jax
from jax import numpy as jnp
import optax
from sklearn.base import BaseEstimator, ClassifierMixin
from qml_benchmarks.model_utils import train
from model_utils import chunk_vmapped_fn

jax.config.update("jax_enable_x64", True)


def get_batch(batch_size, A, B, keys):
    """Convenience function to get a batch of data."""
    if batch_size > min(len(A), len(B)):
        raise ValueError(
            f"Trying to select {batch_size} of {min(len(A), len(B))} data. "
            f"Is the batch size too low?"
        )
    select_A = jax.random.choice(
        keys[0], jnp.array(range(len(A))), shape=(batch_size,), replace=False
    )
    select_B = jax.random.choice(
        keys[1], jnp.array(range(len(B))), shape=(batch_size,), replace=False
    )
    return A[select_A], B[select_B]


class QuantumMetricLearner(BaseEstimator, ClassifierMixin):
    def generate_key(self):
        return jax.random.PRNGKey(self.rng.integers(1000000))

    def construct_model(self):
        dev = qml.device(self.dev_type, wires=self.n_qubits_)
        wires = range(self.n_qubits_)

        @qml.qnode(dev, **self.qnode_kwargs)
        def circuit(params, x1, x2):
            qml.QAOAEmbedding(features=x1, weights=params["weights"], wires=wires)
            qml.adjoint(qml.QAOAEmbedding)(
                features=x2, weights=params["weights"], wires=wires
            )
            return qml.expval(
                qml.Projector(np.array([0] * self.n_qubits_), wires=wires)
            )

        self.circuit = circuit

        if self.jit:
            circuit = jax.jit(circuit)
        overlaps = jax.vmap(circuit, in_axes=(None, 0, 0))
        chunked_overlaps = chunk_vmapped_fn(overlaps, start=1, max_vmap=self.max_vmap)

        def model(params, X1=None, X2=None):
            res = overlaps(params, X1, X2)
            return jnp.mean(res)

        def chunked_model(params, X1=None, X2=None):
            res = chunked_overlaps(params, X1, X2)
            return jnp.mean(res)

        self.forward = model
        self.chunked_forward = chunked_model

        return self.forward


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

        # split data
        A = jnp.array(X[y == -1])
        B = jnp.array(X[y == 1])

        if self.batch_size > min(len(A), len(B)):
            warnings.warn(
                "batch size too large, setting to " + str(min(len(A), len(B)))
            )
            self.batch_size = min(len(A), len(B))

        def loss_fn(params, A=None, B=None):
            aa = self.forward(params, X1=A, X2=A)
            bb = self.forward(params, X1=B, X2=B)
            ab = self.forward(params, X1=A, X2=B)

            d_hs = -ab + 0.5 * (aa + bb)
            return 1 - d_hs

        if self.jit:
            loss_fn = jax.jit(loss_fn)

        optimizer = optax.adam
        self.params_ = train(
            self,
            loss_fn,
            optimizer,
            A,
            B,
            self.generate_key,
            convergence_interval=self.convergence_interval,
        )

        self.params_["examples_-1"] = A
        self.params_["examples_+1"] = B

        return self

    def predict_proba(self, X):
        """Predict label probabilities for data X using a batch of training examples.
        The examples are stored in the parameter dictionary.

        Args:
            X (np.ndarray): Data of shape (n_samples, n_features)

        Returns:
            y_pred_proba (np.ndarray): Predicted label probabilities of shape
            (n_samples, n_classes)
        """
        if "examples_-1" not in self.params_:
            raise ValueError("Model cannot predict without fitting to data first.")

        X = self.transform(X)

        max_examples = min(
            len(self.params_["examples_-1"]), len(self.params_["examples_+1"])
        )
        if self.n_examples_predict > max_examples:
            warnings.warn(
                "n_examples_predict too large, setting to " + str(max_examples)
            )
            self.n_examples_predict = max_examples

        A_examples, B_examples = get_batch(
            self.n_examples_predict,
            self.params_["examples_-1"],
            self.params_["examples_+1"],
            [self.generate_key(), self.generate_key()],
        )

        predictions = []
        for x in X:
            # create list [x, x, x, ...] to get overlaps with A_examples = [a1, a2, a3...] and B_examples
            x_tiled = jnp.tile(x, (self.n_examples_predict, 1))

            pred_a = jnp.mean(self.chunked_forward(self.params_, A_examples, x_tiled))
            pred_b = jnp.mean(self.chunked_forward(self.params_, B_examples, x_tiled))

            # normalise to [0,1]
            predictions.append([pred_a / (pred_a + pred_b), pred_b / (pred_a + pred_b)])

        return jnp.array(predictions)
