# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/estimators/neural/_backend_quadratic_memory.py
# Title: bmi: mutual information losses as in ermongroup/smile-mi-estimator (O(batch**2) memory)
# Cut: get_full_scores and infonce only; a jitted grad of it with the MLP critic added
#      (as basic_training does) so the critic's __call__ is traced.
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from _critics import MLP


def get_full_scores(f, xs, ys) -> jnp.ndarray:
    """Calculates the matrix f(x, y). Note that it's quadratic in terms of memory."""
    return jax.vmap(jax.vmap(f, in_axes=(None, 0)), in_axes=(0, None))(xs, ys)


def infonce(f, xs, ys) -> float:
    full_scores = get_full_scores(f, xs, ys)

    nll = full_scores.diagonal().mean() - logsumexp(full_scores, axis=1)
    mi = jnp.log(len(full_scores)) + nll

    return jnp.mean(mi)


critic = MLP(jax.random.PRNGKey(0), dim_x=2, dim_y=2, hidden_layers=(16, 8))
grad_fn = jax.jit(jax.grad(lambda c, xs, ys: -infonce(c, xs, ys)))
