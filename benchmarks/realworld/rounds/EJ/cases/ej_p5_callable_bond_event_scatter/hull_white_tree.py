# Source: https://github.com/ACea15/VALAX/blob/3aca153b687247095c11d8d4653ca7897216b756/valax/pricing/lattice/hull_white_tree.py
# Title: VALAX valax/pricing/lattice/hull_white_tree.py (callable_bond_price)
# Cut: kept callable_bond_price; tree builder, date snapping and the one-step backward helper are
#      imported; docstring shortened. The repository docs (docs/guide/lattice.md) state that
#      jax.grad is taken through callable_bond_price w.r.t. coupon_rate / face_value.
import jax
import jax.numpy as jnp

from valax.dates.daycounts import year_fraction
from valax.pricing.lattice._hw_tree import (
    _backward_one_step,
    _snap_dates_to_steps,
    build_hull_white_tree,
)


def callable_bond_price(bond, model, n_steps: int = 100):
    """Callable bond price (dirty price at settlement_date) on a Hull-White tree."""
    ref = model.initial_curve.reference_date
    maturity_time = float(year_fraction(ref, bond.payment_dates[-1], bond.day_count))
    tree = build_hull_white_tree(model, maturity_time, n_steps)

    n_states = 2 * tree.j_max + 1
    coupon = bond.face_value * bond.coupon_rate / bond.frequency

    # Map event dates to tree steps.
    cpn_steps = _snap_dates_to_steps(bond.payment_dates, ref, tree.dt, bond.day_count)
    call_steps = _snap_dates_to_steps(bond.call_dates, ref, tree.dt, bond.day_count)

    n = tree.n_steps
    # Build a binary indicator for coupon steps and multiply by the
    # coupon amount.  This keeps `coupon` as a traced JAX value so that
    # jax.grad can flow through coupon_rate / face_value.
    cpn_indicator = jnp.zeros(n + 1)
    for k in range(bond.payment_dates.shape[0]):
        step_k = int(cpn_steps[k])
        if 0 <= step_k <= n:
            cpn_indicator = cpn_indicator.at[step_k].add(1.0)
    coupon_at_step = cpn_indicator * coupon

    call_price_at_step = jnp.full(n + 1, jnp.inf)
    for k in range(bond.call_dates.shape[0]):
        step_k = int(call_steps[k])
        if 0 <= step_k <= n:
            call_price_at_step = call_price_at_step.at[step_k].set(
                bond.call_prices[k] * bond.face_value
            )

    values = jnp.full(n_states, 1.0) * bond.face_value + coupon_at_step[n]

    def step_fn(i_fwd, values):
        step = n - 1 - i_fwd
        rates_step = tree.rates[step]
        cont = _backward_one_step(values, rates_step, tree.dt, tree.probs, tree.targets)
        cont = cont + coupon_at_step[step]
        cont = jnp.minimum(cont, call_price_at_step[step])
        return cont

    values = jax.lax.fori_loop(0, n, step_fn, values)
    return values[tree.j_max]
