# Source: https://github.com/currocam/handbook-abc-jax/blob/3222468d442b04129fbf8db3a37117683948c71f/notebooks/abc_rejection_sampling.py
# Title: handbook-abc-jax, notebooks/abc_rejection_sampling.py (ABC rejection with a Wasserstein distance)
# Cut: marimo cells unwrapped to module level; docstrings, the ArviZ packaging of the accepted
#      samples and the plotting cells cut. The distance and the sampler are the author's.
import jax
import jax.numpy as jnp
import jax.random as jr


def gaussian_kernel(u):
    """Gaussian kernel: 1/sqrt(2 pi) * exp(-u^2/2)"""
    return (1 / jnp.sqrt(2 * jnp.pi)) * jnp.exp(-0.5 * u**2)


def wasserstein_distance(a, b):
    from scipy.stats import wasserstein_distance

    return jax.pure_callback(
        lambda a, b: jnp.array([wasserstein_distance(x, b) for x in a]),
        jax.ShapeDtypeStruct((a.shape[0],), jnp.float32),
        a,
        b,
        vmap_method="sequential",
    )


def abc_rejection_sample(
    key,
    log_prior_density,
    log_proposal_density,
    proposal_sample,
    simulator,
    num_candidates,
    s_obs,
    distance,
    summary_stat=jax.nn.identity,
    kernel=gaussian_kernel,
    h=1.0,
):
    key, key_propose, key_likelihood, key_accept = jr.split(key, 4)

    # Step 1: Generate candidates from proposal (dict of arrays)
    theta_candidates = proposal_sample(key_propose, num_candidates)

    # Step 2 & 3: Generate data and compute summary statistics
    keys_likelihood = jr.split(key_likelihood, num_candidates)
    y_samples = jax.vmap(simulator)(keys_likelihood, theta_candidates)
    s_samples = jax.vmap(lambda y: jnp.atleast_1d(summary_stat(y)))(y_samples)
    s_obs_vec = jnp.atleast_1d(s_obs)

    # Step 4: Compute acceptance probabilities
    distances = distance(s_samples, s_obs_vec)
    kernel_values = jax.vmap(kernel)(distances / h)

    log_prior_values = jax.vmap(log_prior_density)(theta_candidates)
    log_proposal_values = jax.vmap(log_proposal_density)(theta_candidates)
    max_log_ratio = jnp.max(log_prior_values - log_proposal_values)

    log_acceptance_prob = (
        jnp.log(kernel_values)
        + log_prior_values
        - max_log_ratio
        - log_proposal_values
    )
    acceptance_prob = jnp.exp(jnp.minimum(log_acceptance_prob, 0))

    accepted = jr.uniform(key_accept, (num_candidates,)) <= acceptance_prob
    accepted_samples = jax.tree.map(lambda arr: arr[accepted], theta_candidates)
    return accepted_samples
