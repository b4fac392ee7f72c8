# Source: https://github.com/cqsl/sparse-twobody-arnn/blob/fea2952dc2f025c92076b6ab0e3e437254c6032d/main.py
# Title: main.py (VMC training of TwoBo or MADE)
# Cut: kept only the jitted update step that samples from the network and differentiates
#      the variational free energy; `args.batch_size` replaced by a module constant.
from functools import partial

import equinox as eqx
import jax

batch_size = 1024


@partial(jax.jit, static_argnames="optimizer")
def update(net, opt_state, key, ham, optimizer, beta):
    key, key_sample = jax.random.split(key)
    N = ham.N
    ham_params = ham.J[0]
    x, x_hat = net.sample(batch_size, N, ham_params, beta, key_sample)

    log_q = net.get_log_p(x, x_hat)
    energy = ham(x)
    loss = log_q + beta * energy

    params, static = eqx.partition(net, eqx.is_array)

    def loss_fun(params):
        net = eqx.combine(params, static)
        return ((loss - loss.mean()) * net(x, ham_params, beta)).mean()

    grads = jax.grad(loss_fun)(params)
    updates, opt_state = optimizer.update(grads, opt_state, net)
    net = eqx.apply_updates(net, updates)

    E = energy / N
    S = -log_q / N
    F = E - S / beta
    return net, opt_state, key, F.mean()
