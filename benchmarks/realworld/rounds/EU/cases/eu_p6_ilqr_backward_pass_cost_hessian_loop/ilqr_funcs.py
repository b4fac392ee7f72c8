# Source: https://github.com/Tojomcmo/ctrl_sandbox/blob/d4bad8d002bd3e8bf4941a75720e5b33fc25b8e7/src/ilqr_funcs.py
# Title: src/ilqr_funcs.py (Tojomcmo/ctrl_sandbox, parent of 0b354f6 "replaced linearizations and taylor expansions using jax with lax.scan functions")
# Cut: kept calculate_backwards_pass, initialize_backwards_pass, taylor_expand_pseudo_hamiltonian,
#      calculate_final_ctg_approx, calculate_backstep_ctg_approx and calculate_optimal_gains; timing
#      prints, shape asserts and the config/state classes dropped; util.is_pos_def/reqularize_mat inlined.
import jax.numpy as jnp
import numpy as np
from numpy import typing as npt
from typing import Callable, Tuple

import gen_ctrl_funcs as gen_ctrl


def is_pos_def(x):
    return bool(np.all(np.linalg.eigvals(x) > 0))


def reqularize_mat(mat, ro):
    return mat + ro * np.eye(mat.shape[0], mat.shape[1])


def calculate_backwards_pass(ilqr_config, ctrl_state):
    Ad_seq, Bd_seq = ilqr_config.linearize_dyn_seq(ctrl_state.x_seq, ctrl_state.u_seq)
    P_N, p_N = calculate_final_ctg_approx(ilqr_config.cost_func_for_diff, 
                                                        ctrl_state.x_seq[-1], 
                                                        ctrl_state.u_len,
                                                        ctrl_state.len_seq)
    
    P_kp1, p_kp1, k_seq, d_seq, Del_V_vec_seq = initialize_backwards_pass(P_N, p_N, ctrl_state.x_len,
                                                                          ctrl_state.u_len, ctrl_state.len_seq)
    if ctrl_state.ro_reg_change_bool is True:
        ro_reg = ctrl_state.ro_reg + ilqr_config.ro_reg_change
    else:
        ro_reg = ilqr_config.ro_reg_start
    is_valid_q_uu = False
    while is_valid_q_uu is False:
        for idx in range(ctrl_state.len_seq - 1):
            # solve newton-step condition backwards from sequence end
            k_step = ctrl_state.len_seq - (idx + 2) 
            is_valid_q_uu = True
            q_x, q_u, q_xx, q_ux, q_uu, q_ux_reg, q_uu_reg = taylor_expand_pseudo_hamiltonian(
                                                                        ilqr_config.cost_func_for_diff,
                                                                        Ad_seq[k_step],
                                                                        Bd_seq[k_step],
                                                                        ctrl_state.x_seq[k_step],
                                                                        ctrl_state.u_seq[k_step],
                                                                        P_kp1,
                                                                        p_kp1,
                                                                        ro_reg,
                                                                        k_step)
            # if q_uu_reg is not positive definite, reset loop to initial state and increase ro_reg
            if is_pos_def(q_uu_reg) is False:
                is_valid_q_uu = False
                ro_reg    = ro_reg + ilqr_config.ro_reg_change
                P_kp1, p_kp1, k_seq, d_seq, Del_V_vec_seq = initialize_backwards_pass(P_N, p_N, ctrl_state.x_len,
                                                                                      ctrl_state.u_len, ctrl_state.len_seq)
                break
                
            else:
                K_k,   d_k                = calculate_optimal_gains(q_uu_reg, q_ux_reg, q_u)
                P_kp1, p_kp1, Del_V_vec_k = calculate_backstep_ctg_approx(q_x, q_u, q_xx, q_uu, q_ux, K_k, d_k)
                k_seq[k_step]         = K_k
                d_seq[k_step]         = d_k
                Del_V_vec_seq[k_step] = Del_V_vec_k
    return k_seq, d_seq, Del_V_vec_seq, ro_reg


def initialize_backwards_pass(P_N:npt.NDArray, p_N:npt.NDArray, x_len:int, u_len:int, len_seq:int):
    K_seq         = np.zeros([(len_seq-1), u_len, x_len])
    d_seq         = np.zeros([(len_seq-1), u_len, 1])
    Del_V_vec_seq = np.zeros([(len_seq-1), 2])
    P_kp1 = P_N
    p_kp1 = p_N
    return P_kp1, p_kp1, K_seq, d_seq, Del_V_vec_seq


def taylor_expand_pseudo_hamiltonian(cost_func_for_diff, A_lin_k, B_lin_k, x_k, u_k, P_kp1, p_kp1, ro_reg, k_step):
#   Q(dx,du) = l(x+dx, u+du) + V'(f(x+dx,u+du))
#   where V' is value function at the next time step
    l_x, l_u, l_xx, l_uu, l_ux = gen_ctrl.taylor_expand_cost(cost_func_for_diff, x_k, u_k, k_step)
    if ro_reg > 0:
        P_kp1_reg = reqularize_mat(P_kp1, ro_reg)
    else:
        P_kp1_reg = P_kp1    
    q_x      = l_x  + A_lin_k.T @ p_kp1
    q_u      = l_u  + B_lin_k.T @ p_kp1
    q_xx     = l_xx + A_lin_k.T @ P_kp1     @ A_lin_k
    q_uu     = l_uu + B_lin_k.T @ P_kp1     @ B_lin_k
    q_ux     = l_ux + B_lin_k.T @ P_kp1     @ A_lin_k
    q_uu_reg = l_uu + B_lin_k.T @ P_kp1_reg @ B_lin_k
    q_ux_reg = l_ux + B_lin_k.T @ P_kp1_reg @ A_lin_k
    return q_x, q_u, q_xx, q_ux, q_uu, q_ux_reg, q_uu_reg


def calculate_final_ctg_approx(cost_func_for_diff, x_N, u_len:int, len_seq:int):
    u_N = np.zeros([u_len], dtype=float)
    k_step = len_seq - 1
    p_N, _, P_N, _, _ = gen_ctrl.taylor_expand_cost(cost_func_for_diff, x_N, u_N, k_step, is_final_bool=True)
    return P_N, p_N


def calculate_backstep_ctg_approx(q_x, q_u, q_xx, q_uu, q_ux, K_k, d_k):
    q_xu        = q_ux.T 
    P_k         = (q_xx) + (K_k.T @ q_uu @ K_k) + (K_k.T @ q_ux) + (q_xu @ K_k) 
    p_k         = (q_x ) + (K_k.T @ q_uu @ d_k) + (K_k.T @ q_u ) + (q_xu @ d_k) 
    Del_V_vec_k = np.array([(d_k.T @ q_u),((0.5) * (d_k.T @ q_uu @ d_k))]).reshape(1,-1) 
    return P_k, p_k, Del_V_vec_k[0]


def calculate_optimal_gains(q_uu_reg, q_ux, q_u):
    inverted_q_uu = np.linalg.inv(q_uu_reg)
    K_k           = -inverted_q_uu @ q_ux
    d_k           = -inverted_q_uu @ q_u
    return K_k, d_k
