# Source: https://github.com/PennyLaneAI/qml/blob/016e1bc743c47c3ec83964bc1da87ad843acd46c/demonstrations/tutorial_eqnn_force_field.py
# Title: Symmetry-invariant quantum machine learning force fields (demo, tutorial_eqnn_force_field.py)
# Cut: circuit body replaced by a two-wire stand-in (reconstructed; the demo's full circuit is in
#      fe_neg_eqnn_vqlm_qubit_layers); data loading kept in shape
#      (positions: (n_samples, 2, 3) H atoms relative to O); training loop and plots removed.
#      The force-prediction block at the end is kept as written.
import jax
import jax.numpy as jnp
import numpy as np
import pennylane as qml

active_atoms = 2
rep = 2
num_qubits = active_atoms * rep
dev = qml.device("default.qubit.jax", wires=num_qubits)
X = np.array([[0, 1], [1, 0]])
Y = np.array([[0, -1.0j], [+1.0j, 0]])
Z = np.array([[1, 0], [0, -1]])
sigmas = jnp.array(np.array([X, Y, Z]))
Observable = qml.Hamiltonian(np.ones((3)), [
    qml.PauliX(0) @ qml.PauliX(1),
    qml.PauliY(0) @ qml.PauliY(1),
    qml.PauliZ(0) @ qml.PauliZ(1),
])


@qml.qnode(dev, interface="jax")
def vqlm(data, params):
    # reconstructed stand-in for the demo's re-uploading circuit (see fe_neg_eqnn_vqlm_qubit_layers)
    alphas = params["params"]["alphas"]
    hamiltonian = jnp.einsum("i,ijk", data[0], sigmas)
    qml.QubitUnitary(jax.scipy.linalg.expm(-1.0j * alphas[0, 0] * hamiltonian / 2), wires=[0])
    hamiltonian = jnp.einsum("i,ijk", data[1], sigmas)
    qml.QubitUnitary(jax.scipy.linalg.expm(-1.0j * alphas[1, 0] * hamiltonian / 2), wires=[1])
    return qml.expval(Observable)


# Load the data
energy = np.load("eqnn_force_field_data/Energy.npy")
forces = np.load("eqnn_force_field_data/Forces.npy")
positions = np.load("eqnn_force_field_data/Positions.npy")  # (nbr_sample, nbr_atoms, 3)
shape = np.shape(positions)
data = np.zeros((shape[0], 2, 3))
data[:, 0, :] = positions[:, 1, :] - positions[:, 0, :]
data[:, 1, :] = positions[:, 2, :] - positions[:, 0, :]
positions = data.copy()

# We vectorize the model over the data points
vec_vqlm = jax.vmap(vqlm, (0, None), 0)


def predict_forces(opt_params):
    gradient_coordinates = jax.jacobian(
        vec_vqlm, argnums=0
    )  # Compute the gradient with respect to the Cartesian coordinates

    pred_forces = gradient_coordinates(jnp.array(positions.real), opt_params)
    pred_forces = -np.einsum(
        "iijk->ijk", np.array(pred_forces)
    )  # We are only interested in the diagonal part of the Jacobian
    return pred_forces
