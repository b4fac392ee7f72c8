# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/estimators/neural/_basic_training.py
# Title: bmi: basic training loop used for most neural estimators
# Cut: only the jitted training step, with mi_formula bound to the linear-memory
#      InfoNCE as in _estimators.InfoNCEEstimator(_train_backend="linear").
import jax
import optax

from _backend_linear_memory import infonce

mi_formula = infonce
optimizer = optax.adam(learning_rate=0.1)


@jax.jit
def step(critic, opt_state, xs, ys):
    """One training step."""

    def loss(critic, xs, ys):
        return -mi_formula(critic, xs, ys)

    loss_step, grads = jax.value_and_grad(loss)(critic, xs, ys)
    updates, opt_state = optimizer.update(grads, opt_state, critic)
    critic = optax.apply_updates(critic, updates)
    return critic, opt_state, -loss_step
