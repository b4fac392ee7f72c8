# Source: https://github.com/Zaijab/data_science_utils/blob/8ae20a7bbf724f5771c538424751c2236052fcce/src/data_science_utils/filters/evaluate.py
# Title: src/data_science_utils/filters/evaluate.py (filter evaluation: lax.scan over assimilation cycles)
# Cut: kept filter_update and evaluate_filter; the plotting callback and type annotations trimmed.
import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def filter_update(carry, key, dynamical_system, measurement_system, update, debug=False):
    (prior_ensemble, true_state) = carry
    ensemble_updating_key, measurement_key = jax.random.split(key)
    updated_ensemble = update(
        prior_ensemble=prior_ensemble,
        measurement=measurement_system(true_state, measurement_key),
        measurement_system=measurement_system,
        key=ensemble_updating_key,
    )
    error = true_state - jnp.mean(updated_ensemble, axis=0)
    ensemble_next = eqx.filter_vmap(dynamical_system.flow)(0.0, 1.0, updated_ensemble)
    true_state_next = dynamical_system.flow(0.0, 1.0, true_state)
    new_carry = (ensemble_next, true_state_next)
    return new_carry, error


@eqx.filter_jit
def evaluate_filter(dynamical_system, measurement_system, update, key, debug=False):
    ensemble_size = 100
    burn_in_time = 100
    measurement_time = 1000
    total_steps = burn_in_time + measurement_time

    key, subkey = jax.random.split(key)
    initial_ensemble = dynamical_system.generate(subkey, batch_size=ensemble_size)
    initial_true_state = dynamical_system.initial_state()

    keys = jax.random.split(key, num=(total_steps,))

    scan_step = jax.tree_util.Partial(
        filter_update,
        dynamical_system=dynamical_system,
        measurement_system=measurement_system,
        update=update.update,
    )

    (final_carry, errors_over_time) = jax.lax.scan(
        scan_step, (initial_ensemble, initial_true_state), keys
    )

    errors_past_burn_in = errors_over_time[burn_in_time:]
    rmse = jnp.sqrt(jnp.mean(errors_past_burn_in**2))

    return rmse
