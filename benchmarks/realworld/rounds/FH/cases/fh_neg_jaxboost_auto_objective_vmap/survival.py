# Source: https://github.com/jxucoder/jaxboost/blob/23932c4b77d470f18c0a61cfe894caab9af3fd70/src/jaxboost/objective/survival.py
# Title: src/jaxboost/objective/survival.py (jaxboost survival objectives)
# Cut: kept the aft objective only; the other censored objectives removed.
import jax
import jax.numpy as jnp

from auto import AutoObjective


@AutoObjective
def aft(
    y_pred: jax.Array,
    y_true: jax.Array,
    label_lower_bound: jax.Array | None = None,
    label_upper_bound: jax.Array | None = None,
    sigma: float = 1.0,
) -> jax.Array:
    """
    Accelerated Failure Time (AFT) Loss for survival analysis.

    Models log(T) = y_pred + sigma * epsilon, where epsilon follows
    a normal distribution.

    Handles censored data:
    - Uncensored: lower == upper (exact event time)
    - Right-censored: upper == inf (event hasn't occurred yet)
    - Interval-censored: lower < upper (event in time range)

    Args:
        y_pred: Predicted log survival time
        y_true: Label (used as lower bound if bounds not provided)
        label_lower_bound: Lower bound of survival time
        label_upper_bound: Upper bound of survival time
        sigma: Scale parameter (default 1.0)

    Example:
        >>> # Survival data: some patients censored (still alive)
        >>> lower_bounds = event_times
        >>> upper_bounds = np.where(is_censored, np.inf, event_times)
        >>> dtrain.set_float_info('label_lower_bound', lower_bounds)
        >>> dtrain.set_float_info('label_upper_bound', upper_bounds)
        >>> model = xgb.train(params, dtrain, obj=aft.xgb_objective)
    """
    # Use y_true as default bounds if not provided
    lower = y_true if label_lower_bound is None else label_lower_bound
    upper = y_true if label_upper_bound is None else label_upper_bound

    # Log transform (AFT works in log-time space)
    log_lower = jnp.log(jnp.maximum(lower, 1e-10))

    # Standardized residual for lower bound
    z_lower = (log_lower - y_pred) / sigma

    # Check censoring type
    is_uncensored = jnp.abs(upper - lower) < 1e-7
    is_right_censored = upper > 1e10  # inf check

    # Uncensored: -log(pdf) = 0.5*z^2 + log(sigma) + const
    uncensored_loss = 0.5 * z_lower**2 + jnp.log(sigma)

    # Right-censored: -log(survival) = -log(1 - CDF(z))
    cdf_lower = jax.scipy.stats.norm.cdf(z_lower)
    cdf_lower_clipped = jnp.clip(cdf_lower, 0.0, 1.0 - 1e-7)
    right_censored_loss = -jnp.log1p(-cdf_lower_clipped)

    # Interval-censored: -log(CDF(upper) - CDF(lower))
    log_upper = jnp.log(jnp.maximum(upper, 1e-10))
    log_upper_clipped = jnp.clip(log_upper, -100.0, 100.0)
    z_upper = (log_upper_clipped - y_pred) / sigma
    cdf_upper = jax.scipy.stats.norm.cdf(z_upper)
    interval_prob = jnp.maximum(cdf_upper - cdf_lower, 1e-10)
    interval_loss = -jnp.log(interval_prob)

    # Select appropriate loss
    loss = jnp.where(
        is_uncensored,
        uncensored_loss,
        jnp.where(is_right_censored, right_censored_loss, interval_loss),
    )

    return loss
