# Source: https://github.com/Habush/bnn_bg/blob/8bbaa2c0f396507d0b8001f0cab71d193bd36f09/notebooks/0_langevin_monte_carlo.ipynb
# Title: notebooks/0_langevin_monte_carlo.ipynb
# Cut: cells 0 (imports, magics removed), 7 (target potentials) and 8 (unadjusted Langevin
#      sampler built on the repository's optax SGLD update) converted to a module; torch cells dropped.
import jax
import numpy as np
import jax.numpy as jnp
import optax
from tqdm import tqdm

from core.sgmcmc import sgld_gradient_update, get_rmsprop_preconditioner


def potential1(z):
    z = z.reshape(-1, 2)
    z1, z2 = z[:, 0], z[:, 1]
    norm = jnp.linalg.norm(z, axis=1)
    exp1 = jnp.exp(-0.5 * ((z1 - 2) / 0.6) ** 2)
    exp2 = jnp.exp(-0.5 * ((z1 + 2) / 0.6) ** 2)
    u = 0.5 * ((norm - 2) / 0.4) ** 2 - jnp.log(exp1 + exp2)
    return u

def potential2(z):
    z = z.reshape(-1, 2)
    x, y = z[:, 0], z[:, 1]
    u = 0.8 * x ** 2 + (y - ((x**2)**(1/3)))**2
    u = u / 2**2
    return u



def unadjusted_langevin_algorithm(seed, potential, n_samples=10000, step=0.1):
    rng = jax.random.PRNGKey(seed)
    init_key, key = jax.random.split(rng, 2)
    burn_in = 1000
    Z0 = jax.random.normal(init_key, shape=(1, 2))
    Zi = Z0
    step_fn = optax.constant_schedule(step)
    sampler = sgld_gradient_update(step_fn, 
                                   seed, 0.9, get_rmsprop_preconditioner())
    
    
    
    
    @jax.jit
    def update(key, z, opt_state):
        grad = jax.grad(lambda t: -jnp.mean(potential(t)))(z)
        updates, opt_state = sampler.update(grad, opt_state, key)
        z = optax.apply_updates(z, updates)
        # n = jax.random.normal(key, shape=z.shape)
        # z = z - step * grad + jnp.sqrt(2*step)*n
        return z, opt_state
    
    
    opt_state = sampler.init(Z0)
    samples = []
    
    for i in tqdm(range(n_samples + burn_in)):
        _, key = jax.random.split(key, 2)
        Zi, opt_state = update(key, Zi, opt_state)
        samples.append(Zi)
    return np.concatenate(samples, 0)[burn_in:]
