# Source: https://github.com/itepastra/QGAN-QAS/blob/9d0e1a2d1c45056d7d7eeb0369a9ab9e066ca162/qcbm.ipynb
# Title: qcbm.ipynb (quantum circuit Born machine trained with an MMD loss)
# Cut: notebook cells 0, 1, 7, 8 and 10 converted to a script; bars-and-stripes data preparation reduced to the
#      target vector `probs`; the KL-divergence lines of update_step, logging and plotting dropped.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pennylane as qml

jax.config.update("jax_enable_x64", True)


class MMD(object):

    def __init__(self, scales, space):
        gammas = 1 / (2 * (scales**2))
        sq_dists = jnp.abs(space[:, None] - space[None, :]) ** 2
        self.K = sum(jnp.exp(-gamma * sq_dists) for gamma in gammas) / len(scales)
        self.scales = scales

    def k_expval(self, px, py):
        # Kernel expectation value
        return px @ self.K @ py

    def __call__(self, px, py):
        pxy = px - py
        return self.k_expval(pxy, pxy)


class QCBM(object):

    def __init__(self, circ, mmd, py):
        self.circ = circ
        self.mmd = mmd
        self.py = py  # target distribution π(x)

    @partial(jax.jit, static_argnums=0)
    def mmd_loss(self, params):
        px = self.circ(params)
        return self.mmd(px, self.py), px


n = 3
size = n**2
probs = np.zeros(2**size)  # target distribution over bars-and-stripes bitstrings

np.random.seed(42)
n_qubits = size
dev = qml.device("default.qubit", wires=n_qubits)

n_layers = 6
wshape = qml.StronglyEntanglingLayers.shape(n_layers=n_layers, n_wires=n_qubits)
weights = np.random.random(size=wshape)


@qml.qnode(dev)
def circuit(weights):
    qml.StronglyEntanglingLayers(weights=weights, ranges=[1] * n_layers, wires=range(n_qubits))
    return qml.probs()


jit_circuit = jax.jit(circuit)

bandwidth = jnp.array([0.25, 0.5, 1])
space = jnp.arange(2**n_qubits)

mmd = MMD(bandwidth, space)
qcbm = QCBM(jit_circuit, mmd, probs)

opt = optax.adam(learning_rate=0.1)
opt_state = opt.init(weights)


@jax.jit
def update_step(params, opt_state):
    (loss_val, qcbm_probs), grads = jax.value_and_grad(qcbm.mmd_loss, has_aux=True)(params)
    updates, opt_state = opt.update(grads, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss_val


for i in range(100):
    weights, opt_state, loss_val = update_step(weights, opt_state)
