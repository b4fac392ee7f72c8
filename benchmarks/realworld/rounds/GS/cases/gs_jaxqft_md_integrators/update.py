# Source: https://github.com/orginos/jaxQFT/blob/3944a49c5635f74ef1652d1075be61583b8708e9/jaxqft/core/update.py
# Title: jaxqft/core/update.py (JAX port of HMC update utilities)
# Cut: kept the HMC dataclass's jitted scan kernel (which calls the integrator once per
#      trajectory) and its entry point; dropped the Python-side path and the SMD class.
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Tuple

import jax
import jax.numpy as jnp
import numpy as np


@dataclass
class HMC:
    T: object
    I: object
    verbose: bool = True
    seed: int = 0
    AcceptReject: List[float] = field(default_factory=list)
    key: jax.Array = field(init=False, repr=False)
    _scan_cache: Dict[Tuple[int, Tuple[int, ...], str], object] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.key = jax.random.PRNGKey(self.seed)

    def _get_scan_kernel(self, q: jax.Array, N: int):
        cache_key = (int(N), tuple(int(v) for v in q.shape), str(q.dtype))
        if cache_key in self._scan_cache:
            return self._scan_cache[cache_key]

        qshape = tuple([q.shape[0]] + [1] * (q.ndim - 1))
        N = int(N)

        def run_scan(q_in: jax.Array, key_in: jax.Array):
            def one_step(carry, _):
                q_curr, key_curr = carry
                key_curr, kp, kr = jax.random.split(key_curr, 3)
                p0 = self.T.refresh_p_with_key(kp)
                H0 = self.T.kinetic(p0) + self.T.action(q_curr)
                p, q_prop = self.I.integrate(p0, q_curr)
                Hf = self.T.kinetic(p) + self.T.action(q_prop)
                dH = Hf - H0
                acc_prob = jnp.where(dH < 0, jnp.ones_like(dH), jnp.exp(-dH))
                R = jax.random.uniform(kr, shape=acc_prob.shape, dtype=acc_prob.dtype)
                acc_flag = R < acc_prob
                ar = jnp.where(acc_flag, 1.0, 0.0)
                q_next = jnp.where(acc_flag.reshape(qshape), q_prop, q_curr)
                return (q_next, key_curr), (ar, dH)

            (q_out, key_out), (ar_hist, dH_hist) = jax.lax.scan(one_step, (q_in, key_in), None, length=N)
            return q_out, key_out, ar_hist, dH_hist

        kernel = jax.jit(run_scan)
        self._scan_cache[cache_key] = kernel
        return kernel

    def _evolve_fast(self, q: jax.Array, N: int) -> jax.Array:
        kernel = self._get_scan_kernel(q, N)
        q_out, key_out, ar_hist, _ = kernel(q, self.key)
        self.key = key_out
        self.AcceptReject.extend(np.asarray(ar_hist).reshape(-1).tolist())
        return q_out
