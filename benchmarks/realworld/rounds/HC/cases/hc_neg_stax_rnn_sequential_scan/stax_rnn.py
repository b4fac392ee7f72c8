# Source: https://github.com/jax-ml/jax/issues/2224
# Title: RNN's in staxs
# Cut: the two combinators from the issue description (`sequential`, built on lax.scan, and the
#      adapter that lets single-input stax layers pass the recurrent state through); the init
#      functions, the GRU cell layer and the time-series training script are reconstructed
#      in the style of stax.serial.
import jax.numpy as np
from jax import lax, random, jit, grad
from jax.experimental import stax, optimizers


def sequential(*layers):
    """Combinator: apply `layers` in order at every time step, carrying the state with lax.scan."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        params = []
        for init_fun in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, param = init_fun(layer_rng, input_shape)
            params.append(param)
        return input_shape, params

    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        inputs, state = inputs

        def scan_fun(x0, x):
            inputs = (x, x0)

            for fun, param, rng in zip(apply_funs, params, rngs):
                inputs = fun(param, inputs, rng=rng, **kwargs)
            output, state = inputs
            return state, output

        state, output = lax.scan(f=scan_fun, init=state, xs=inputs)
        return output

    return init_fun, apply_fun


def stateless(*layers):
    """Adapter: run ordinary (single input / single output) stax layers on (inputs, state) tuples."""
    nlayers = len(layers)
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        input_shape, state_shape = input_shape
        params = []
        for init_fun in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, param = init_fun(layer_rng, input_shape)
            params.append(param)
        return (input_shape, state_shape), params

    def apply_fun(params, inputs, **kwargs):
        inputs, state = inputs
        rng = kwargs.pop("rng", None)
        rngs = random.split(rng, nlayers) if rng is not None else (None,) * nlayers
        for fun, param, rng in zip(apply_funs, params, rngs):
            inputs = fun(param, inputs, rng=rng, **kwargs)
        return inputs, state

    return init_fun, apply_fun


def GRUCell(out_dim):
    def init_fun(rng, input_shape):
        x_shape, h_shape = input_shape
        k1, k2 = random.split(rng)
        W = random.normal(k1, (x_shape[-1] + out_dim, 3 * out_dim)) * 0.1
        b = np.zeros(3 * out_dim)
        return (x_shape[:-1] + (out_dim,), h_shape), (W, b)

    def apply_fun(params, inputs, **kwargs):
        x, h = inputs
        W, b = params
        zr_h = np.dot(np.concatenate([x, h], -1), W) + b
        z, r, c = np.split(zr_h, 3, axis=-1)
        z = 1 / (1 + np.exp(-z))
        h_new = (1 - z) * h + z * np.tanh(c)
        return h_new, h_new

    return init_fun, apply_fun


# 365 trajectories of 24 samples with 5 features (time major inside the scan)
init_fun, rnn_apply = sequential(GRUCell(32), stateless(stax.Dense(1)))


def loss(params, batch):
    xs, ys, h0 = batch
    preds = rnn_apply(params, (xs, h0))
    return np.mean((preds - ys) ** 2)


opt_init, opt_update, get_params = optimizers.adam(1e-3)


@jit
def update(i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)
