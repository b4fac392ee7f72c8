# Source: https://github.com/tobias-schnabel/mcnnm/blob/e50e5de4fdc151c4b6822181af06675608f6987e/src/mcnnm/utils.py
# Title: src/mcnnm/utils.py (lightweight-mcnnm simulation helper)
# Cut: kept the start of generate_data (low-rank matrix, fixed effects, AR(1) errors, outcome and
#      the staggered adoption branch); other assignment mechanisms and the return dict removed.
import jax
import jax.numpy as jnp
import numpy as np

jax.config.update("jax_enable_x64", True)


def generate_data(
    nobs: int = 500,
    nperiods: int = 100,
    Y_mean: float = 10.0,
    treatment_probability: float = 0.5,
    rank: int = 5,
    unit_fe: bool = True,
    time_fe: bool = True,
    fixed_effects_scale: float = 0.5,
    noise_scale: float = 1,
    autocorrelation: float = 0.0,
    seed: int | None = None,
):
    if seed is not None:
        np.random.seed(seed)

    if not 0 <= autocorrelation < 1:
        raise ValueError("Autocorrelation must be between 0 and 1 (exclusive).")

    # Generate low-rank matrix L
    U = np.random.normal(0, 1, (nobs, rank))
    V = np.random.normal(0, 1, (nperiods, rank))
    L = U @ V.T

    # Generate fixed effects
    unit_fe_values = np.random.normal(0, fixed_effects_scale, nobs) if unit_fe else np.zeros(nobs)
    time_fe_values = np.random.normal(0, fixed_effects_scale, nperiods) if time_fe else np.zeros(nperiods)

    # Generate autocorrelated errors
    errors = np.zeros((nobs, nperiods))
    for i in range(nobs):
        errors[i, 0] = np.random.normal(0, noise_scale)
        for t in range(1, nperiods):
            errors[i, t] = autocorrelation * errors[i, t - 1] + np.random.normal(
                0,
                noise_scale * np.sqrt(1 - autocorrelation**2),
            )

    # Generate outcome
    Y = (
        L
        + Y_mean
        + np.outer(unit_fe_values, np.ones(nperiods))
        + np.outer(np.ones(nobs), time_fe_values)
        + errors
    )

    treat = np.zeros((nobs, nperiods), dtype=int)
    min_adoption_time = nperiods // 4  # Earliest possible adoption time
    adoption_times = np.random.geometric(p=treatment_probability, size=nobs) + min_adoption_time - 1
    for i in range(nobs):  # pragma: no cover
        if adoption_times[i] < nperiods:
            treat[i, adoption_times[i] :] = 1

    return jnp.array(Y), jnp.array(treat)
