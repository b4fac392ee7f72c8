# Source: https://github.com/Tojomcmo/ctrl_sandbox/blob/54997eb30159860f0ebb6ead1a594fde9e1fe18d/src/ctrl_sandbox/dir_col_funcs.py
# Title: src/ctrl_sandbox/dir_col_funcs.py (Tojomcmo/ctrl_sandbox)
# Cut: kept the jit/jacfwd wrappers, calc_dyn_colloc_ceqs_full and the three scan bodies; the
#      opt-vector helpers are reduced to a reshape, the Hermite-Simpson interpolation helpers inlined.
from typing import Callable, Tuple
import jax
import jax.numpy as jnp
import jax.lax as lax
import numpy as np
import numpy.typing as npt


def prep_dyn_colloc_curried_for_diff(
    dyn_colloc_curried: Callable[[jnp.ndarray], jnp.ndarray]
) -> Callable[[npt.NDArray[np.float64]], npt.NDArray[np.float64]]:
    dyn_colloc_jit = jax.jit(dyn_colloc_curried)

    def dyn_colloc_diff(opt_vec: npt.NDArray[np.float64]):
        return np.array(jax.jacfwd(dyn_colloc_jit)(jnp.array(opt_vec)))

    return dyn_colloc_diff


def breakout_opt_vec(len_seq, x_len, u_len, opt_vec):
    x_seq = opt_vec[: len_seq * x_len].reshape(len_seq, x_len)
    u_seq = opt_vec[len_seq * x_len:].reshape(len_seq - 1, u_len)
    return x_seq, u_seq


def calc_dyn_colloc_ceqs_full(
    lin_interp_mid_point_func, knot_point_dyn_scan_func, mid_point_dyn_scan_func,
    colloc_calc_scan_func, len_seq, x_len, u_len, x_o, x_f, opt_vec,
) -> jnp.ndarray:
    x_seq, u_seq = breakout_opt_vec(len_seq, x_len, u_len, opt_vec)
    # append u_seq with zero vec for collocation
    u_seq = jnp.append(u_seq, (jnp.zeros((u_len,), dtype=float)).reshape(1, -1), axis=0)
    ceq_o, ceq_f = x_seq[0] - x_o, x_seq[-1] - x_f
    u_seq_m_p = lin_interp_mid_point_func(u_seq)
    # calc_knot_point_dyn_seq
    _, dyn_seq_k_p = lax.scan(knot_point_dyn_scan_func, None, (x_seq, u_seq))
    mid_point_dyn_calc_seqs = (x_seq[:-1], x_seq[1:], dyn_seq_k_p[:-1], dyn_seq_k_p[1:], u_seq_m_p)
    # Calculate collocation dynamics and stack dynamic sequence
    _, dyn_seq_m_p = lax.scan(mid_point_dyn_scan_func, None, (mid_point_dyn_calc_seqs))
    colloc_calc_seqs = (x_seq[:-1], x_seq[1:], dyn_seq_k_p[:-1], dyn_seq_m_p, dyn_seq_k_p[1:])
    _, ceq_seq = lax.scan(colloc_calc_scan_func, None, (colloc_calc_seqs))

    return jnp.concatenate((ceq_o, ceq_seq.reshape(-1), ceq_f), axis=0)


def calc_knot_point_dyn_scan_func(cont_dyn_func, carry: None, seqs) -> Tuple[None, jnp.ndarray]:
    x_k, u_k = seqs
    x_dot_k = cont_dyn_func(x_k, u_k)
    return carry, x_dot_k


def calc_mid_point_dyn_scan_func(cont_dyn_func, h: float, carry: None, seqs) -> Tuple[None, jnp.ndarray]:
    x_k, x_kp1, dyn_k, dyn_kp1, u_m_p = seqs
    x_m_p = 0.5 * (x_k + x_kp1) + (h / 8.0) * (dyn_k - dyn_kp1)
    dyn_m_p = cont_dyn_func(x_m_p, u_m_p)
    return carry, dyn_m_p


def calc_colloc_H_S_scan_func(h: float, carry: None, seqs) -> Tuple[None, jnp.ndarray]:
    x_k, x_kp1, dyn_k, dyn_m_p, dyn_kp1 = seqs
    state_integrate = (h / 6.0) * (dyn_k + 4.0 * dyn_m_p + dyn_kp1)
    ceq_m_p = state_integrate - (x_kp1 - x_k)
    return carry, ceq_m_p
