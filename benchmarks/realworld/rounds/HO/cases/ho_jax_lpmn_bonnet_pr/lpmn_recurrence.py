# Source: https://github.com/jax-ml/jax/pull/33495
# Title: Optimize lpmn_values via O(n²) recurrence (#33370)
# Cut: reconstructed from the PR description and the review-thread diff of
#      jax/_src/scipy/special.py: the inner Bonnet loop is verbatim from the diff; the
#      outer loop over orders, the P_m^m / P_{m+1}^m seeding and the array allocation
#      are filled in from the description ("P_m^m computed via diagonal recurrence,
#      P_{m+1}^m via first off-diagonal relation, P_n^m for n > m+1 via the three-term
#      recurrence, fully vectorized over x"). lpmn_values is jax's jitted public wrapper
#      (static m, n, is_normalized), shortened. The benchmark is the one in the PR body.
import time

import jax
import jax.numpy as jnp
from functools import partial


def _gen_associated_legendre(l_max: int, x, is_normalized: bool):
    p = jnp.zeros((l_max + 1, l_max + 1) + x.shape, dtype=x.dtype)
    somx2 = jnp.sqrt(1.0 - x * x)
    P_mm = jnp.ones_like(x)
    for m_idx in range(l_max + 1):
        if m_idx > 0:
            P_mm = -(2 * m_idx - 1) * somx2 * P_mm
        p = p.at[(m_idx, m_idx)].set(P_mm)
        if m_idx == l_max:
            break
        P_mplus1_m = (2 * m_idx + 1) * x * P_mm
        p = p.at[(m_idx + 1, m_idx)].set(P_mplus1_m)

        prev2 = P_mm
        prev1 = P_mplus1_m

        for n_idx in range(m_idx + 2, l_max + 1):
            a = (2 * n_idx - 1)
            b = (n_idx + m_idx - 1)
            denom = (n_idx - m_idx)
            Pn = (a * x * prev1 - b * prev2) / denom
            p = p.at[(n_idx, m_idx)].set(Pn)
            prev2, prev1 = prev1, Pn
    return p


@partial(jax.jit, static_argnums=(0, 1, 3))
def lpmn_values(m: int, n: int, z, is_normalized: bool):
    # jax.scipy.special.lpmn_values: the public wrapper that calls the recurrence
    if m != n:
        raise NotImplementedError('Computations for m!=n are not yet supported.')
    l_max = n
    return _gen_associated_legendre(l_max, z, is_normalized)


def bench(l_max):
    x = jnp.linspace(-1.0, 1.0, 200)
    f = lambda z: lpmn_values(l_max, l_max, z, is_normalized=False)
    t0 = time.time()
    f_jit = jax.jit(f)
    f_jit(x)
    compile_time = time.time() - t0
    t1 = time.time()
    f_jit(x)
    exec_time = time.time() - t1
    print(f"\n=== l_max = {l_max} ===")
    print("Compile time:", compile_time)
    print("Exec time:", exec_time)


for L in [20, 40, 80, 120]:
    bench(L)
