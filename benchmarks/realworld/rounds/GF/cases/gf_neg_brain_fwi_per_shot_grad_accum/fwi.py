# Source: https://github.com/m9h/brain-fwi/blob/75d23786ca246cd22765736c8436bfc44f3b5e1f/src/brain_fwi/inversion/fwi.py
# Title: brain_fwi/inversion/fwi.py — Full Waveform Inversion engine (transcranial ultrasound brain imaging)
# Cut: kept the imports used and run_fwi's voxel path from setup through the per-shot gradient
#      accumulation and update; dropped the docstring, checkpoint resume, the SIREN path, logging
#      and the result packing (a plain tuple is returned).
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
import numpy as np

from ..simulation.forward import build_domain, build_medium, build_time_axis, simulate_shot_sensors


def run_fwi(
    observed_data: jnp.ndarray,
    initial_velocity: jnp.ndarray,
    density: jnp.ndarray,
    dx: float,
    src_positions_grid: list,
    sensor_positions_grid: Tuple,
    source_signal: jnp.ndarray,
    dt: float,
    t_end: float,
    config: Optional[FWIConfig] = None,
    key: Optional[jax.Array] = None,
) -> FWIResult:
    if config is None:
        config = FWIConfig()
    if key is None:
        key = jr.PRNGKey(0)
    grid_shape = initial_velocity.shape
    n_sources = len(src_positions_grid)
    loss_fn = _get_loss_fn(config.loss_fn, config.envelope_weight)
    params = initial_velocity.copy()
    optimizer = optax.sgd(config.learning_rate)
    opt_state = optimizer.init(params)
    loss_history = []
    velocity_history = []

    # Pre-compute time axis OUTSIDE the traced function.
    # TimeAxis.from_medium() calls float() which breaks JAX tracing.
    # Use a reference medium with c_max for CFL stability guarantee.
    ref_domain = build_domain(grid_shape, dx)
    ref_medium = build_medium(ref_domain, config.c_max, 1000.0, pml_size=config.pml_size)
    fixed_time_axis = build_time_axis(ref_medium, cfl=config.cfl, t_end=t_end)

    for band_idx, (fmin, fmax) in enumerate(config.freq_bands):
        # Bandpass the source signal and observed data for this frequency band
        if config.skip_bandpass:
            bp_signal = source_signal
            bp_observed = observed_data
        else:
            bp_signal = _bandpass_signal(source_signal, dt, fmin, fmax)
            bp_observed = jax.vmap(
                lambda d: jax.vmap(lambda col: _bandpass_signal(col, dt, fmin, fmax))(d.T).T
            )(observed_data)

        for it in range(config.n_iters_per_band):
            key, subkey = jr.split(key)

            # Select random sources for this iteration
            if config.shots_per_iter >= n_sources:
                shot_indices = jnp.arange(n_sources)
            else:
                shot_indices = jr.choice(
                    subkey, n_sources, shape=(config.shots_per_iter,), replace=False
                )
            shot_indices = np.array(shot_indices)

            # Compute loss and gradient, one shot at a time to save memory.
            # Accumulate gradients across shots (equivalent to batched but
            # uses O(1 shot) memory instead of O(n_shots)).
            # Also accumulate squared gradients for pseudo-Hessian preconditioning.
            total_loss = 0.0
            grad_accum = jnp.zeros_like(params)
            grad_sq_accum = jnp.zeros_like(params)

            # Use checkpointed scan for large grids (>= 128^3)
            use_checkpoint = all(s >= 128 for s in grid_shape)

            for si in shot_indices:
                src_pos = src_positions_grid[int(si)]
                obs = bp_observed[int(si)]

                def single_shot_loss(velocity, _src_pos=src_pos, _obs=obs):
                    domain = build_domain(grid_shape, dx)
                    medium = build_medium(domain, velocity, density, pml_size=config.pml_size)
                    pred = simulate_shot_sensors(
                        medium, fixed_time_axis, _src_pos, sensor_positions_grid,
                        bp_signal, dt, checkpointed=use_checkpoint,
                    )
                    min_t = min(pred.shape[0], _obs.shape[0])
                    return loss_fn(pred[:min_t], _obs[:min_t])

                shot_loss, shot_grad = jax.value_and_grad(single_shot_loss)(params)
                total_loss = total_loss + float(shot_loss)
                grad_accum = grad_accum + shot_grad
                grad_sq_accum = grad_sq_accum + shot_grad ** 2

            n_shots = len(shot_indices)
            loss_val = total_loss / n_shots
            grad = grad_accum / n_shots
            loss_history.append(loss_val)

            # Source illumination preconditioning (pseudo-Hessian).
            # Compensates for the fact that near-transducer voxels have
            # enormous gradient amplitude while interior brain voxels
            # get tiny gradients. Standard in geophysical FWI (Shin 2001).
            if config.precondition:
                illum = jnp.sqrt(grad_sq_accum / n_shots)
                grad = grad / (illum + 1e-12 * jnp.max(illum))

            # Process gradient
            if config.gradient_smooth_sigma > 0:
                grad = _smooth_gradient(grad, config.gradient_smooth_sigma)

            if config.mask is not None:
                grad = grad * config.mask

            # Normalise gradient by max magnitude so that the optimizer
            # learning rate directly controls max velocity change in m/s.
            # With SGD(lr=50): max update = 50 m/s per iteration.
            grad_max = jnp.max(jnp.abs(grad))
            grad = grad / (grad_max + 1e-30)

            # Optimizer update + clip to physical bounds
            updates, opt_state = optimizer.update(grad, opt_state, params)
            params = optax.apply_updates(params, updates)
            params = jnp.clip(params, config.c_min, config.c_max)


        velocity_history.append(params)

    return params, loss_history, velocity_history
