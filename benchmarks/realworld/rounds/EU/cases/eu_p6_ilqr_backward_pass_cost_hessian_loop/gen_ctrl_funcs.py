# Source: https://github.com/Tojomcmo/ctrl_sandbox/blob/d4bad8d002bd3e8bf4941a75720e5b33fc25b8e7/src/gen_ctrl_funcs.py
# Title: src/gen_ctrl_funcs.py (Tojomcmo/ctrl_sandbox, parent of 0b354f6)
# Cut: kept taylor_expand_cost and prep_xu_vec_for_diff verbatim.
import jax
import jax.numpy as jnp
import numpy as np
from numpy import typing as npt
from typing import Callable, Tuple


def taylor_expand_cost(
        cost_func:Callable[[jnp.ndarray, jnp.ndarray, int, bool],jnp.ndarray], 
        x_k:npt.NDArray[np.float64], 
        u_k:npt.NDArray[np.float64], 
        k_step:int, 
        is_final_bool:bool=False)-> Tuple[
            npt.NDArray[np.float64],npt.NDArray[np.float64],npt.NDArray[np.float64],npt.NDArray[np.float64],npt.NDArray[np.float64]]:
    ''' 
    This function creates a quadratic approximation of the cost function Using taylor expansion.
    Expansion is approximated about the rolled out trajectory
    '''
    # create concatenated state and control vector of primal points
    xu_k_jax, xu_k_len, x_k_len = prep_xu_vec_for_diff(x_k, u_k)
    # create lambda function of reduced inputs to only a single vector
    cost_func_xu:Callable[[jnp.ndarray],jnp.ndarray] = lambda xu_k: cost_func(xu_k[:x_k_len], 
                                                                              xu_k[x_k_len:], 
                                                                              k_step, 
                                                                              is_final_bool)
    # calculate the concatenated jacobian vector for the cost function at the primal point
    jac_cat      = (jax.jacfwd(cost_func_xu)(xu_k_jax)).reshape(xu_k_len,1)
    # calculate the lumped hessian matrix for the cost function at the primal point
    hessian_cat  = (jax.jacfwd(jax.jacrev(cost_func_xu))(xu_k_jax)).reshape(xu_k_len,xu_k_len)
    l_x  = np.array((jac_cat[:x_k_len]),               dtype=float)
    l_u  = np.array((jac_cat[x_k_len:]),               dtype=float)
    l_xx = np.array((hessian_cat[:x_k_len,:x_k_len]) , dtype=float)
    l_uu = np.array((hessian_cat[x_k_len:,x_k_len:]) , dtype=float)
    l_ux = np.array((hessian_cat[x_k_len:,:x_k_len]) , dtype=float)
    return l_x, l_u, l_xx, l_uu, l_ux
    
def prep_xu_vec_for_diff(x_k:npt.NDArray[np.float64],u_k:npt.NDArray[np.float64])->Tuple[jnp.ndarray, int, int]:
    '''x_k and u_k must each be shape (n,) and (m,) respectively'''
    xu_k       = np.concatenate([x_k, u_k])
    x_k_len    = len(x_k)
    xu_k_len   = len(xu_k)
    xu_k_jax   = jnp.array(xu_k)
    return xu_k_jax, xu_k_len, x_k_len
