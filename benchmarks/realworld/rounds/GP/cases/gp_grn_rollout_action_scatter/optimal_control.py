# Source: https://github.com/ioneliabuzatu/grn-control/blob/bd2c0ed16ca620a707a01431691a8b0e8e67b80a/optimal_control.py
# Title: optimal_control.py (gradient-based control of the simulated gene regulatory network)
# Cut: wandb logging, plotting and the __main__ setup removed; loss_exp and update kept as written.
import jax
import jax.numpy as jnp
import numpy as np
from jax.example_libraries import optimizers

target_class = 0


def control(env, num_episodes, num_master_genes, expert):

    @jax.jit
    def loss_exp(actions):
        trajectory = env.run_one_rollout(actions, target_idx=target_class, use_rl=False)
        trajectory = jnp.stack(tuple([trajectory[gene] for gene in range(env.num_genes)])).swapaxes(0, 1)

        last_state = trajectory[-1].T  # cell type is batch
        output_classifier = expert(last_state)

        gain_target_class = jnp.mean(output_classifier[:, target_class])
        penalty_off_target_class = jnp.mean(output_classifier[:, 1 - target_class], axis=0)
        gain = 2 * gain_target_class - penalty_off_target_class
        return gain, last_state

    def update(episode, opt_state_):
        actions = get_params(opt_state_)
        (gain, last_state), grad = jax.value_and_grad(loss_exp, has_aux=True)(actions)
        grad = jnp.clip(grad, -1, 1)
        return opt_update(episode, -grad, opt_state_), gain, grad, last_state

    opt_init, opt_update, get_params = optimizers.adam(step_size=0.05)
    a0 = jnp.array(np.random.random(size=num_master_genes))
    opt_state = opt_init(a0)

    for episode in range(num_episodes):
        opt_state, gain, grad, last_state = update(episode, opt_state)
    return get_params(opt_state)
