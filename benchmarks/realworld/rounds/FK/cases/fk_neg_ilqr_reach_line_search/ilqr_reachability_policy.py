# Source: https://github.com/athindran/cbf_ddp_neural/blob/f55183d21165072322a7540543107c4d67b8eb9e/simulators/policy/ilqr_reachability_policy.py
# Title: simulators/policy/ilqr_reachability_policy.py (CBF-DDP safety filter, iLQR reachability policy)
# Cut: get_action (host-side iteration driver), the baseline/armijo/tune-margin line searches and the rest of the class cut; kept the trust-region line search and the critical-point search. The parent iLQR class (forward_pass, N, min_alpha) is imported as in the file.
from typing import Tuple, Optional, Dict
import time
import numpy as np
import jax
from jax import numpy as jnp
from jax import Array as DeviceArray
from functools import partial

from .ilqr_policy import iLQR


class iLQRReachability(iLQR):


    @partial(jax.jit, static_argnames='self')
    def trust_region_search_constant_margin(self, states, controls, Ks1, ks1, critical, J, Q_u, alpha_init=1.0, beta=0.8):
        @jax.jit
        def run_forward_pass(args):
            states, controls, Ks1, ks1, J, J_new, t_star, grad_alpha, _, Q_u, alpha = args
            alpha = beta * alpha
            X, U, J_new, critical_new, _, _ = self.forward_pass(nominal_states=states, nominal_controls=controls,
                                                                    K_closed_loop=Ks1, k_open_loop=ks1, alpha=alpha)
            # critical point
            t_star = jnp.argwhere(critical_new != 0, size=self.N - 1)[0][0]
            traj_diff = jnp.max(jnp.array([jnp.linalg.norm(x_new - x_old)
                                for x_new, x_old in zip(X[:2, :], states[:2, :])]))

            # Calculate gradient for armijo decrease condition
            grad_u = Ks1[:, :, t_star] @ (X[:, t_star] - states[:, t_star]) + ks1[:, t_star]

            # update returns
            grad_alpha = Q_u @ grad_u

            return states, controls, Ks1, ks1, J, J_new, t_star, grad_alpha, traj_diff, Q_u, alpha

        @jax.jit
        def check_continue(args):
            _, _, _, _, J, J_new, _, grad_alpha, traj_diff, _, alpha = args
            armijo_violation = ( J_new < J + 0.5 * grad_alpha * alpha )
            trust_region_violation = (traj_diff > self.margin)
            return jnp.logical_and(alpha > self.min_alpha, jnp.logical_or(armijo_violation, trust_region_violation))

        alpha = alpha_init
        J_new = -jnp.inf
        grad_alpha = 0
        t_star = jnp.argwhere(critical != 0, size=self.N - 1)[0][0]
        self.margin = 2.0
        traj_diff = 0.0

        states, controls, Ks1, ks1, J, J_new, _, _, _, _, alpha = jax.lax.while_loop(check_continue, run_forward_pass, (states, controls,
                                                                                                                            Ks1, ks1, J, J_new, t_star, grad_alpha, 
                                                                                                                            traj_diff, Q_u, alpha))

        return alpha


    @partial(jax.jit, static_argnames='self')
    def get_critical_points(
        self, failure_margins: DeviceArray
    ) -> Tuple[DeviceArray, DeviceArray]:

        @jax.jit
        def true_func(args):
            idx, critical, cur_margin, reachable_margin = args
            critical = critical.at[idx].set(True)
            return critical, cur_margin

        @jax.jit
        def false_func(args):
            idx, critical, cur_margin, reachable_margin = args
            return critical, reachable_margin

        @jax.jit
        def critical_pt(i, _carry):
            idx = self.N - 1 - i
            critical, reachable_margin = _carry
            critical, reachable_margin = jax.lax.cond(
                failure_margins[idx] < reachable_margin, true_func, false_func,
                (idx, critical, failure_margins[idx], reachable_margin)
            )
            return critical, reachable_margin

        critical = jnp.zeros(shape=(self.N,), dtype=bool)
        critical = critical.at[self.N - 1].set(True)
        critical, reachable_margin = jax.lax.fori_loop(
            1, self.N, critical_pt, (critical, failure_margins[-1])
        )  # backward until timestep 1

        return critical, reachable_margin

