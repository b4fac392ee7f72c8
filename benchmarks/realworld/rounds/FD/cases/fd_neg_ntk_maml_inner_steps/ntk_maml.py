# Source: https://github.com/hsukyle/neural-tangents/blob/3405030cb49f9c844a18a7a09f39354de2418124/maml/ntk_maml.py
# Title: maml/ntk_maml.py (hsukyle/neural-tangents fork: NTK analysis of MAML)
# Cut: argparse reduced to the used flags (defaults kept), visdom/logging and the evaluation-task
#      aux entries dropped; network/data imports kept as in the source.
import jax.numpy as np
from jax import random
from jax import jit, grad, vmap
from jax.experimental.stax import logsoftmax
from jax.tree_util import tree_flatten

from functools import partial
from network import conv_net
from util import select_opt
import argparse

parser = argparse.ArgumentParser()
parser.add_argument('--n_hidden_layer', type=int, default=4)
parser.add_argument('--n_hidden_unit', type=int, default=64)
parser.add_argument('--bias_coef', type=float, default=1.0)
parser.add_argument('--outer_step_size', type=float, default=1e-2)
parser.add_argument('--outer_opt_alg', type=str, default='adam')
parser.add_argument('--inner_opt_alg', type=str, default='sgd')
parser.add_argument('--inner_step_size', type=float, default=5e0)
parser.add_argument('--n_inner_step', type=int, default=1)
parser.add_argument('--n_way', type=int, default=5)
parser.add_argument('--gradient_alignment_regularization', type=float, default=0.0)
args = parser.parse_args()

net_init, f = conv_net(n_output=args.n_way,
                       n_conv_layer=args.n_hidden_layer,
                       n_filter=args.n_hidden_unit,
                       bias_coef=args.bias_coef,
                       activation='relu',
                       norm='None')
_, params = net_init(rng=random.PRNGKey(42), input_shape=(-1, 28, 28, 1))

loss = lambda fx, targets: -np.sum(logsoftmax(fx) * targets) / targets.shape[0]
grad_loss = jit(grad(lambda p, x, y: loss(f(p, x), y)))
param_loss = jit(lambda p, x, y: loss(f(p, x), y))

outer_opt_init, outer_opt_update, outer_get_params = select_opt(args.outer_opt_alg, args.outer_step_size)()
inner_opt_init, inner_opt_update, inner_get_params = select_opt(args.inner_opt_alg, args.inner_step_size)()

def inner_optimization(params_init, x, y, n_inner_step):
    state = inner_opt_init(params_init)
    for i in range(n_inner_step):
        p = inner_get_params(state)
        g = grad_loss(p, x, y)
        state = inner_opt_update(i, g, state)
    p = inner_get_params(state)
    l = param_loss(p, x, y)
    return p, l

def process_gradient(g_pytree):
    g_list = [x.flatten() for x in tree_flatten(g_pytree)[0]]
    return g_list

@jit
def maml_loss(params_init, task):
    aux = {}
    # current task for MAML update
    x_train, y_train, x_test, y_test = task
    p, aux['loss_train'], = inner_optimization(
        params_init, x_train, y_train, args.n_inner_step
    )
    aux['loss_test'] = param_loss(p, x_test, y_test)

    # gradient alignment
    g_train_init = np.concatenate(process_gradient(grad_loss(params_init, x_train, y_train)))
    g_test_init = np.concatenate(process_gradient(grad_loss(params_init, x_test, y_test)))
    alignment = np.dot(g_train_init, g_test_init) / np.linalg.norm(g_train_init) / np.linalg.norm(g_test_init)
    loss_reg = args.gradient_alignment_regularization * alignment

    return aux['loss_test'] + loss_reg, aux


@jit
def maml_loss_batch(params_init, task_batch):
    loss_test_batch, aux = vmap(partial(maml_loss, params_init), in_axes=0)(task_batch)
    return np.mean(loss_test_batch), aux


@jit
def outer_step(i, state, task_batch):
    params = outer_get_params(state)
    g, aux = grad(maml_loss_batch, has_aux=True)(params, task_batch)
    return outer_opt_update(i, g, state), aux
