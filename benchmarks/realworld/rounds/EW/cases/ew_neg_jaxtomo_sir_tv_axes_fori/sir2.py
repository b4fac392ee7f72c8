# Source: https://github.com/clemisch/jaxtomo/blob/b11521701750323f19721bbcfca95dda21e469ba/examples/sir2.py
# Title: examples/sir2.py
# Cut: dropped the phantom loading, FBP and noise simulation at the top; kept the cost functions and the jaxopt LBFGS run.
from pylab import *
import scipy.ndimage as nd
from tqdm import tqdm
from functools import partial

import jax
import jax.numpy as jnp

from jaxtomo import cone_fp as P_fp
from jaxtomo import cone_bp as P_bp
from jaxtomo import cone_fp_bp
from jaxtomo import proj_filter


###############################################################################
# COST FUNCTIONS
###############################################################################

get_fp, get_bp = cone_fp_bp.get_fp_bp(
    angles, 
    N, vx_size, 
    N, 
    ncols, px_width, 
    nrows, px_height, 
    z_source, z_det
)


@jax.jit
def get_tv(x):
    cost = 0.0
    for i in range(x.ndim):
        xd = jnp.diff(x, axis=i)
        cost += jnp.sum(jnp.abs(xd))
    return cost

get_tv_grad = jax.jit(jax.grad(get_tv))


@jax.jit
def get_loglike(x, y, w):
    mu = get_fp(x)
    T = jnp.exp(-mu)
    cost = jnp.sum(w * jnp.square(T - y))

    return cost

get_loglike_grad = jax.jit(jax.grad(get_loglike))


###############################################################################
# JAXOPT LBFGS
###############################################################################

import jaxopt


@jax.jit
def run_sir(x0, y, w, lambd, maxiter):
    def body_fun(i, arg):
        jax.debug.print("{i}", i=i)
        x, state = arg
        x, state = opt.update(x, state)
        return x, state

    opt = jaxopt.LBFGS(
        lambda x: get_loglike(x, y, w) + lambd * get_tv(x),
        maxiter=maxiter,
        tol=1e-3,
    )
    state = opt.init_state(x0)

    xopt, state = jax.lax.fori_loop(
        0, maxiter,
        body_fun,
        (x0, state)
    )

    return xopt


y = jax.device_put(T_noise)
w = 1 / y
w = jnp.where(y > 0, w, 1)
x0 = jnp.zeros_like(fbp)

xopt = run_sir(x0, y, w, 1e-2, 100)
