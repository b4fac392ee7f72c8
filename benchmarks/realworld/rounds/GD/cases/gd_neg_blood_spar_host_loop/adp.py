# Source: https://github.com/pedronahum/stochastic-optimization/blob/bb3d99b0ed8569ace4f37f3dd356447bc2cb531e/problems/blood_management/adp.py
# Title: problems/blood_management/adp.py (Approximate Dynamic Programming for Blood Management - Powell's SPAR/CAVE)
# Cut: kept train_spar (host-side SPAR training: per-period scipy LP, dual-based slope updates, inventory ageing); the LP builder is reduced to its signature.
from dataclasses import dataclass

import jax.numpy as jnp
import numpy as np


@dataclass
class SPARConfig:
    horizon: int = 10
    n_links: int = 40
    discount: float = 0.95
    alpha: float = 0.2
    discard_penalty: float = 10.0
    n_iter: int = 300


@dataclass
class ValueFunction:
    slopes: np.ndarray  # [horizon, n_slots, n_links]


def _solve_period_lp(model, inv, demand, slope_t, cfg):
    """Solve the per-period allocate-or-hold LP exactly with scipy/HiGHS; return (alloc, held, dual)."""
    raise NotImplementedError


def _project_concave(arr, index, vnew, vbar):
    if vnew > vbar:
        left = [i for i in range(index + 1) if arr[i] <= vnew]
        if left:
            arr[left] = np.mean(arr[left])
    elif vnew < vbar:
        right = [i for i in range(index, len(arr)) if arr[i] >= vnew]
        if right:
            arr[right] = np.mean(arr[right])


def train_spar(model, cfg: SPARConfig, seed: int = 0) -> ValueFunction:
    """Train separable concave PWL value functions via SPAR over sample paths."""
    import jax

    nS, nL = model.n_inventory_slots, cfg.n_links
    max_age = model.config.max_age
    slopes = np.zeros((cfg.horizon, nS, nL))
    key = jax.random.PRNGKey(seed)

    for _ in range(cfg.n_iter):
        inv = np.array(model.init_state(key)[:-1])
        prev_held = None
        for t in range(cfg.horizon):
            key, k = jax.random.split(key)
            exog = model.sample_exogenous(k, jnp.asarray(np.concatenate([inv, [0.0]])), t)
            demand = np.array(exog.demand)
            alloc, held, dual = _solve_period_lp(model, inv, demand, slopes[t], cfg)

            if prev_held is not None and t >= 1:
                for s in range(nS):
                    age = s % max_age
                    if age >= max_age - 1:
                        continue
                    s_next = s + 1
                    vhat = dual[s_next]
                    idx = min(int(round(prev_held[s])), nL - 1)
                    arr = slopes[t - 1, s]
                    vbar = arr[idx]
                    vnew = cfg.alpha * vhat + (1 - cfg.alpha) * vbar
                    arr[idx] = vnew
                    _project_concave(arr, idx, vnew, vbar)

            donation = np.array(exog.donation)
            new_inv = np.zeros(nS)
            for s in range(nS):
                age = s % max_age
                if age < max_age - 1:
                    new_inv[s + 1] = held[s]
            for bt in range(model.n_blood_types):
                new_inv[bt * max_age] = donation[bt]
            inv, prev_held = new_inv, held

    return ValueFunction(slopes=slopes)
