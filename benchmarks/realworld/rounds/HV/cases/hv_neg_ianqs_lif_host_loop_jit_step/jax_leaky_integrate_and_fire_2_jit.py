# Source: https://github.com/IanQS/numpy_to_jax/blob/becfa7f7af0299d303185409a4d16d52095c436d/case_studies/leaky_integrate_and_fire/jax_leaky_integrate_and_fire_2_jit.ipynb
# Title: numpy_to_jax LIF case study, notebook 2: the update step extracted and jitted (timed against notebook 1 and numpy)
# Cut: code cells 1, 3, 4 and 6 of the notebook; markdown dropped.
import jax
import jax.numpy as jnp

from typing import TypeAlias
import time
import numpy as np

from lif_hparams import (
    _dt,
    _t_max,
    _tau_m,
    _V_reset,
    _V_thresh,
    _R,
    num_simulations
)

with open('weights.npy', 'rb') as f:
    W = np.load(f)


# Initial conditions
n_neurons = len(W)# Number of neurons in the network
_V = jnp.ones(n_neurons) * _V_reset  # Initial potentials

from tqdm.notebook import tqdm


Mat: TypeAlias = jnp.ndarray
Vec: TypeAlias = jnp.ndarray


@jax.jit
def update_step(
        V, W,
        # Hyperparameters
        v_thresh, v_reset, dt, tau_m, membr_R):
    fired = V >= v_thresh
    V = jnp.where(fired, v_reset, V)
    
    # Update voltages
    I_syn = W.dot(fired)  # Synaptic current from spikes
    dV = (dt / tau_m) * (-V + v_reset + membr_R * I_syn)
    V += dV

    # No self-inputs; neurons cannot spike themselves in this timestep
    V = jnp.where(fired, v_reset, V)
    return V, fired


def run_simulation(
    W: Mat,
    V: Vec,

    # Neuron Parameters
    tau_m: float,
    v_reset: float,
    v_thresh: float,
    membr_R: float,

    # How long do we run for? 
    t_max: float,
    dt: float, 

):
    # Simulation

    spike_train = []
    for i, t in enumerate(jnp.arange(0, t_max, dt)):
        if i == 0:
            continue
        V, fired = update_step(V, W, v_thresh, v_reset, dt, tau_m, membr_R )
        spike_train.append(fired)

    return spike_train

time_arr = []
for i in range(num_simulations):
    start = time.time()
    spike_train = run_simulation(
        W,
        _V,
        _tau_m, _V_reset, _V_thresh, _R,
        _t_max, _dt
    )
    np.asarray(spike_train)
    end = time.time()
    #print(f"Iteration {i} took: {end - start} seconds")
    time_arr.append(end - start)

print(f"Average Time: {np.mean(time_arr)}")
print(f"S.Dev Time: {np.std(time_arr)}")



time_arr = []
for i in range(num_simulations):
    start = time.time()
    spike_train = run_simulation(
        jnp.asarray(W),
        _V,
        _tau_m, _V_reset, _V_thresh, _R,
        _t_max, _dt
    )
    np.asarray(spike_train)
    end = time.time()
    #print(f"Iteration {i} took: {end - start} seconds")
    time_arr.append(end - start)

print(f"Average Time: {np.mean(time_arr)}")
print(f"S.Dev Time: {np.std(time_arr)}")

