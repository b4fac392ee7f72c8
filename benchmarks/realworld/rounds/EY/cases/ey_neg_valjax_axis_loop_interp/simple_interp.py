# Source: https://github.com/iamlemec/valjax/blob/8cce14ba333078ed35625f211cf1fe5f48809a05/notebooks/simple_interp.ipynb
# Title: simple_interp.ipynb (valjax: finite-horizon capital model with interpolated policy)
# Cut: code cells converted to a .py file; plotting and %timeit cells dropped; `vj.` calls
#      pointed at the local grid.py; jax.partial written as functools.partial.
from functools import partial

import jax
import jax.numpy as np
from jax import lax

import grid as vj

N = 200 # number of grid points
f_lo, f_hi = 0.5, 2.0 # proportional grid range

par0 = {
    'β': 0.95,
    'δ': 0.1,
    'α': 0.35,
    'z': 1.0,
}

def get_kss(par):
    β, δ, α, z = par['β'], par['δ'], par['α'], par['z']
    return (α*z/((1-β)/β+δ))**(1/(1-α))
k_ss = get_kss(par0)

k_min, k_max = f_lo*k_ss, f_hi*k_ss
k_grid = np.linspace(k_min, k_max, N)

def util(c, ϵ=1e-6):
    u0 = np.log(ϵ) + (c/ϵ-1)
    u1 = np.log(np.maximum(ϵ, c))
    return np.where(c >= ϵ, u1, u0)

def prod(z, k, α):
    return z*k**α

def value(par, grid, st, tv):
    β = par['β']
    cp = grid['cp']
    vn = st['vn']
    t = tv['t']

    vp = util(cp) + β*vn[None,:]
    ip = vj.smoothmax(vp, axis=1)
    kp = vj.interp_index(k_grid, ip)
    v = vj.interp_address(vp, ip, axis=1)

    stp = {
        'vn': v,
    }
    out = {
        'v': v,
        'kp': kp,
    }
    return stp, out

def solve(par, T):
    α = par['α']
    δ = par['δ']
    z = par['z']

    y_grid = prod(z, k_grid, α)
    yd_grid = y_grid + (1-δ)*k_grid
    cp_grid = yd_grid[:,None] - k_grid[None,:]

    grid = {
        'cp': cp_grid
    }
    value1 = partial(value, par, grid)

    st0 = {
        'vn': util(y_grid),
    }
    tv = {
        't': np.arange(T)[::-1],
    }
    last, path = lax.scan(value1, st0, tv)
    return path

jsolve = jax.jit(solve, static_argnums=(1,))
ret = jsolve(par0, 100)

def moments(par, T):
    ret = solve(par, T)
    kp = ret['kp']
    i = kp - k_grid
    μi = np.mean(i)
    return μi

g_moments = jax.grad(moments, argnums=(0,))
jg_moments = jax.jit(g_moments, static_argnums=(1,))
jg_moments(par0, 30)
