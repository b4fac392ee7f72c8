# Source: https://github.com/CDCgov/PyRenew/blob/a1d5d870c8db26a81259f385c7d779fd86d457fb/pyrenew/datasets/datagen_he_CA_126.py
# Title: pyrenew/datasets/datagen_he_CA_126.py (generate 126-day synthetic CA hospital + ED visit data from known R(t))
# Cut: kept the renewal-equation generator and a short driver; r_approx_from_R replaced by a stand-in, file writing dropped.
"""
Generate 126-day synthetic CA hospital + ED visit data from known R(t).

Run from repo root::

    python -m pyrenew.datasets.datagen_he_CA_126
"""

from __future__ import annotations

import numpy as np


def r_approx_from_R(R: float, gen_int: np.ndarray, n_newton_steps: int) -> float:
    return np.log(R) / np.sum(np.arange(1, len(gen_int) + 1) * gen_int)


def run_renewal(rt: np.ndarray, gen_int: np.ndarray, i0_total: float, n_init: int) -> np.ndarray:
    """
    Run the renewal equation forward from a seed period.

    Returns
    -------
    np.ndarray
        Infections of shape (n_init + len(rt),).
    """
    n_days = len(rt)
    n_total = n_init + n_days
    infections = np.zeros(n_total)

    r0_approx = r_approx_from_R(rt[0], gen_int, 8)
    seed_times = np.arange(-n_init, 0)
    infections[:n_init] = i0_total * np.exp(r0_approx * seed_times)

    g = gen_int
    g_len = len(g)
    for t in range(n_init, n_total):
        lookback = min(t, g_len)
        convolution = np.sum(infections[t - lookback : t][::-1] * g[:lookback])
        infections[t] = rt[t - n_init] * convolution

    return infections


if __name__ == "__main__":
    gen_int = np.array([0.16, 0.32, 0.25, 0.14, 0.07, 0.04, 0.02])
    rt = np.concatenate([np.linspace(1.3, 0.8, 63), np.linspace(0.8, 1.1, 63)])
    infections = run_renewal(rt, gen_int, i0_total=5000.0, n_init=len(gen_int))
    print(infections[-7:])
