# Source: https://github.com/cbg-ethz/bmi/blob/6c569b93f966dbdf53d4eb3fc287c791d87f2cd2/src/bmi/estimators/neural/_basic_training.py
# Title: bmi: basic training loop used for most neural estimators
# Cut: TrainingLog replaced by plain lists; docstring shortened.
from typing import Callable, Optional

import equinox as eqx
import jax
import optax


def get_batch(xs, ys, key: jax.Array, batch_size: Optional[int]):
    if batch_size is not None:
        batch_indices = jax.random.choice(
            key,
            len(xs),
            shape=(batch_size,),
            replace=False,
        )
        return xs[batch_indices], ys[batch_indices]
    else:
        return xs, ys


def basic_training(
    rng: jax.Array,
    critic: eqx.Module,
    mi_formula: Callable,
    xs,
    ys,
    mi_formula_test: Optional[Callable] = None,
    xs_test=None,
    ys_test=None,
    batch_size: Optional[int] = 256,
    test_every_n_steps: int = 250,
    max_n_steps: int = 2_000,
    learning_rate: float = 0.1,
):
    mi_formula_test = mi_formula_test or mi_formula
    xs_test = xs_test if xs_test is not None else xs
    ys_test = ys_test if ys_test is not None else ys

    # initialize the optimizer
    optimizer = optax.adam(learning_rate=learning_rate)
    opt_state = optimizer.init(critic)

    # compile the training step
    @jax.jit
    def step(critic, opt_state, xs, ys):
        """One training step."""

        def loss(critic, xs, ys):
            return -mi_formula(critic, xs, ys)

        loss_step, grads = jax.value_and_grad(loss)(critic, xs, ys)
        updates, opt_state = optimizer.update(grads, opt_state, critic)
        critic = optax.apply_updates(critic, updates)
        return critic, opt_state, -loss_step

    # main training loop
    train_log, test_log = [], []
    keys = jax.random.split(rng, max_n_steps)
    for n_step, key in enumerate(keys, start=1):
        # run step
        batch_xs, batch_ys = get_batch(xs, ys, key, batch_size)
        critic, opt_state, mi_train = step(critic, opt_state, batch_xs, batch_ys)

        # logging train
        train_log.append((n_step, mi_train))

        # logging test
        if n_step % test_every_n_steps == 0:
            mi_test = mi_formula_test(critic, xs_test, ys_test)
            test_log.append((n_step, mi_test))

    return train_log, test_log, critic
