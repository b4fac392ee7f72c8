# Source: https://github.com/patrick-kidger/equinox/issues/307
# Title: Jitting leads to much slower execution times and then to a crash (LLVM: resource unavailable) - Question
# Cut: loss_fn and train as posted in the issue (rlax loss swapped for the author's own helper from rl_helpers.py); the gradient/update lines after the loss, and the episode arrays' origin, reconstructed. filter_jit placed on train, where the author says it "makes the code go" fast.
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, PyTree
from optax import GradientTransformation

from rl_helpers import get_future_rewards, get_policy_gradient_discrete_loss


@eqx.filter_jit
def train(
    t_optim: GradientTransformation,
    t_opt_state: PyTree,
    t_params: PyTree,
    t_eps_obs: Array,
    t_eps_actions: Array,
    t_eps_rewards: Array,
):
    def loss_fn(
        l_model: PyTree,
        l_states: Array,
        l_rewards: Array,
        l_actions: Array,
    ) -> Array:
        logits = jax.vmap(l_model)(l_states)
        advantages = get_future_rewards(l_rewards)

        actions = l_actions.reshape(-1)

        l_loss_value = get_policy_gradient_discrete_loss(logits, actions, advantages)

        return l_loss_value

    loss, grads = eqx.filter_value_and_grad(loss_fn)(
        t_params, t_eps_obs, t_eps_rewards, t_eps_actions
    )
    updates, t_opt_state = t_optim.update(grads, t_opt_state, t_params)
    t_params = eqx.apply_updates(t_params, updates)
    return t_params, t_opt_state, loss
