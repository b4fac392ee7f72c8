# Source: https://github.com/jpmorganchase/jpmc-qcware-deephedging/blob/2e8619393b7a9acf38e9ec7a38176c24bb43ffc7/Part_1/source/train.py
# Title: jpmc-qcware-deephedging Part_1/source/train.py (deep hedging training)
# Cut: kept gen_paths, entropy_loss and build_train_fn (orthogonalisation branch dropped); the
#      __main__ experiment driver omitted.
import jax
import numpy as np
import optax
from jax import numpy as jnp
from tqdm import tqdm


def gen_paths(hps):
    """Generate paths for geometric Brownian motion: (n_paths, n_steps + 1)."""
    dt = 1 / 252
    paths = np.zeros((hps.n_steps + 1, hps.n_paths), np.float64)
    paths[0] = hps.S0
    for t in tqdm(range(1, hps.n_steps + 1)):
        rand = np.random.standard_normal(hps.n_paths)
        rand = (rand - rand.mean()) / rand.std()
        if hps.discrete_path:
            rand = np.asarray([2 * int(i > 0) - 1 for i in rand])
            paths[t] = paths[t - 1] + rand
        else:
            paths[t] = paths[t - 1] * np.exp(
                (hps.risk_free - 0.5 * hps.sigma**2) * dt
                + hps.sigma * np.sqrt(dt) * rand
            )
    return paths.T


def entropy_loss(hps, wealths):
    entropy_scale = hps.loss_param
    return (1 / entropy_scale) * jnp.log(jnp.mean(jnp.exp(-entropy_scale * wealths)))


def build_train_fn(hps, net, opt, loss_metric, epsilon=0.0, wealth_init=0.0, strike_price=100.0):
    def loss_fn(params, state, key, inputs):
        if hps.discrete_path:
            I = inputs - 100
        else:
            I = jnp.log(inputs / 100)
        outputs, state = net.apply(params, state, key, I[:, :-1, :])
        outputs = jnp.concatenate((outputs, jnp.zeros_like(outputs[:, [0], :])), axis=1)
        deltas = jnp.concatenate(
            (outputs[:, [0], :], outputs[:, 1:, :] - outputs[:, :-1, :]), axis=1,
        )
        wealths = wealth_init
        wealths -= jnp.einsum("ijk,ijk->ik", jnp.abs(deltas), inputs) * hps.epsilon
        wealths -= jnp.einsum("ijk,ijk->ik", deltas, inputs)
        wealths += jnp.einsum("ijk,ijk->ik", outputs[:, [-1], :], inputs[:, [-1], :])
        wealths -= jnp.maximum(inputs[:, -1] - strike_price, 0.0)
        loss = loss_metric(hps, wealths)
        return loss, (state, wealths, deltas, outputs)

    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)

    @jax.jit
    def train_fn(params, state, opt_state, key, inputs):
        (loss, (state, wealths, deltas, outputs)), grads = grad_fn(params, state, key, inputs)
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, state, opt_state, loss, (wealths, deltas, outputs)

    return train_fn, loss_fn
