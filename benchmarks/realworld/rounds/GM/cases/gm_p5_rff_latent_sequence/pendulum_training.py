# Source: https://github.com/Archibald-Lafraik/pipps/blob/9a480e6c1229e9de241d8f60436ce89ddf83bc3e/double_pendulum/pendulum_training.py
# Title: double_pendulum/pendulum_training.py (PIPPS double pendulum training step)
# Cut: kept the step function that samples epsilons over num_steps time steps and calls get_zs; dropped the gradient estimators, elbo and the fit driver.
import optax
import jax.numpy as jnp
import jax.random as jrandom

from rff import get_zs


def step(
    params,
    opt_state,
    optimizer,
    num_features,
    lengthscale,
    coef, V0,
    start_state,
    trans_noise,
    xs,
    num_steps,
    N,
    key,
):
    subkey = jrandom.split(key, num=3)
    epsilons = jrandom.normal(key=subkey[0], shape=(num_steps, N, xs.shape[-1]))
    omegas = jrandom.normal(key=subkey[1], shape=(num_steps, num_features, N, xs.shape[-1]))
    phis = jrandom.uniform(key=subkey[2], minval=0, maxval=2 * jnp.pi, shape=(num_steps, num_features, N, 1))

    zs = get_zs(
        theta=params[0],
        num_features=num_features,
        lengthscale=lengthscale,
        coef=coef,
        trans_noise=trans_noise,
        start_state=start_state, V0=V0,
        omegas=omegas, phis=phis,
        epsilons=epsilons,
    )
    return zs
