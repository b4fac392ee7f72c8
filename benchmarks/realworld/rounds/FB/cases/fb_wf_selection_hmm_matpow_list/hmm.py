# Source: https://github.com/jthlab/selection_admix/blob/6eded20f03b205d5827cbdd9c474b8102e44d799/hmm.py
# Title: hmm.py ("HMM-related functions": Wright-Fisher allele-frequency HMM with selection, early bmws prototype)
# Cut: trans() shortened to its low/medium blocks, with the block assembly reconstructed; test_trans and the unused _scan helper dropped. The jitted value_and_grad objective at the end mirrors `obj` in estimate.py of the same commit. In the next commit (3105aff, "working gradients") the per-interval list was replaced by a vmapped make_trans with a bounded matrix power, with the comment "This is more efficient than using Python loops, which get statically unrolled during jit."
from functools import partial
from typing import Tuple, Union

import jax
from jax import numpy as jnp
import numpy as np

from common import f_sh, poisson_cdf, binom_pmf, Discretization, xform

vf_sh = jnp.vectorize(f_sh)


def trans(disc1, disc2, s: float, h: float) -> np.ndarray:
    """transition matrix for allele frequency under selection"""
    low1, mid1, high1, Ne1 = disc1
    low2, mid2, high2, Ne2 = disc2
    mu_low = vf_sh(low1[1:, None] / Ne1, s, h)
    T_11 = jax.scipy.stats.poisson.pmf(low2[None, :], mu_low)
    T_12 = jnp.diff(poisson_cdf(mid2[None, :], mu_low), axis=1)
    T_13 = jax.scipy.stats.poisson.pmf(high2[None, :], mu_low)
    mu_mid = vf_sh((mid1[:-1, None] + mid1[1:, None]) / 2 / Ne1, s, h)
    sd_mid = jnp.sqrt(mu_mid * (1 - mu_mid) / Ne1)
    T_21 = binom_pmf(low2[None, :], Ne2, mu_mid)
    T_22 = jnp.diff(
        jax.scipy.stats.norm.cdf(mid2[None, :] / Ne2, loc=mu_mid, scale=sd_mid)
    )
    T_23 = binom_pmf(high2[None, :], Ne2, mu_mid)
    T = jnp.concatenate([
        jnp.concatenate([T_11, T_12, T_13], axis=1),
        jnp.concatenate([T_21, T_22, T_23], axis=1),
    ])
    return T / T.sum(1, keepdims=True)


@partial(jax.jit, static_argnums=1)
def _jmp(A, k):
    return jnp.linalg.matrix_power(A, k)


@partial(jax.jit, static_argnums=2)
def _fb(T, B, loglik):
    alpha0 = B[0]
    c0 = alpha0.sum()
    alpha0 /= c0

    def _fwd(last_alpha, params):
        alpha = (last_alpha @ params["T"]) * params["B"]
        c = alpha.sum()
        alpha = alpha / c
        if loglik:
            return alpha, c
        return alpha, (alpha, c)

    params = {"T": T, "B": B[1:]}
    res = jax.lax.scan(_fwd, alpha0, params)

    if loglik:
        _, c = res
        return jnp.log(c0) + jnp.log(c).sum()

    _, (alpha, c) = res
    return alpha


def forward_backward(
    times: Tuple[int, ...],
    s: np.ndarray,
    h: np.ndarray,
    Ne: Tuple[int, ...],
    obs: np.ndarray,
    M: int = 100,
    d: int = 20,
    only_loglik: bool = False,
) -> Union[float, Tuple[np.ndarray, Discretization]]:
    """likelihood of allele frequency trajectory with selection.

    Args:
        times: [T] number of generations before present when each observation was sampled.
        s: [T - 1] selection coefficient at each time point
        h: [T - 1] dominance parameter at each time point
        Ne: [T - 1] diploid effective population size at each time point
        obs [T, 2]: (sample size, # derived alleles) observed at each time point.
    """
    T = len(times)
    assert T == len(Ne) == len(obs)
    assert T - 1 == len(s) == len(h)
    Ne = jnp.array(Ne)

    dt = -np.diff(times)
    discr = jax.vmap(Discretization.factory, in_axes=(None, None, 0))(M, d, Ne)
    B = jax.vmap(lambda disc, ob: binom_pmf(ob[1], ob[0], disc.p), in_axes=(0, 0))(
        discr, obs
    )
    T0 = jax.vmap(trans)(discr.head, discr.head, s, h)
    T1 = jax.vmap(trans)(discr.head, discr.tail, s, h)
    T = jnp.array([_jmp(T0i, dti - 1) @ T1i for T0i, T1i, dti in zip(T0, T1, dt)])
    res = _fb(T, B, only_loglik)
    if only_loglik:
        return res
    return np.asarray(res), discr


# estimate.py (same commit): objective minimised with scipy BFGS
@partial(jax.jit, static_argnums=(2, 3, 5, 6))
@jax.value_and_grad
def obj(x_s, h, times, Ne, obs, d, M, lam_):
    s = xform(x_s)
    return (
        -forward_backward(times, s, h, Ne, obs, d, M, True)
        + lam_ * (jnp.diff(s) ** 2).sum()
    )
