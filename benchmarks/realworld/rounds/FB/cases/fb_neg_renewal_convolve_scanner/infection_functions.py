# Source: https://github.com/CDCgov/PyRenew/blob/a1d5d870c8db26a81259f385c7d779fd86d457fb/pyrenew/latent/infection_functions.py
# Title: pyrenew/latent/infection_functions.py
# Cut: kept compute_infections_from_rt; the feedback variant dropped; IdentityTransform inlined as a lambda. The jitted loss at the end is added (in the package the function runs inside NumPyro models traced by MCMC).
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike

from convolve import new_convolve_scanner


def compute_infections_from_rt(
    I0: ArrayLike,
    Rt: ArrayLike,
    reversed_generation_interval_pmf: ArrayLike,
) -> jnp.ndarray:
    """
    Generate infections according to a renewal process with a time-varying
    reproduction number R(t).
    """
    incidence_func = new_convolve_scanner(
        reversed_generation_interval_pmf, lambda x: x
    )

    latest, all_infections = jax.lax.scan(f=incidence_func, init=I0, xs=Rt)

    return all_infections


@jax.jit
def loss(log_rt, I0, gen_int_rev, observed):
    infections = compute_infections_from_rt(I0, jnp.exp(log_rt), gen_int_rev)
    return jnp.sum((infections - observed) ** 2)


grad_loss = jax.grad(loss)
