# Source: https://github.com/XanaduAI/qml-benchmarks/blob/0bbf84855d4da9099adea6a7522029795664d05b/src/qml_benchmarks/models/projected_quantum_kernel.py
# Title: src/qml_benchmarks/models/projected_quantum_kernel.py
# Cut: licence header, the constructor's docstring and body, predict_proba and transform cut.
import time
import pennylane as qml
import numpy as np
import jax
import jax.numpy as jnp
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.svm import SVC
from sklearn.preprocessing import MinMaxScaler
from qml_benchmarks.model_utils import chunk_vmapped_fn

jax.config.update("jax_enable_x64", True)


class ProjectedQuantumKernel(BaseEstimator, ClassifierMixin):
    def __init__(
        self,
        svm=SVC(kernel="precomputed", probability=True),
        gamma_factor=1.0,
        C=1.0,
        embedding="Hamiltonian",
        t=1.0 / 3,
        trotter_steps=5,
        jit=True,
        max_vmap=None,
        scaling=1.0,
        dev_type="default.qubit",
        qnode_kwargs={"interface": "jax-jit", "diff_method": None},
        random_state=42,
    ):
        ...

    def generate_key(self):
        return jax.random.PRNGKey(self.rng.integers(1000000))

    def construct_circuit(self):
        """
        Constructs the circuit to get the expvals of a given qubit and Pauli operator
        We will use JAX to parallelize over these circuits in precompute kernel.
        Args:
            P: a pennylane Pauli X,Y,Z operator on a given qubit
        """
        if self.embedding == "IQP":

            def embedding(x):
                qml.IQPEmbedding(x, wires=range(self.n_qubits_), n_repeats=2)

        elif self.embedding == "Hamiltonian":

            def embedding(x):
                evol_time = self.t / self.trotter_steps * (self.n_qubits_ - 1)
                for i in range(self.n_qubits_):
                    qml.Rot(
                        self.rotation_angles_[i, 0],
                        self.rotation_angles_[i, 1],
                        self.rotation_angles_[i, 2],
                        wires=i,
                    )
                for __ in range(self.trotter_steps):
                    for j in range(self.n_qubits_ - 1):
                        qml.IsingXX(x[j] * evol_time, wires=[j, j + 1])
                        qml.IsingYY(x[j] * evol_time, wires=[j, j + 1])
                        qml.IsingZZ(x[j] * evol_time, wires=[j, j + 1])

        dev = qml.device(self.dev_type, wires=self.n_qubits_)

        @qml.qnode(dev, **self.qnode_kwargs)
        def circuit(x):
            embedding(x)
            return (
                [qml.expval(qml.PauliX(wires=i)) for i in range(self.n_qubits_)]
                + [qml.expval(qml.PauliY(wires=i)) for i in range(self.n_qubits_)]
                + [qml.expval(qml.PauliZ(wires=i)) for i in range(self.n_qubits_)]
            )

        self.circuit = circuit

        def circuit_as_array(x):
            return jnp.array(circuit(x))

        if self.jit:
            circuit_as_array = jax.jit(circuit_as_array)
        circuit_as_array = jax.vmap(circuit_as_array, in_axes=(0))
        circuit_as_array = chunk_vmapped_fn(circuit_as_array, 0, self.max_vmap)

        return circuit_as_array

    def precompute_kernel(self, X1, X2):
        """
        compute the kernel matrix relative to data sets X1 and X2
        Args:
            X1 (np.array): first dataset of input vectors
            X2 (np.array): second dataset of input vectors
        Returns:
            kernel_matrix (np.array): matrix of size (len(X1),len(X2)) with elements K(x_1,x_2)
        """
        dim1 = len(X1)
        dim2 = len(X2)

        # get all of the Pauli expvals needed to constrcut the kernel
        self.circuit = self.construct_circuit()

        valsX1 = np.array(self.circuit(X1))
        valsX1 = np.reshape(valsX1, (dim1, 3, -1))
        valsX2 = np.array(self.circuit(X2))
        valsX2 = np.reshape(valsX2, (dim2, 3, -1))

        valsX_X1 = valsX1[:, 0]
        valsX_X2 = valsX2[:, 0]
        valsY_X1 = valsX1[:, 1]
        valsY_X2 = valsX2[:, 1]
        valsZ_X1 = valsX1[:, 2]
        valsZ_X2 = valsX2[:, 2]

        all_vals_X1 = np.reshape(np.concatenate((valsX_X1, valsY_X1, valsZ_X1)), -1)
        default_gamma = 1 / np.var(all_vals_X1) / self.n_features_

        # construct kernel following plots
        kernel_matrix = np.zeros([dim1, dim2])

        for i in range(dim1):
            for j in range(dim2):
                sumX = sum(
                    [
                        (valsX_X1[i, q] - valsX_X2[j, q]) ** 2
                        for q in range(self.n_qubits_)
                    ]
                )
                sumY = sum(
                    [
                        (valsY_X1[i, q] - valsY_X2[j, q]) ** 2
                        for q in range(self.n_qubits_)
                    ]
                )
                sumZ = sum(
                    [
                        (valsZ_X1[i, q] - valsZ_X2[j, q]) ** 2
                        for q in range(self.n_qubits_)
                    ]
                )

                kernel_matrix[i, j] = np.exp(
                    -default_gamma * self.gamma_factor * (sumX + sumY + sumZ)
                )
        return kernel_matrix

    def initialize(self, n_features, classes=None):
        """Initialize attributes that depend on the number of features and the class labels.

        Args:
            n_features (int): Number of features that the classifier expects
            classes (array-like): class labels that the classifier expects
        """
        if classes is None:
            classes = [-1, 1]

        self.classes_ = classes
        self.n_classes_ = len(self.classes_)
        assert self.n_classes_ == 2
        assert 1 in self.classes_ and -1 in self.classes_

        self.n_features_ = n_features

        if self.embedding == "IQP":
            self.n_qubits_ = self.n_features_
        elif self.embedding == "Hamiltonian":
            self.n_qubits_ = self.n_features_ + 1
            self.rotation_angles_ = jnp.array(
                self.rng.uniform(size=(self.n_qubits_, 3)) * np.pi * 2
            )
        self.construct_circuit()

    def fit(self, X, y):
        """Fit the model to data X and labels y. Uses sklearn's SVM classifier

        Args:
            X (np.ndarray): Data of shape (n_samples, n_features)
            y (np.ndarray): Labels of shape (n_samples,)
        """
        self.svm.random_state = self.rng.integers(100000)

        self.initialize(X.shape[1], classes=np.unique(y))

        self.scaler = MinMaxScaler(feature_range=(-np.pi / 2, np.pi / 2))
        self.scaler.fit(X)
        X = self.transform(X)

        self.params_ = {"X_train": X}
        kernel_matrix = self.precompute_kernel(X, X)

        start = time.time()
        self.svm.C = self.C
        self.svm.fit(kernel_matrix, y)
        end = time.time()
        self.training_time_ = end - start

        return self

    def predict(self, X):
        """Predict labels for data X.

        Args:
            X (np.ndarray): Data of shape (n_samples, n_features)

        Returns:
            y_pred (np.ndarray): Predicted labels of shape (n_samples,)
        """
        X = self.transform(X)
        kernel_matrix = self.precompute_kernel(X, self.params_["X_train"])
        return self.svm.predict(kernel_matrix)

