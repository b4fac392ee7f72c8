# Source: https://github.com/Habush/bnn_bg/blob/8bbaa2c0f396507d0b8001f0cab71d193bd36f09/utils/train_utils.py
# Title: utils/train_utils.py
# Cut: kept the function that differentiates the prior of losses.py (value_and_grad over params)
#      and the jitted mini-batch log-prob; epoch/scan wrappers dropped.
import jax


def make_likelihood_prior_grad_mixed_fns(net_apply, log_likelihood_fn,
                                   log_prior_fn):
    """Make functions for training and evaluation.

    Functions return likelihood, prior and gradients separately. These values
    can be combined differently for full-batch and mini-batch methods.
    """

    def likelihood_prior_and_grads_fn(params, gamma, net_state, batch):
        loss_val_grad = jax.value_and_grad(
            log_likelihood_fn, has_aux=True, argnums=1)
        (likelihood,
         net_state), likelihood_grad = loss_val_grad(net_apply, params, net_state,
                                                     batch, True)
        prior, prior_grad = jax.value_and_grad(log_prior_fn)(params, gamma)
        return likelihood, likelihood_grad, prior, prior_grad, net_state

    return likelihood_prior_and_grads_fn


def make_minibatch_log_prob_and_grad_mixed(
        likelihood_prior_and_grads_fn, num_batches):
    """Make log-prob and grad function for mini-batch methods."""
    @jax.jit
    def log_prob_and_grad(dataset, params, gamma, net_state):
        likelihood, likelihood_grad, prior, prior_grad, net_state = (
            likelihood_prior_and_grads_fn(params, gamma, net_state, dataset))

        log_prob = likelihood * num_batches + prior
        grad = jax.tree_map(lambda gl, gp: gl * num_batches + gp,
                            likelihood_grad, prior_grad)
        return log_prob, grad, net_state

    return log_prob_and_grad
