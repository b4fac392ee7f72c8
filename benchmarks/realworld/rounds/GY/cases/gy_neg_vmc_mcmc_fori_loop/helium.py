# Source: https://github.com/gcassella/NN-VMC/blob/8348f6bbeddea7b895b0a297db83aae7bbde1489/helium.py
# Title: helium.py (NN-VMC: helium atom driver)
# Cut: kept the setup that vmaps the MCMC over chains and the sampling call in the training loop; SR step and logging cut
import jax.numpy as jnp
import numpy as np
import jax
from jax import random, vmap, jit
from mcmc import init_mcmc
from ops import *
from wavefunction import init_network_params, nn_hylleraas, hylleraas

if __name__ == '__main__':
    key = random.PRNGKey(0)

    # Initialize wavefunction

    layer_sizes = [3, 32, 32, 32, 1]
    key, subkey = random.split(key)
    wf_params = (jnp.array([1.0]), init_network_params(layer_sizes, subkey))
    #wf_params = pickle.load(open('nn_wf.par', 'rb'))

    # Initialize MCMC
    
    n_equi = 2048
    n_iter = 16
    n_chains = 4096
    step_size = 0.5
    eps = 1e-3 # Overlap matrix regularization factor
    dt = lambda i: 1 / (1 + i) # Regularization factor for parameter changes

    run_mcmc, run_burnin = init_mcmc(lambda p, c: jnp.log(jnp.abs(nn_hylleraas(p, c))), step_size, n_equi, n_iter)

    # Create vmapped MCMC funcs for n_chains

    batch_run_burnin = vmap(run_burnin, in_axes=(0, None, 0))
    batch_run_mcmc = vmap(run_mcmc, in_axes=(0, None, 0), out_axes=(0, 0))

    # Initialize configs and run burn-in

    batch_configs = random.normal(subkey, (n_chains, 2, 3))
    key, subkey = random.split(key)

    keys = random.split(subkey, n_chains+1)
    batch_configs = batch_run_burnin(keys[:-1], wf_params, batch_configs)
    batch_configs = jnp.expand_dims(batch_configs, 1)

    log = open("nn_wf.log", "a")

    for i in range(1000):
      keys = random.split(keys[-1], n_chains+1)
      batch_configs, batch_accepts = batch_run_mcmc(
            keys[:-1], 
            wf_params, 
            batch_configs[:, -1, :, :]
        )
