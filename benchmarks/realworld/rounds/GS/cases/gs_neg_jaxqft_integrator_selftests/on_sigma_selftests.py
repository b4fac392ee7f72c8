# Source: https://github.com/orginos/jaxQFT/blob/3944a49c5635f74ef1652d1075be61583b8708e9/jaxqft/models/on_sigma.py
# Title: jaxqft/models/on_sigma.py (O(N) sigma model: HMC self-tests and benchmarks)
# Cut: kept the integrator factory, the sampling helpers, the autodiff-vs-analytic force check
#      and the reversibility self-test; the ONSigmaModel class and the other self-tests are
#      dropped (ONSigmaModel is a stub; the integrators come from jaxqft.core.integrators).
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from jaxqft.core.integrators import force_gradient, leapfrog, minnorm2, minnorm4pf4

Array = jax.Array
ONSigmaModel = object


def _build_integrator(name: str, theory: ONSigmaModel, nmd: int, tau: float):
    nm = str(name).lower()
    if nm == "leapfrog":
        return leapfrog(theory.force, theory.evolveQ, int(nmd), float(tau))
    if nm == "minnorm2":
        return minnorm2(theory.force, theory.evolveQ, int(nmd), float(tau))
    if nm == "forcegrad":
        return force_gradient(theory.force, theory.evolveQ, int(nmd), float(tau))
    if nm == "minnorm4pf4":
        return minnorm4pf4(theory.force, theory.evolveQ, int(nmd), float(tau))
    raise ValueError(f"Unknown integrator: {name}")



def _random_direction(theory: ONSigmaModel, seed: int) -> Array:
    key = jax.random.PRNGKey(int(seed))
    return jax.random.normal(key, shape=theory.momentum_shape(), dtype=theory.dtype)


def _weak_start(theory: ONSigmaModel, scale: float = 0.05, seed: int = 0) -> Array:
    q0 = theory.coldStart()
    if float(scale) <= 0.0:
        return q0
    p0 = _random_direction(theory, int(seed))
    q1 = theory.evolveQ(jnp.asarray(scale, dtype=theory.dtype), p0, q0)
    return theory.normalize(q1)


def _rel_l2(a: Array, b: Array, eps: float = 1e-30) -> float:
    return float(np.asarray(jnp.linalg.norm(a - b) / (jnp.linalg.norm(b) + eps)))




def _autodiff_directional_check(theory: ONSigmaModel, q: Array, h: Array) -> dict[str, float]:
    def scalar(eps: Array) -> Array:
        return jnp.sum(theory.action(theory.evolveQ(eps, h, q)))

    d_ad = float(np.asarray(jax.grad(scalar)(jnp.asarray(0.0, dtype=theory.dtype))))
    d_force = float(np.asarray(-jnp.sum(theory.force(q) * h)))
    denom = max(1.0e-12, abs(d_ad), abs(d_force))
    return {
        "autodiff": d_ad,
        "force": d_force,
        "relerr": abs(d_ad - d_force) / denom,
    }


def test_reversibility(
    theory: ONSigmaModel,
    integrator: str = "leapfrog",
    tau: float = 1.0,
    nmd: int = 8,
    n_samples: int = 4,
    q_scale: float = 0.05,
) -> dict[str, float]:
    ns = max(1, int(n_samples))
    I = _build_integrator(str(integrator), theory, int(nmd), float(tau))
    rel_q = []
    rel_p = []
    abs_q = []
    abs_p = []

    for k in range(ns):
        q0 = _weak_start(theory, scale=float(q_scale), seed=1000 + 2 * k)
        p0 = _random_direction(theory, seed=2000 + 2 * k)
        p1, q1 = I.integrate(p0, q0)
        p1 = jax.block_until_ready(p1)
        q1 = jax.block_until_ready(q1)
        p2, q2 = I.integrate(-p1, q1)
        p2 = jax.block_until_ready(p2)
        q2 = jax.block_until_ready(q2)

        rel_q.append(_rel_l2(q2, q0))
        rel_p.append(_rel_l2(p2, -p0))
        abs_q.append(float(np.asarray(jnp.max(jnp.abs(q2 - q0)))))
        abs_p.append(float(np.asarray(jnp.max(jnp.abs(p2 + p0)))))

    return {
        "integrator": str(integrator),
        "tau": float(tau),
        "nmd": int(nmd),
        "n_samples": int(ns),
        "mean_rel_q_roundtrip": float(np.mean(rel_q)),
        "max_rel_q_roundtrip": float(np.max(rel_q)),
        "mean_rel_p_roundtrip": float(np.mean(rel_p)),
        "max_rel_p_roundtrip": float(np.max(rel_p)),
        "mean_abs_q_roundtrip": float(np.mean(abs_q)),
        "max_abs_q_roundtrip": float(np.max(abs_q)),
        "mean_abs_p_roundtrip": float(np.mean(abs_p)),
        "max_abs_p_roundtrip": float(np.max(abs_p)),
    }
