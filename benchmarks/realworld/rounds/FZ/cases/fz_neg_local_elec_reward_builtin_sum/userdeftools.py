# Source: https://github.com/floracharbo/MARL_local_electricity/blob/ff99c23c04902d815c730d0e6abcb2426a8d651b/src/utilities/userdeftools.py
# Title: src/utilities/userdeftools.py, branch "jax" (grid import/export and voltage cost helpers)
# Cut: unrelated utilities removed; the three cost helpers used by get_reward kept.
import numpy as np
import jax.numpy as jnp


def compute_import_export_costs(grid, grd, n_int_per_hr):
    # grid_in in kWh in the time interval
    # grid_in * n_int_per_hr in kW
    if grd['manage_agg_power']:
        grid_in = jnp.where(jnp.array(grid) >= 0, grid, 0)
        grid_out = jnp.where(jnp.array(grid) < 0, - grid, 0)
        grid_in_power, grid_out_power = grid_in * n_int_per_hr, grid_out * n_int_per_hr
        import_costs = jnp.where(
            grid_in_power >= grd['max_grid_import'],
            grd['penalty_import'] * (grid_in_power - grd['max_grid_import']),
            0
        )
        export_costs = jnp.where(
            grid_out_power >= grd['max_grid_export'],
            grd['penalty_export'] * (grid_out_power - grd['max_grid_export']),
            0
        )
        import_export_costs = import_costs + export_costs
    else:
        import_export_costs, import_costs, export_costs = 0, 0, 0

    return import_export_costs, import_costs, export_costs


def compute_voltage_costs(voltage_squared, grd):
    over_voltage_costs = grd['penalty_overvoltage'] * jnp.where(
        voltage_squared > grd['max_voltage'] ** 2,
        voltage_squared - grd['max_voltage'] ** 2,
        0
    )
    under_voltage_costs = grd['penalty_undervoltage'] * jnp.where(
        voltage_squared < grd['min_voltage'] ** 2,
        grd['min_voltage'] ** 2 - voltage_squared,
        0
    )

    return jnp.sum(over_voltage_costs + under_voltage_costs)


def mean_max_hourly_voltage_deviations(voltage_squared, max_voltage, min_voltage):
    overvoltage_deviation = \
        (jnp.sqrt(voltage_squared) - max_voltage)[voltage_squared > max_voltage ** 2]
    undervoltage_deviation = \
        (min_voltage - jnp.sqrt(voltage_squared))[voltage_squared < min_voltage ** 2]
    voltage_deviation = jnp.concatenate([overvoltage_deviation, undervoltage_deviation])
    if len(voltage_deviation) > 0:
        mean = jnp.mean(voltage_deviation)
        max = jnp.max(voltage_deviation)
        n_deviations_bus = len(voltage_deviation)
        n_deviations_hour = 1
    else:
        mean, max, n_deviations_bus, n_deviations_hour = 0, 0, 0, 0

    return mean, max, n_deviations_bus, n_deviations_hour
