# Source: https://github.com/shyamsn97/jax-nca/blob/7c9a7cdb3c90327e80424a5127c189df1d72a4ab/README.md
# Title: jax-nca README, section "Why Jax?" (Neural Cellular Automata in Jax/Flax)
# Cut: the README's two code blocks (the Python-loop growth process and its lax.scan rewrite) as a
#      module; the first is renamed multi_step_loop so both fit in one file. The loss below that
#      differentiates the growth process is reconstructed (the README says the NCA growth runs
#      inside jitted training, trainer.py is not reproduced).
import jax
import jax.numpy as jnp


def multi_step_loop(params, nca, current_state, num_steps):
    # params: parameters for NCA
    # nca: Flax Module describing NCA
    # current_state: Current NCA state
    # num_steps: number of steps to run

    for i in range(num_steps):
        current_state = nca.apply(params, current_state)
    return current_state


def multi_step(params, nca, current_state, num_steps):
    # params: parameters for NCA
    # nca: Flax Module describing NCA
    # current_state: Current NCA state
    # num_steps: number of steps to run

    def forward(carry, inp):
        carry = nca.apply({"params": params}, carry)
        return carry, carry

    final_state, nca_states = jax.lax.scan(forward, current_state, None, length=num_steps)
    return final_state


def make_train_step(nca, target, num_steps=64):
    def loss_fn(params, seed):
        final_state = multi_step_loop(params, nca, seed, num_steps)
        return jnp.mean((final_state[..., :4] - target) ** 2)

    return jax.jit(jax.value_and_grad(loss_fn))
