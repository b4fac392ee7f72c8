# Source: https://github.com/ermongroup/BCD-Nets/blob/3a81a56ab091775c4d6f41132fa9f514f949278f/main.py
# Title: main.py (ermongroup/BCD-Nets)
# Cut: argument parsing, data generation, model set-up and the training loop removed; log_prob_x, elbo and
#      parallel_gradient_step kept as written (batch_size, dim, l_dim, noise_dim, sample_L, get_P_logits, ds, opt_P ... are module globals).
import numpy as onp
import jax.numpy as jnp
from typing import Tuple
import jax.random as rnd
from jax import vmap, grad, jit, lax, pmap, partial, value_and_grad
from jax.tree_util import tree_map, tree_multimap
import jax
import haiku as hk
import optax
from tensorflow_probability.substrates.jax.distributions import Horseshoe
from _types import PParamType, LStateType


def log_prob_x(Xs, log_sigmas, P, L, rng_key):
    """Calculates log P(X|Z) for latent Zs

    X|Z is Gaussian so easy to calculate

    Args:
        Xs: an (n x dim)-dimensional array of observations
        log_sigmas: A (dim)-dimension vector of log standard deviations
        P: A (dim x dim)-dimensional permutation matrix
        L: A (dim x dim)-dimensional strictly lower triangular matrix
    Returns:
        log_prob: Log probability of observing Xs given P, L
    """
    if subsample:
        num_full_xs = len(Xs)
        X_batch_size = 16
        adjustment_factor = num_full_xs / X_batch_size
        Xs = rnd.shuffle(rng_key, Xs)[:X_batch_size]
    else:
        adjustment_factor = 1
    n, dim = Xs.shape
    W = (P @ L @ P.T).T
    precision = (
        (jnp.eye(dim) - W) @ (jnp.diag(jnp.exp(-2 * log_sigmas))) @ (jnp.eye(dim) - W).T
    )
    eye_minus_W_logdet = 0
    log_det_precision = -2 * jnp.sum(log_sigmas) + 2 * eye_minus_W_logdet

    def datapoint_exponent(x):
        return -0.5 * x.T @ precision @ x

    log_exponent = vmap(datapoint_exponent)(Xs)

    return adjustment_factor * (
        0.5 * n * (log_det_precision - dim * jnp.log(2 * jnp.pi))
        + jnp.sum(log_exponent)
    )


def elbo(
    P_params: PParamType,
    L_params: hk.Params,
    L_states: LStateType,
    Xs: jnp.ndarray,
    rng_key: PRNGKey,
    tau: float,
    num_outer: int = 1,
    hard: bool = False,
) -> Tuple[jnp.ndarray, LStateType]:
    """Computes ELBO estimate from parameters.

    Computes ELBO(P_params, L_params), given by
    E_{e1}[E_{e2}[log p(x|L, P)] - D_KL(q_L(P), p(L)) -  log q_P(P)],
    where L = g_L(L_params, e2) and P = g_P(P_params, e1).
    The derivative of this corresponds to the pathwise gradient estimator

    Args:
        P_params: inputs to sampling path functions
        L_params: inputs parameterising function giving L|P distribution
        Xs: (n x dim)-dimension array of inputs
        rng_key: jax prngkey object
        log_sigma_W: (dim)-dimensional array of log standard deviations
        log_sigma_l: scalar prior log standard deviation on (Laplace) prior on l.
    Returns:
        ELBO: Estimate of the ELBO
    """
    num_bethe_iters = 20
    l_prior = Horseshoe(scale=jnp.ones(l_dim + noise_dim) * horseshoe_tau)
    # else:
    #     l_prior = Laplace(
    #         loc=jnp.zeros(l_dim + noise_dim),
    #         scale=jnp.ones(l_dim + noise_dim) * jnp.exp(log_sigma_l),
    #     )

    def outer_loop(rng_key: PRNGKey):
        """Computes a term of the outer expectation, averaging over batch size"""
        rng_key, rng_key_1 = rnd.split(rng_key, 2)
        full_l_batch, full_log_prob_l, out_L_states = sample_L(
            L_params, L_states, rng_key
        )
        w_noise = full_l_batch[:, -noise_dim:]
        l_batch = full_l_batch[:, :-noise_dim]
        batched_noises = jnp.ones((batch_size, dim)) * w_noise.reshape(
            (batch_size, noise_dim)
        )
        batched_lower_samples = vmap(lower, in_axes=(0, None))(l_batch, dim)
        batched_P_logits = get_P_logits(P_params, full_l_batch, rng_key_1)
        if hard:
            batched_P_samples = ds.sample_hard_batched_logits(
                batched_P_logits, tau, rng_key,
            )
        else:
            batched_P_samples = ds.sample_soft_batched_logits(
                batched_P_logits, tau, rng_key,
            )
        likelihoods = vmap(log_prob_x, in_axes=(None, 0, 0, 0, None))(
            Xs, batched_noises, batched_P_samples, batched_lower_samples, rng_key,
        )
        l_prior_probs = jnp.sum(l_prior.log_prob(full_l_batch)[:, :l_dim], axis=1)
        s_prior_probs = jnp.sum(
            full_l_batch[:, l_dim:] ** 2 / (2 * s_prior_std ** 2), axis=-1
        )
        KL_term_L = full_log_prob_l - l_prior_probs - s_prior_probs
        logprob_P = vmap(ds.logprob, in_axes=(0, 0, None))(
            batched_P_samples, batched_P_logits, num_bethe_iters
        )
        log_P_prior = -jnp.sum(jnp.log(onp.arange(dim) + 1))
        final_term = likelihoods - KL_term_L - logprob_P + log_P_prior

        return jnp.mean(final_term), out_L_states

    rng_keys = rnd.split(rng_key, num_outer)
    _, (elbos, out_L_states) = lax.scan(
        lambda _, rng_key: (None, outer_loop(rng_key)), None, rng_keys
    )
    elbo_estimate = jnp.mean(elbos)
    return elbo_estimate, tree_map(lambda x: x[-1], out_L_states)



@partial(
    pmap,
    axis_name="i",
    in_axes=(0, 0, 0, None, 0, 0, 0, None),
    static_broadcasted_argnums=(3),
)
def parallel_gradient_step(
    P_params, L_params, L_states, Xs, P_opt_state, L_opt_state, rng_key, tau,
):
    rng_key, rng_key_2 = rnd.split(rng_key, 2)
    tau_scaling_factor = 1.0 / tau

    (_, L_states), grads = value_and_grad(elbo, argnums=(0, 1), has_aux=True)(
        P_params, L_params, L_states, Xs, rng_key, tau, num_outer, hard=True,
    )
    elbo_grad_P, elbo_grad_L = tree_map(lambda x: -tau_scaling_factor * x, grads)

    elbo_grad_P = lax.pmean(elbo_grad_P, axis_name="i")
    elbo_grad_L = lax.pmean(elbo_grad_L, axis_name="i")

    l2_elbo_grad_P = grad(
        lambda p: 0.5 * sum(jnp.sum(jnp.square(param)) for param in jax.tree_leaves(p))
    )(P_params)
    elbo_grad_P = tree_multimap(lambda x, y: x + y, elbo_grad_P, l2_elbo_grad_P)

    P_updates, P_opt_state = opt_P.update(elbo_grad_P, P_opt_state, P_params)
    P_params = optax.apply_updates(P_params, P_updates)
    L_updates, L_opt_state = opt_L.update(elbo_grad_L, L_opt_state, L_params)
    if fix_L_params:
        pass
    else:
        L_params = optax.apply_updates(L_params, L_updates)

    return (
        P_params,
        L_params,
        L_states,
        P_opt_state,
        L_opt_state,
        rng_key_2,
    )

