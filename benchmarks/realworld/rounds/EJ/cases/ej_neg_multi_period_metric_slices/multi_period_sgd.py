# Source: https://github.com/QuantAMMProtocol/quantammsim/blob/3a111c3a927449e132a4328a5a18d8de2301736f/quantammsim/runners/multi_period_sgd.py
# Title: quantammsim quantammsim/runners/multi_period_sgd.py (multi-period SGD training objective)
# Cut: kept generate_period_specs (non-overlapping branch), create_multi_period_training_step and
#      the part of multi_period_sgd_training that builds it (n_periods defaults to 4; the last
#      window absorbs the remainder); the optimiser factory and result reporting omitted.
from typing import List, NamedTuple, Tuple

import jax.numpy as jnp
from jax.lax import dynamic_slice
from jax.nn import softmax

from quantammsim.core_simulator.forward_pass import _calculate_return_value


class PeriodSpec(NamedTuple):
    period_id: int
    rel_start: int
    rel_end: int

    @property
    def length(self):
        return self.rel_end - self.rel_start


def generate_period_specs(n_periods: int, total_length: int) -> List[PeriodSpec]:
    period_len = total_length // n_periods
    specs = []
    for i in range(n_periods):
        rel_start = i * period_len
        rel_end = (i + 1) * period_len if i < n_periods - 1 else total_length
        specs.append(PeriodSpec(period_id=i, rel_start=rel_start, rel_end=rel_end))
    return specs


def create_multi_period_training_step(
    base_forward_pass,
    prices: jnp.ndarray,
    period_specs: Tuple[Tuple[int, int], ...],
    n_assets: int,
    return_val: str,
    aggregation: str = "mean",
    softmin_temperature: float = 1.0,
):
    def multi_period_training_step(params, start_index):
        # One forward pass for entire bout
        output = base_forward_pass(params, start_index)

        full_value = output["value"]
        full_reserves = output["reserves"]
        time_idx = start_index[0]

        # Compute metric for each period (loop unrolls at trace time)
        period_metrics = []
        for (rel_start, slice_len) in period_specs:
            sliced_value = dynamic_slice(full_value, (rel_start,), (slice_len,))
            sliced_reserves = dynamic_slice(full_reserves, (rel_start, 0), (slice_len, n_assets))
            sliced_prices = dynamic_slice(prices, (time_idx + rel_start, 0), (slice_len, n_assets))

            metric = _calculate_return_value(
                return_val,
                sliced_reserves,
                sliced_prices,
                sliced_value,
                initial_reserves=sliced_reserves[0],
            )
            period_metrics.append(metric)

        stacked = jnp.stack(period_metrics)

        if aggregation == "softmin":
            weights = softmax(-stacked / softmin_temperature)
            return jnp.sum(stacked * weights)
        return jnp.mean(stacked)

    return multi_period_training_step


def build_objective(base_forward_pass, prices, output_length, n_assets, n_periods: int = 4):
    period_specs = generate_period_specs(n_periods, output_length)
    period_specs_tuple = tuple((spec.rel_start, spec.length) for spec in period_specs)
    return create_multi_period_training_step(
        base_forward_pass, prices, period_specs_tuple, n_assets, "daily_log_sharpe",
    )
