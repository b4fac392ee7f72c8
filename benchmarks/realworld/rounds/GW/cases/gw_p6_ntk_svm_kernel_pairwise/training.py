# Source: https://github.com/andylolu2/idiots/blob/7e947ba24488a1327748e62171b0b22e4b83ba67/idiots/experiments/grokking/training.py
# Title: idiots/experiments/grokking/training.py
# Cut: kept the train state and init_state_ds (the model whose apply_fn the NTK differentiates);
#      train/eval steps, logging and checkpoint restore cut.
import jax
import optax
from flax.training import train_state

from idiots.dataset.algorithmic import binary_op_splits
from idiots.experiments.grokking.model import TransformerSingleOutput


class TrainState(train_state.TrainState):
    ...


def init_state_ds(config):
    ds_train, ds_test = binary_op_splits(
        config.task, config.train_percentage, config.seed
    )
    model = TransformerSingleOutput(
        d_model=config.model.d_model,
        n_layers=config.model.n_layers,
        n_heads=config.model.n_heads,
        vocab_size=ds_train.features["y"].num_classes,
        max_len=ds_train.features["x"].length,
    )
    params = model.init(jax.random.PRNGKey(config.seed), ds_train["x"][:1])
    tx = optax.adamw(
        learning_rate=optax.join_schedules(
            [
                optax.linear_schedule(0, config.opt.lr, config.opt.warmup_steps),
                optax.constant_schedule(config.opt.lr),
            ],
            boundaries=[config.opt.warmup_steps],
        ),
        b1=0.9,
        b2=0.98,
        weight_decay=config.opt.weight_decay,
    )
    state = TrainState.create(apply_fn=model.apply, params=params, tx=tx)
    return state, ds_train, ds_test
