# Source: https://github.com/jthlab/selection_admix/blob/d15b7ece66015fcb371cf06f3a807d8cd80fb4c1/infer.py
# Title: infer.py (initial checkin of the Wright-Fisher selection HMM: likelihood, objective, simulator)
# Cut: kept _scan (the Python-loop stand-in immediately overwritten by jax.lax.scan), loglik, xform, obj/grad and sim_wf; sim_and_fit and plotting dropped.
from typing import Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np

from bws import T_bws
from common import f_sh


def _scan(f, init, xs, length=None):
    if xs is None:
        xs = [None] * length
    carry = init
    ys = []
    for x in zip(*xs):
        carry, y = f(carry, x)
        ys.append(y)
    return carry, jnp.stack(ys)


_scan = jax.lax.scan


def loglik(
    s: np.ndarray, h: np.ndarray, p_obs: np.ndarray, grid: np.ndarray, Ne: float
) -> Tuple[np.ndarray, np.ndarray]:
    """likelihood of allele frequency trajectory with selection."""

    # forward pass
    def fwd(last_alpha, tup_i):
        p_obs_t, s_t, h_t = tup_i
        trans_t = T_bws(grid, Ne, s_t, h_t)
        alpha = (last_alpha @ trans_t) * p_obs_t
        c = alpha.sum()
        alpha = alpha / c
        return alpha, c

    alpha0 = p_obs[0]
    c0 = alpha0.sum()
    alpha0 /= c0
    alpha, c = _scan(fwd, alpha0, (p_obs[1:], s, h))
    c = jnp.concatenate([c0[None], c])
    return jnp.log(c).sum()


def xform(x):
    # ensure that 1+s, 1+sh > 0
    return -1.0 + jnp.exp(x)


@jax.jit
def obj(x, s_mode, fixed_val, p_obs, grid, Ne, lam_):
    sh = xform(x)
    z = jnp.full_like(sh, fixed_val)
    s, h = [jax.lax.cond(u, lambda _: sh, lambda _: z, None) for u in (s_mode, ~s_mode)]
    return -loglik(s, h, p_obs, grid, Ne) + lam_ * (jnp.diff(sh) ** 2).sum()


grad = jax.jit(jax.grad(obj))


def sim_wf(
    N: int, s: np.ndarray, h: np.ndarray, f0: int, rng: Union[int, np.random.Generator]
):
    """Simulate T generations under wright-fisher model with population size 2N, where
    allele has initial frequency f0 and the per-generation selection coefficient is
    s[t], t=1,...,T."""
    assert 0 <= f0 <= 1
    T = len(s)
    assert T == len(h)
    if isinstance(rng, int):
        rng = np.random.default_rng(rng)
    f = np.zeros(T + 1)
    f[0] = f0
    for t in range(1, T + 1):
        p = f_sh(f[t - 1], s[t - 1], h[t - 1])
        f[t] = rng.binomial(2 * N, p) / (2 * N)
    return f
