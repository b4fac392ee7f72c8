# Source: https://github.com/Tojomcmo/ctrl_sandbox/blob/d4bad8d002bd3e8bf4941a75720e5b33fc25b8e7/src/ilqr_funcs.py
# Title: src/ilqr_funcs.py (Tojomcmo/ctrl_sandbox, parent of 0b354f6)
# Cut: kept the currying of linearize_dyn_seq in ilqrConfigStruct and the call at the top of
#      calculate_backwards_pass; the Riccati recursion and mujoco branch are dropped.
import jax.numpy as jnp
import gen_ctrl_funcs as gen_ctrl


class ilqrConfigStruct:
    def __init__(self, num_states, num_controls, len_seq, time_step):
        self.num_states = num_states
        self.num_controls = num_controls
        self.len_seq = len_seq          # number of time steps in the trajectory
        self.time_step = time_step

    def curry_funcs_for_dyn_funcs(self)->None:
        self.discrete_dyn_func = lambda x, u: gen_ctrl.step_rk4(self.cont_dyn_func, self.time_step, x, u)
        self.linearize_dyn_seq = lambda x_seq, u_seq: gen_ctrl.calculate_linearized_state_space_seq(
                                                                self.discrete_dyn_func,
                                                                x_seq, u_seq)


def calculate_backwards_pass(ilqr_config, ctrl_state):
    Ad_seq, Bd_seq = ilqr_config.linearize_dyn_seq(ctrl_state.x_seq, ctrl_state.u_seq)
    return Ad_seq, Bd_seq
