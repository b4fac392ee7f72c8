# Source: https://github.com/OJWatson/emidm/blob/40a39ca516cd85b49fc784567af40a38f52c3ce9/docs/notebooks/bayesian_inference.ipynb
# Title: emidm docs/notebooks/bayesian_inference.ipynb (BlackJAX NUTS for the transmission rate of a differentiable SIR model)
# Cut: notebook code cells converted to a module; plotting cells reduced to the autocorrelation list;
#      make_diff_sir_model / run_diff_sir_simulation are the package's (imported).
import jax
import jax.numpy as jnp
import numpy as np
import blackjax

from emidm.diff import DiffConfig, make_diff_sir_model, run_diff_sir_simulation

BETA_TRUE = 0.35
GAMMA = 0.1
N = 100  # Smaller for faster demo
T = 30
I0 = 5

key = jax.random.PRNGKey(42)
observed = run_diff_sir_simulation(
    N=N,
    I0=I0,
    beta=BETA_TRUE,
    gamma=GAMMA,
    T=T,
    config=DiffConfig(tau=0.5, hard=False),
    key=key,
)
observed_I = observed["I"]

likelihood_key = jax.random.PRNGKey(0)
sir_model = make_diff_sir_model(
    N=N,
    I0=I0,
    gamma=GAMMA,
    T=T,
    key=likelihood_key,
    config=DiffConfig(tau=0.5, hard=False),
)


def log_posterior(beta):
    """Log-posterior using the pre-compiled model."""
    pred_I = sir_model({'beta': beta})['I']
    # Gaussian likelihood
    sigma = 5.0
    ll = -0.5 * jnp.sum(((pred_I - observed_I) / sigma) ** 2)
    # Gaussian prior
    lp = -0.5 * ((beta - 0.3) / 0.15) ** 2
    return ll + lp


log_posterior_jit = jax.jit(log_posterior)

nuts = blackjax.nuts(
    log_posterior_jit,
    step_size=0.01,
    inverse_mass_matrix=jnp.array([1.0])
)
initial_position = jnp.array(0.30)
init_state = nuts.init(initial_position)

step_fn = jax.jit(nuts.step)


# Sampling loop using scan for efficiency
def one_step(state, rng_key):
    state, info = step_fn(rng_key, state)
    return state, state.position


n_samples = 500
rng_key = jax.random.PRNGKey(123)
keys = jax.random.split(rng_key, n_samples)
final_state, samples = jax.lax.scan(one_step, init_state, keys)
samples = np.array(samples)
samples = samples[100:]

# Autocorrelation (host-side, numpy)
max_lag = 50
acf = [np.corrcoef(samples[:-lag], samples[lag:])[0, 1] if lag > 0 else 1.0 for lag in range(max_lag)]

# Posterior predictive
n_pred = 100
sample_indices = np.random.choice(len(samples), n_pred, replace=False)
beta_samples = jnp.array(samples[sample_indices])
pred_keys = jax.random.split(jax.random.PRNGKey(999), n_pred)


def predict_with_key(beta, key):
    result = run_diff_sir_simulation(
        N=N, I0=I0, beta=beta, gamma=GAMMA, T=T,
        config=DiffConfig(tau=0.5, hard=False), key=key,
    )
    return result["I"]


# Vectorize over both beta and key using vmap
predictions = jax.vmap(predict_with_key)(beta_samples, pred_keys)
predictions = np.array(predictions)
