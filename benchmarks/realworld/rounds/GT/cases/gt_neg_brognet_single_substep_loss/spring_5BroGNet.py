# Source: https://github.com/M3RG-IITD/BroGNet/blob/01ec49ba095b9f4f3e8d0d69189c8faacbe0d28d/notebooks/spring_5BroGNet.py
# Title: notebooks/spring_5BroGNet.py (BroGNet training on the spring chain)
# Cut: kept the one-step Brownian update used inside the loss (main(runs=1) by default), the double vmap
#      over batch, the jitted Gaussian NLL loss and the jitted update; graph network construction reduced to
#      force_fn_model / gamma_fn_model callables.
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit, lax, random, value_and_grad, vmap
from jax.example_libraries import optimizers

f32 = jnp.float32


def GaussianNLL(var, y_act, y_pred, A, B):
    return jnp.mean(A*jnp.log(var) + B*(y_pred - y_act)**2/var)


def make_training(force_fn_model, gamma_fn_model, shift, dt=1.0e-3, kT=1, masses=None, runs=1, lr=1e-4):

    def next_step_pos_gamma(force_fn_model, gamma_fn_model, shift, dt, kT, mass, runs, key):
        key, split = random.split(key)

        def fn(x, params):
            for i in range(runs):
                # calculate the force
                force = force_fn_model(x, params)
                _gamma = gamma_fn_model(params)
                xi = random.normal(split, x.shape, x.dtype)
                nu = f32(1) / lax.mul(mass.reshape(-1, 1), _gamma)
                x = x + force * dt * nu + jnp.sqrt(f32(2) * kT * dt * nu) * xi
            return x, _gamma
        return fn

    rng_key = random.PRNGKey(0)
    rng_key, subkey = random.split(rng_key)

    next_step_pos_gamma_fn = next_step_pos_gamma(force_fn_model, gamma_fn_model, shift, dt, kT, masses, runs, subkey)
    v_next_step_pos_gamma_fn = vmap(next_step_pos_gamma_fn, in_axes=(0, None))

    @jit
    def loss_fn(params, Rs, Rs_1_ac, A=1, B=500):
        Rs_1_pred, gamma = v_next_step_pos_gamma_fn(Rs, params)
        var = 1/gamma
        return GaussianNLL(var, Rs_1_pred, Rs_1_ac, A, B)

    def gloss(*args):
        return value_and_grad(loss_fn)(*args)

    opt_init, opt_update_, get_params = optimizers.adam(lr)

    @jit
    def opt_update(i, grads_, opt_state):
        grads_ = jax.tree_map(jnp.nan_to_num, grads_)
        grads_ = jax.tree_map(partial(jnp.clip, a_min=-1000.0, a_max=1000.0), grads_)
        return opt_update_(i, grads_, opt_state)

    def update(i, opt_state, params, loss__, *data):
        value, grads_ = gloss(params, *data)
        opt_state = opt_update(i, grads_, opt_state)
        return opt_state, get_params(opt_state), value

    @jit
    def step(i, ps, *args):
        return update(i, *ps, *args)

    return opt_init, step


# def main(N = 5, dim = 2, runs = 1, kT = 1, seed=42, dt = 1.0e-3, lr=1e-4, batch_size=20, epochs = 10000, ...)
