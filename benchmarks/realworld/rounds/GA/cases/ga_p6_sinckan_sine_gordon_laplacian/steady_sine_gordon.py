# Source: https://github.com/DUCH714/SincKAN/blob/babab037a587b4d3433374e410558911abdd6a26/pde/steady_sine_gordon.py
# Title: SincKAN pde/steady_sine_gordon.py (high-dimensional steady sine-Gordon PINN)
# Cut: argparse reduced to the dimension option; boundary sampler, evaluation, saving and plotting dropped; the interior sampler (called on the host between jitted steps) kept; train() cut to one sampling round and one step.
import jax.numpy as jnp
import equinox as eqx
import numpy as np
import optax
from jax import random, vmap, grad
import argparse
import jax

parser = argparse.ArgumentParser(description="SincKAN")
parser.add_argument("--n_interior", type=int, default=2000,
                    help="the number of interior training dataset for each epochs")
parser.add_argument("--dim", type=int, default=100, help="dimension of the problem")
parser.add_argument("--alpha", type=float, default=10, help='parameters for the width of poission')
args = parser.parse_args()


def solution_jax(x, alpha, c):
    A = jnp.mean(jnp.exp(-c * x[:-2] * x[1:-1] * x[2:]))
    B = -alpha * jnp.sum(x ** 2)
    return A * jnp.exp(B)


def right_hand_side(x, alpha, c, dim):
    u = lambda model, alpha, c, *x: model(jnp.stack([*x]), alpha, c)
    f = jnp.sum(
        jnp.stack([grad(grad(u, argnums=i + 3), argnums=i + 3)(solution_jax, alpha, c, *x) for i in range(dim)])) \
        + jnp.sin(u(solution_jax, alpha, c, *x))
    return f


class interior_points():
    def __init__(self, dim, interval=(-1, 1)):
        self.dim = dim
        self.points = jnp.linspace(interval[0], interval[1], 1000)[1:-1]

    def sample(self, num, key):
        keys = random.split(key, self.dim)
        points = jnp.concatenate([random.choice(key, self.points, shape=(num, 1), replace=True) for key in keys], -1)
        return points


def net(model, frozen_para, *x):
    return model(jnp.stack([*x]), frozen_para)[0]


def residual(model, x, frozen_para, r_s):
    '''
    -\\Delta u + sin(u) = f
    '''
    dim = x.shape[0]
    u_output = net(model, frozen_para, *x)
    f = jnp.sum(jnp.stack([grad(grad(net, argnums=i + 2), argnums=i + 2)(model, frozen_para, *x) for i in range(dim)])) \
        + jnp.sin(u_output)
    return f - r_s


def boundary(model, x, frozen_para):
    return net(model, frozen_para, *x)


def compute_loss(model, ob_x, ob_sup, frozen_para):
    res = vmap(residual, (None, 0, None, 0))(model, ob_x[:, :-1], frozen_para, ob_x[:, -1])
    r = (res ** 2).mean()
    ob_b = vmap(boundary, (None, 0, None))(model, ob_sup[:, :-1], frozen_para)
    l_b = ((ob_b - ob_sup[:, -1]) ** 2).mean()
    return r + 100 * l_b


compute_loss_and_grads = eqx.filter_value_and_grad(compute_loss)


@eqx.filter_jit
def make_step(model, ob_x, ob_sup, frozen_para, optim, opt_state):
    loss, grads = compute_loss_and_grads(model, ob_x, ob_sup, frozen_para)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    model = eqx.apply_updates(model, updates)
    return loss, model, opt_state


def train(key, model, ob_sup):
    keys = random.split(key, 3)
    dim = args.dim
    alpha = args.alpha / dim
    vec_c = abs(np.random.normal(0, 1, (dim - 2,)))
    x_in_set = interior_points(dim=dim, interval=[0.0, 1.0])
    frozen_para = model.get_frozen_para()
    optim = optax.adam(learning_rate=1e-2)
    opt_state = optim.init(eqx.filter(model, eqx.is_array))

    input_points = x_in_set.sample(args.n_interior, keys[0])
    ob_x = jnp.concatenate([input_points,
                            vmap(right_hand_side, (0, None, None, None))(input_points, alpha, vec_c, dim,
                                                                         ).reshape(-1, 1)],
                           -1)
    loss, model, opt_state = make_step(model, ob_x, ob_sup, frozen_para, optim, opt_state)
    return model
