# Source: https://github.com/PennyLaneAI/qml/blob/016e1bc743c47c3ec83964bc1da87ad843acd46c/demonstrations/tutorial_eqnn_force_field.py
# Title: Symmetry-invariant quantum machine learning force fields (demo, tutorial_eqnn_force_field.py)
# Cut: kept the circuit definition (singlet, encoding, trainable layer, vqlm) and the vmapped,
#      jitted cost; data loading, training loop and plots removed.
import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml

X = np.array([[0, 1], [1, 0]])
Y = np.array([[0, -1.0j], [+1.0j, 0]])
Z = np.array([[1, 0], [0, -1]])
sigmas = jnp.array(np.array([X, Y, Z]))
sigmas_sigmas = jnp.array(np.array([np.kron(X, X), np.kron(Y, Y), np.kron(Z, Z)]))


def singlet(wires):
    qml.Hadamard(wires=wires[0])
    qml.PauliZ(wires=wires[0])
    qml.PauliX(wires=wires[1])
    qml.CNOT(wires=wires)


def equivariant_encoding(alpha, data, wires):
    hamiltonian = jnp.einsum("i,ijk", data, sigmas)  # Heisenberg Hamiltonian
    U = jax.scipy.linalg.expm(-1.0j * alpha * hamiltonian / 2)
    qml.QubitUnitary(U, wires=wires, id="E")


def trainable_layer(weight, wires):
    hamiltonian = jnp.einsum("ijk->jk", sigmas_sigmas)
    U = jax.scipy.linalg.expm(-1.0j * weight * hamiltonian)
    qml.QubitUnitary(U, wires=wires, id="U")


Heisenberg = [
    qml.PauliX(0) @ qml.PauliX(1),
    qml.PauliY(0) @ qml.PauliY(1),
    qml.PauliZ(0) @ qml.PauliZ(1),
]
Observable = qml.Hamiltonian(np.ones((3)), Heisenberg)

D = 6  # Depth of the model
B = 1  # Number of repetitions inside a trainable layer
rep = 2  # Number of repeated vertical encoding
active_atoms = 2
num_qubits = active_atoms * rep

dev = qml.device("default.qubit.jax", wires=num_qubits)


@qml.qnode(dev, interface="jax")
def vqlm(data, params):
    weights = params["params"]["weights"]
    alphas = params["params"]["alphas"]

    # Initial state
    for i in range(rep):
        singlet(wires=np.arange(active_atoms * i, active_atoms * (1 + i)))

    # Initial encoding
    for i in range(num_qubits):
        equivariant_encoding(alphas[i, 0], jnp.asarray(data)[i % active_atoms, ...], wires=[i])

    # Reuploading model
    for d in range(D):
        qml.Barrier()
        for b in range(B):
            for i in range(0, num_qubits - 1, 2):
                trainable_layer(weights[i, d + 1, b], wires=[i, (i + 1) % num_qubits])
            for i in range(1, num_qubits, 2):
                trainable_layer(weights[i, d + 1, b], wires=[i, (i + 1) % num_qubits])
        for i in range(num_qubits):
            equivariant_encoding(alphas[i, d + 1], jnp.asarray(data)[i % active_atoms, ...], wires=[i])

    return qml.expval(Observable)


vec_vqlm = jax.vmap(vqlm, (0, None), 0)


@jax.jit
def mse_loss(predictions, targets):
    return jnp.mean(0.5 * (predictions - targets) ** 2)


@jax.jit
def cost(weights, loss_data):
    data, E_target, F_target = loss_data
    E_pred = vec_vqlm(data, weights)
    return mse_loss(E_pred, E_target)
