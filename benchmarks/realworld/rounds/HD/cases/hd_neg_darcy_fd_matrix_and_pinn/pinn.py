# Source: https://github.com/clegaard/reduced_order_models/blob/83918bc052e10796bebe8d2445258dd70b15bbbd/experiments/1d_darcy.ipynb
# Title: 1d_darcy.ipynb (1D Darcy flow: finite-difference reference and a PINN)
# Cut: cells 1, 2, 7 and the PINN training cell converted to a module; loss plots dropped.
import jax.numpy as jnp
from jax import grad, jacfwd, jit, make_jaxpr, random, value_and_grad, vmap
from jax.example_libraries.optimizers import adam
from jax.nn import softplus, tanh
from tqdm import tqdm


def initialize_mlp(sizes, key):
    keys = random.split(key, len(sizes))

    def initialize_layer(m, n, key, scale=1e-2):
        w_key, b_key = random.split(key)
        return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))

    return [initialize_layer(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


def net(parameters, x):
    activations = x
    for w, b in parameters[:-1]:
        activations = tanh(jnp.dot(w, activations) + b)

    w, b = parameters[-1]
    u = jnp.sum(jnp.dot(w, activations) + b)
    return u


key = random.PRNGKey(0)
layer_sizes = [1, *[64]*4, 1]
params = initialize_mlp(layer_sizes,key)

init_fun, update_fun, get_params = adam(1e-3)
opt_state = init_fun(params)

x = jnp.arange(0.0,1.0,0.01)


def a(x):
  a_min = 1.0
  a_jump = -0.5
  x_jump = 0.5
  return jnp.tanh((x-x_jump)*20.0)*(a_jump/2) + (a_min + a_jump/2)


def forward(params,x):

    def f(x):
        u, dudx = value_and_grad(net,argnums=1)(params,x)
        return -a(x)*dudx

    v, dvdx = value_and_grad(f)(x)
    u = net(params,x)

    return u, v, dvdx


@jit
def update(opt_state):

    params = get_params(opt_state)

    def loss_inlet(params):
        u, v ,dvdx = forward(params, 0.0)
        return (v - 1.0)**2

    def loss_outlet(params):
        u, v ,dvdx = forward(params, 1.0)
        return (u-0.0)**2

    def loss_interior(params):
        u, v ,dvdx = vmap(forward,(None,0),0)(params, x)
        #return 0.0
        return jnp.sum((dvdx-0.0)**2) / x.shape[0]

    def loss(params):
        l1 = loss_inlet(params)
        l2 = loss_outlet(params)
        l3 = loss_interior(params)
        return l1+l2+l3

    loss_1 = loss_inlet(params)
    loss_2 = loss_outlet(params)
    loss_3 = loss_interior(params)

    grads = grad(loss)(params)

    opt_state = update_fun(0, grads,opt_state)

    return (loss_1,loss_2,loss_3), opt_state


losses_1 = []
losses_2 = []
losses_3 = []

for i in tqdm(range(100000)):
    (loss_1,loss_2,loss_3), opt_state = update(opt_state)
    losses_1.append(loss_1)
    losses_2.append(loss_2)
    losses_3.append(loss_3)
