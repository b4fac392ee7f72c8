# Source: https://github.com/OJWatson/emidm/blob/40a39ca516cd85b49fc784567af40a38f52c3ce9/docs/notebooks/safir_inference.ipynb
# Title: emidm docs/notebooks/safir_inference.ipynb (R(t) inference for a differentiable SAFIR model with BlackJAX NUTS)
# Cut: notebook code cells converted to a module; plotting, contact-matrix and synthetic-data cells removed;
#      make_diff_safir_model/optimize_params and the data arrays come from the package / earlier cells
#      (imported or passed in); the R(t) generator keeps 4 of its 7 piecewise branches.
import jax
import jax.numpy as jnp
import numpy as np
import blackjax

from emidm.diff import DiffConfig, make_diff_safir_model
from emidm.optim import optimize_params


def create_uk_2020_rt(T=300):
    """Create a time-varying R(t) mimicking UK 2020 epidemic (host-side, numpy)."""
    R_t = np.zeros(T + 1)

    for t in range(T + 1):
        if t < 15:  # Early March: fast exponential growth
            R_t[t] = 2.5 + t * 0.03  # 2.5 -> 2.95
        elif t < 25:  # Mid-March: peak before lockdown
            R_t[t] = 2.95
        elif t < 90:  # Late March - May: slow decrease (lockdown)
            progress = (t - 25) / 65
            R_t[t] = 2.95 - progress * 2.15  # 2.95 -> 0.8
        else:
            progress = (t - 90) / 90
            R_t[t] = 0.8 + progress * 0.5

    return R_t


T = 150  # ~5 months (March - July)
interval_days = 14
n_intervals = (T + 1) // interval_days + 1


def expand_R_intervals(R_intervals, T, interval_days=14):
    """Expand interval R values to daily R(t) array."""
    R_daily = jnp.zeros(T + 1)
    for i, R_val in enumerate(R_intervals):
        start = i * interval_days
        end = min((i + 1) * interval_days, T + 1)
        R_daily = R_daily.at[start:end].set(R_val)
    return R_daily


def log_prior(log_R_intervals, sigma_rw=0.3):
    """Random walk prior on log(R) values."""
    log_prior_first = -0.5 * ((log_R_intervals[0] - jnp.log(2.5)) / 0.5) ** 2
    increments = jnp.diff(log_R_intervals)
    log_prior_rw = -0.5 * jnp.sum((increments / sigma_rw) ** 2)
    R_intervals = jnp.exp(log_R_intervals)
    penalty = -100.0 * jnp.sum(jnp.where(R_intervals < 0.1, 1.0, 0.0))
    penalty += -100.0 * jnp.sum(jnp.where(R_intervals > 5.0, 1.0, 0.0))
    return log_prior_first + log_prior_rw + penalty


def run(population, contact_matrix, observed_deaths, rng_key):
    safir_model = make_diff_safir_model(
        population=population,
        contact_matrix=contact_matrix,
        R0=2.5,
        T=T,
        dt=0.5,
        seed=0,
        config=DiffConfig(tau=0.5, hard=False),
        I0=20,
    )
    obs_deaths_jnp = jnp.asarray(observed_deaths)

    @jax.jit
    def log_likelihood(log_R_intervals):
        """Compute log-likelihood using the pre-compiled SAFIR model."""
        R_intervals = jnp.exp(log_R_intervals)
        R_t = expand_R_intervals(R_intervals, T, interval_days)
        result = safir_model(R_t)
        predicted_D = result['D']
        predicted_daily = jnp.diff(predicted_D, prepend=0)
        predicted_daily = jnp.maximum(predicted_daily, 0.1)
        log_lik = jnp.sum(obs_deaths_jnp * jnp.log(predicted_daily + 1e-8) - predicted_daily)
        return log_lik

    @jax.jit
    def log_posterior(log_R_intervals):
        ll = log_likelihood(log_R_intervals)
        lp = log_prior(log_R_intervals, sigma_rw=0.25)
        return ll + lp

    @jax.jit
    def neg_log_posterior(log_R_intervals):
        return -log_posterior(log_R_intervals)

    init_log_R = jnp.log(jnp.ones(n_intervals) * 1.5)
    map_log_R, history = optimize_params(
        loss_fn=neg_log_posterior,
        init_params=init_log_R,
        n_steps=200,
        learning_rate=0.05,
    )

    # Use window adaptation for automatic tuning
    warmup = blackjax.window_adaptation(blackjax.nuts, log_posterior)
    (state, params), _ = warmup.run(rng_key, map_log_R, num_steps=100)
    nuts = blackjax.nuts(log_posterior, **params)
    step_fn = jax.jit(nuts.step)

    # Sampling loop using scan for efficiency
    def one_step(state, rng_key):
        state, info = step_fn(rng_key, state)
        return state, state.position

    n_samples = 200
    keys = jax.random.split(rng_key, n_samples)
    final_state, samples = jax.lax.scan(one_step, state, keys)
    samples = np.array(samples)
    return samples[50:]
