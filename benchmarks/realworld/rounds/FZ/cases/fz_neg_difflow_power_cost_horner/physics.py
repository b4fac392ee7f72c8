# Source: https://github.com/jkitchin/differentiable-flowsheets/blob/498fb4d447a961458519b41d94ab557e53189bb5/src/difflow_power/physics.py
# Title: src/difflow_power/physics.py ("Electrical physics: per-unit conversions, branch admittances, generator costs")
# Cut: module docstring and per-unit helpers removed; branch admittances, Ybus assembly, bus injections and the generator cost polynomials kept (docstrings shortened).
from __future__ import annotations

import jax.numpy as jnp
from jax import Array


def branch_admittances(r, x, b, tap=1.0, shift=0.0, g=0.0):
    """The 2x2 admittance block of a branch, as four complex arrays."""
    r = jnp.asarray(r, dtype=jnp.float64)
    x = jnp.asarray(x, dtype=jnp.float64)
    b = jnp.asarray(b, dtype=jnp.float64)
    g = jnp.asarray(g, dtype=jnp.float64) * jnp.ones_like(r)
    tap = jnp.asarray(tap, dtype=jnp.float64) * jnp.ones_like(r)
    shift = jnp.asarray(shift, dtype=jnp.float64) * jnp.ones_like(r)

    ys = 1.0 / (r + 1j * x)
    y_charge_half = 0.5 * (g + 1j * b)
    t = tap * jnp.exp(1j * shift)

    yff = (ys + y_charge_half) / (tap * tap)
    yft = -ys / jnp.conj(t)
    ytf = -ys / t
    ytt = ys + y_charge_half
    return yff, yft, ytf, ytt


def build_ybus(
    n_bus: int,
    from_idx,
    to_idx,
    yff,
    yft,
    ytf,
    ytt,
    y_shunt=None,
) -> Array:
    """Assemble the bus admittance matrix from branch blocks (scatter-adds, traceable)."""
    from_idx = jnp.asarray(from_idx)
    to_idx = jnp.asarray(to_idx)
    ybus = jnp.zeros((n_bus, n_bus), dtype=jnp.complex128)
    ybus = ybus.at[from_idx, from_idx].add(yff)
    ybus = ybus.at[from_idx, to_idx].add(yft)
    ybus = ybus.at[to_idx, from_idx].add(ytf)
    ybus = ybus.at[to_idx, to_idx].add(ytt)
    if y_shunt is not None:
        ybus = ybus + jnp.diag(jnp.asarray(y_shunt, dtype=jnp.complex128))
    return ybus


def bus_injections(v_complex: Array, ybus: Array) -> Array:
    """Complex power injected INTO the network at each bus (pu)."""
    return v_complex * jnp.conj(ybus @ v_complex)


def polynomial_cost(p_mw, coefficients) -> Array:
    """Generator cost ($/h) as a polynomial in real power (MW).

    ``coefficients`` is in MATPOWER's ``gencost`` order, HIGHEST power
    first: ``[c2, c1, c0]`` means ``c2 P^2 + c1 P + c0``. Any degree is
    accepted; quadratic is what every standard case file uses.
    """
    coefficients = jnp.asarray(coefficients, dtype=jnp.float64)
    p_mw = jnp.asarray(p_mw, dtype=jnp.float64)
    total = jnp.zeros_like(p_mw)
    for c in coefficients:            # Horner; length is static Python
        total = total * p_mw + c
    return total


def marginal_cost(p_mw, coefficients) -> Array:
    """Derivative of :func:`polynomial_cost` w.r.t. MW, in $/MWh."""
    coefficients = jnp.asarray(coefficients, dtype=jnp.float64)
    p_mw = jnp.asarray(p_mw, dtype=jnp.float64)
    n = coefficients.shape[0]
    total = jnp.zeros_like(p_mw)
    for i, c in enumerate(coefficients):
        power = n - 1 - i
        if power >= 1:
            total = total + c * power * p_mw ** (power - 1)
    return total
