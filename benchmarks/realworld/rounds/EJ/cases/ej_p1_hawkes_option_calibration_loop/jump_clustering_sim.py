# Source: https://github.com/neutryx-lab/neutryx-core/blob/46ef385031770d26f53f477a3a2d16582eb3dc62/src/neutryx/models/jump_clustering.py
# Title: neutryx-core src/neutryx/models/jump_clustering.py (Hawkes jump-diffusion path simulation)
# Cut: same upstream file as jump_clustering.py, split out here so the calibration module can
#      import it: kept _simulate_hawkes_jumps (lax.scan thinning, condensed) and
#      simulate_hawkes_jump_diffusion; params/config dataclasses and payoff helpers reduced to stubs.
from dataclasses import dataclass

import jax
import jax.numpy as jnp

Array = jnp.ndarray


@dataclass
class HawkesJumpParams:
    sigma: float
    lambda0: float
    alpha: float
    beta: float
    mu_jump: float
    sigma_jump: float

    def mean_intensity(self):
        return self.lambda0 / (1.0 - self.alpha / self.beta)


@dataclass
class MCConfig:
    paths: int = 10000
    steps: int = 252
    antithetic: bool = False
    dtype: object = jnp.float32


def compute_option_payoff(ST, K, kind):
    return jnp.maximum(ST - K, 0.0) if kind == "call" else jnp.maximum(K - ST, 0.0)


def discount_payoff(payoffs, r, T):
    return jnp.exp(-r * T) * payoffs


def _simulate_hawkes_jumps(key, T, params: HawkesJumpParams, max_jumps: int = 10000):
    """Ogata thinning for the self-exciting jump times (lax.scan over candidate arrivals)."""
    key_arrivals, key_sizes = jax.random.split(key)
    jump_times = jnp.full(max_jumps, T, dtype=jnp.float32)
    init_carry = (jnp.float32(0.0), 0, jnp.float32(params.lambda0), jump_times, key_arrivals)

    def thinning_step(carry, _):
        t, n_jumps, current_intensity, jump_times, key = carry
        lambda_max = current_intensity + jnp.float32(params.alpha)
        key, subkey = jax.random.split(key)
        dt = jax.random.exponential(subkey, dtype=jnp.float32) / lambda_max
        t_candidate = t + dt
        within_horizon = t_candidate < jnp.float32(T)
        valid_mask = jnp.arange(max_jumps) < n_jumps
        decay_factors = jnp.exp(-jnp.float32(params.beta) * (t_candidate - jump_times))
        intensity_candidate = jnp.float32(params.lambda0) + jnp.sum(
            jnp.where(valid_mask, jnp.float32(params.alpha) * decay_factors, jnp.float32(0.0))
        )
        key, subkey = jax.random.split(key)
        accept = jax.random.uniform(subkey, dtype=jnp.float32) <= (intensity_candidate / lambda_max)
        should_add = within_horizon & accept
        jump_times = jnp.where(should_add & (jnp.arange(max_jumps) == n_jumps), t_candidate, jump_times)
        t = jnp.where(should_add, t_candidate, jnp.where(within_horizon, t + dt, jnp.float32(T)))
        n_jumps = jnp.where(should_add, n_jumps + 1, n_jumps)
        current_intensity = jnp.where(should_add, intensity_candidate + jnp.float32(params.alpha), current_intensity)
        return (t, n_jumps, current_intensity, jump_times, key), None

    mean_total_jumps = int(params.mean_intensity() * T) if params.alpha < params.beta else 100
    n_iterations = min(max_jumps, mean_total_jumps * 5)
    (_, _, _, jump_times_final, _), _ = jax.lax.scan(thinning_step, init_carry, None, length=n_iterations)
    jump_sizes = jax.random.normal(key_sizes, (max_jumps,)) * params.sigma_jump + params.mu_jump
    return jump_times_final, jump_sizes


def simulate_hawkes_jump_diffusion(key, S0, T, r, q, params: HawkesJumpParams, cfg: MCConfig) -> Array:
    """Simulate asset price paths under Hawkes jump-diffusion model: [paths, steps+1]."""
    dtype = cfg.dtype
    dt = T / cfg.steps
    sqrt_dt = jnp.sqrt(dt)
    time_grid = jnp.linspace(0, T, cfg.steps + 1, dtype=dtype)

    mean_jump_size = jnp.exp(params.mu_jump + 0.5 * params.sigma_jump**2) - 1
    mean_intensity = params.mean_intensity() if params.alpha < params.beta else params.lambda0 * 2
    jump_compensator = mean_intensity * mean_jump_size

    drift = (r - q - 0.5 * params.sigma**2 - jump_compensator) * dt
    vol = params.sigma * sqrt_dt

    # Generate paths
    all_paths = []
    for path_idx in range(cfg.paths):
        key_path = jax.random.fold_in(key, path_idx)
        key_diffusion, key_jumps = jax.random.split(key_path)

        dW = jax.random.normal(key_diffusion, (cfg.steps,), dtype=dtype)
        diffusion_increments = drift + vol * dW

        jump_times, jump_sizes = _simulate_hawkes_jumps(key_jumps, T, params, max_jumps=1000)

        # Map jumps to time grid
        jump_increments = jnp.zeros(cfg.steps, dtype=dtype)
        for i in range(cfg.steps):
            t_start = time_grid[i]
            t_end = time_grid[i + 1]
            in_interval = (jump_times >= t_start) & (jump_times < t_end)
            jump_sum = jnp.sum(jnp.where(in_interval, jump_sizes, 0.0))
            jump_increments = jump_increments.at[i].add(jump_sum)

        log_increments = diffusion_increments + jump_increments
        all_paths.append(log_increments)

    log_increments_all = jnp.stack(all_paths, axis=0)

    log_S0 = jnp.log(jnp.asarray(S0, dtype=dtype))
    total_paths = log_increments_all.shape[0]
    cum_returns = jnp.cumsum(log_increments_all, axis=1)
    log_paths = jnp.concatenate(
        [jnp.full((total_paths, 1), log_S0, dtype=dtype), log_S0 + cum_returns], axis=1,
    )
    return jnp.exp(log_paths)
