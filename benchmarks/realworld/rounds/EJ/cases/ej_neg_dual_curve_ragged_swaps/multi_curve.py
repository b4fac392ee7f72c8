# Source: https://github.com/ACea15/VALAX/blob/3aca153b687247095c11d8d4653ca7897216b756/valax/curves/multi_curve.py
# Title: VALAX valax/curves/multi_curve.py (dual-curve forward-curve bootstrap)
# Cut: kept _SwapData, _pack_swap_data, _dual_curve_swap_residuals and the optimistix root_find
#      call of the bootstrap; known-curve assembly and argument validation omitted.
import equinox as eqx
import jax.numpy as jnp
import optimistix as optx
from jax import Array
from jaxtyping import Float, Int

from valax.curves.discount import DiscountCurve
from valax.dates.daycounts import year_fraction


class _SwapData(eqx.Module):
    """Packed swap data for the dual-curve residual function."""

    start_dates: Int[Array, " n"]
    rates: Float[Array, " n"]
    fixed_dates: Int[Array, "n max_fixed"]
    n_fixed: tuple = eqx.field(static=True)
    day_counts: tuple = eqx.field(static=True)


def _pack_swap_data(swap_insts) -> _SwapData:
    """Pack swap instruments into arrays."""
    n = len(swap_insts)
    max_fixed = max(s.fixed_dates.shape[0] for s in swap_insts)

    start_dates = jnp.stack([jnp.asarray(s.start_date, dtype=jnp.int32) for s in swap_insts])
    rates = jnp.stack([jnp.asarray(s.rate) for s in swap_insts])

    fixed_dates = jnp.zeros((n, max_fixed), dtype=jnp.int32)
    n_fixed = []
    day_counts = []
    for i, s in enumerate(swap_insts):
        nf = s.fixed_dates.shape[0]
        n_fixed.append(nf)
        day_counts.append(s.day_count)
        for j in range(nf):
            fixed_dates = fixed_dates.at[i, j].set(s.fixed_dates[j])

    return _SwapData(start_dates=start_dates, rates=rates, fixed_dates=fixed_dates,
                     n_fixed=tuple(n_fixed), day_counts=tuple(day_counts))


def _dual_curve_swap_residuals(forward_curve, discount_curve, swaps: _SwapData, day_count: str):
    """Residuals for dual-curve swap repricing (one swap per maturity, each its own schedule)."""
    residuals = []

    for i, nf in enumerate(swaps.n_fixed):
        start = swaps.start_dates[i]
        rate = swaps.rates[i]
        dc = swaps.day_counts[i]
        fixed_dates = swaps.fixed_dates[i, :nf]

        starts_arr = jnp.concatenate([start[None], fixed_dates[:-1]])
        taus = year_fraction(starts_arr, fixed_dates, dc)

        ois_dfs = discount_curve(fixed_dates)
        fixed_leg = rate * jnp.sum(taus * ois_dfs)

        fwd_starts = jnp.concatenate([start[None], fixed_dates[:-1]])
        fwd_df_starts = forward_curve(fwd_starts)
        fwd_df_ends = forward_curve(fixed_dates)
        fwd_rates = fwd_df_starts / fwd_df_ends - 1.0
        float_leg = jnp.sum(fwd_rates * ois_dfs)

        residuals.append(float_leg - fixed_leg)

    return jnp.stack(residuals)


def solve_forward_curve(known_dates, known_dfs, swap_pillar_dates, reference_date,
                        discount_curve, swap_insts, day_count, max_steps=256):
    swap_times = year_fraction(reference_date, swap_pillar_dates, day_count)
    initial_log_dfs = -0.04 * swap_times
    solver = optx.Newton(rtol=1e-10, atol=1e-10)

    def residual_fn(log_dfs, args):
        kd, kdf, sp, ref, dc_curve, dc, swaps_data = args
        all_dates = jnp.concatenate([kd, sp]).astype(jnp.int32)
        all_dfs_val = jnp.concatenate([kdf, jnp.exp(log_dfs)])
        fwd_curve = DiscountCurve(pillar_dates=all_dates, discount_factors=all_dfs_val,
                                  reference_date=ref.astype(jnp.int32), day_count=dc)
        return _dual_curve_swap_residuals(fwd_curve, dc_curve, swaps_data, dc)

    swaps_data = _pack_swap_data(swap_insts)
    args = (known_dates.astype(jnp.float64), known_dfs, swap_pillar_dates.astype(jnp.float64),
            jnp.asarray(reference_date, dtype=jnp.float64), discount_curve, day_count, swaps_data)
    sol = optx.root_find(residual_fn, solver, initial_log_dfs, args=args, max_steps=max_steps)
    return sol.value
