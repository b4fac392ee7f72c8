# Source: https://github.com/Tojomcmo/ctrl_sandbox/blob/d4bad8d002bd3e8bf4941a75720e5b33fc25b8e7/src/gen_ctrl_funcs.py
# Title: src/gen_ctrl_funcs.py (Tojomcmo/ctrl_sandbox, parent of 0b354f6 "replaced linearizations
#        and taylor expansions using jax with lax.scan functions")
# Cut: kept linearize_dynamics, step_rk4 and calculate_linearized_state_space_seq verbatim; other
#      helpers (state-space class, discretisation, cost expansion) dropped.
import jax
import jax.numpy as jnp
import numpy as np
from numpy import typing as npt
from typing import Callable, Tuple


def linearize_dynamics(
        dyn_func:Callable[[jnp.ndarray, jnp.ndarray], jnp.ndarray], 
        xu_k:jnp.ndarray, x_k_len) -> Tuple[jnp.ndarray, jnp.ndarray]:
# Linearizes the dynamics function about the primals x and u
    dyn_func_xu = lambda xu_k: dyn_func(xu_k[:x_k_len], xu_k[x_k_len:])
    ab_lin_cat  = jax.jacfwd(dyn_func_xu)(xu_k)
    a_lin       = ab_lin_cat[:x_k_len,:x_k_len]
    b_lin       = ab_lin_cat[:x_k_len,x_k_len:]
    return a_lin, b_lin

def step_rk4(
        dyn_func_ad:Callable[[jnp.ndarray, jnp.ndarray], jnp.ndarray], 
        h:float, 
        x_k:jnp.ndarray, 
        u_k:jnp.ndarray) -> jnp.ndarray:
    #rk4 integration with zero-order hold on u
    f1 = dyn_func_ad(x_k            , u_k)
    f2 = dyn_func_ad(x_k + 0.5*h*f1 , u_k)
    f3 = dyn_func_ad(x_k + 0.5*h*f2 , u_k)
    f4 = dyn_func_ad(x_k + h*f3     , u_k)
    return x_k + (h/6.0) * (f1 + 2*f2 + 2*f3 + f4)

def calculate_linearized_state_space_seq(
        discrete_dyn_func:Callable[[jnp.ndarray, jnp.ndarray], jnp.ndarray], 
        x_seq:npt.NDArray[np.float64], 
        u_seq:npt.NDArray[np.float64]) -> Tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    # walk through state and control sequences
    # for each element, linearize the dyn_func dynamics
    # calculate the discretized dynamics for each linearized element
    # return a 3d matrix of both state and control transition matrices for each time step
    if len(x_seq) != (len(u_seq)+1):
        raise ValueError('state and control sequences are incompatible lengths. state seq must be control seq length +1')
    else:
        len_seq = len(u_seq)
        x_len   = len(x_seq[0,:])
        u_len   = len(u_seq[0,:])
        a_lin_array = np.zeros((len_seq, x_len, x_len))
        b_lin_array = np.zeros((len_seq, x_len, u_len))
        xu_seq = jnp.concatenate((x_seq[:-1], u_seq), axis=1)
        for idx in range(len_seq):
            a_lin, b_lin     = linearize_dynamics(discrete_dyn_func, xu_seq[idx], x_len)
            a_lin_array[idx] = np.array(a_lin)
            b_lin_array[idx] = np.array(b_lin)
    return a_lin_array, b_lin_array
