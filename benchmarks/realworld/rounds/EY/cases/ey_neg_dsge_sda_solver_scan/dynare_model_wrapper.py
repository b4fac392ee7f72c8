# Source: https://github.com/agonzago/gpm_ideas/blob/eae8369dd0568525335e9fcce61a3f3aea32283e/parser7/dynare_model_wrapper.py
# Title: dynare_model_wrapper.py (DynareModel wrapper: JAX solve + NumPyro model)
# Cut: kept DynareModel.solve up to the augmented transition matrices and the head of
#      _numpyro_model (prior sampling, solve_and_check); the Kalman likelihood part, IRFs,
#      simulation and the commented-out older model dropped; dp.compute_Q_jax written as self.compute_Q.
from typing import Any, Dict, List, Tuple, Union

import jax
import jax.numpy as jnp
import numpyro

import sda_solver as dp

NUMPYRO_AVAILABLE = True


class DynareModel:
    def solve(self, param_dict: Dict[str, float], max_iter_sda: int = 500) -> Dict[str, Any]:
        """ Solves the model using JAX functions, designed for robustness. (Attempt 7) """
        stat_args, all_args, shock_std_devs = self._prepare_params(param_dict)
        eval_params = {name: val for name, val in zip(self.all_param_names, all_args)}
        A_num_stat = jnp.asarray(self.func_A(*stat_args), dtype=self.dtype)
        B_num_stat = jnp.asarray(self.func_B(*stat_args), dtype=self.dtype)
        C_num_stat = jnp.asarray(self.func_C(*stat_args), dtype=self.dtype)
        D_num_stat = jnp.asarray(self.func_D(*stat_args), dtype=self.dtype)

        P_sol_stat, _, _, converged_flag = dp.solve_quadratic_matrix_equation_jax( # Capture flag
            A_num_stat, B_num_stat, C_num_stat, tol=1e-12, max_iter=max_iter_sda, verbose=False)

        # <<< Check convergence flag from solver >>>
        # If not converged, P_sol_stat might be NaN. Let compute_Q handle NaN propagation.
        # jdebug.print("Solve SDA converged: {flag}", flag=converged_flag) # Optional: print convergence

        Q_sol_stat = self.compute_Q(A_num_stat, B_num_stat, D_num_stat, P_sol_stat)
        P_num_trend = jnp.asarray(self.func_P_trends(*all_args), dtype=self.dtype)
        Q_num_trend = jnp.asarray(self.func_Q_trends(*all_args), dtype=self.dtype)

        common_dtype = self.dtype
        stat_std_devs_arr = jnp.array([shock_std_devs[shk] for shk in self.stat_shocks], dtype=common_dtype)
        trend_std_devs_arr = jnp.array([shock_std_devs[shk] for shk in self.trend_shocks], dtype=common_dtype)

        n_stat_vars = len(self.ordered_stat_vars)
        n_stat_shock_expected = len(stat_std_devs_arr)
        # Scale Q_stat by sigmas: Q_stat @ diag(sigmas_stat) -> R_stat
        R_sol_stat = Q_sol_stat @ jnp.diag(stat_std_devs_arr)

        n_trend_vars = len(self.ordered_trend_state_vars)
        n_trend_shock_expected = len(trend_std_devs_arr)
        # Scale Q_trend by sigmas: Q_trend @ diag(sigmas_trend) -> R_trend
        R_num_trend = Q_num_trend @ jnp.diag(trend_std_devs_arr)

        # Build augmented system
        n_stat = P_sol_stat.shape[0]; n_trend = P_num_trend.shape[0]; n_aug = n_stat + n_trend
        n_stat_shock = len(self.stat_shocks); n_trend_shock = len(self.trend_shocks); n_aug_shock = n_stat_shock + n_trend_shock

        P_aug = jax.scipy.linalg.block_diag(P_sol_stat, P_num_trend)

        R_aug = jnp.zeros((n_aug, n_aug_shock), dtype=common_dtype)
        R_sol_stat_shaped = R_sol_stat.reshape(n_stat, n_stat_shock) if R_sol_stat.size > 0 else jnp.zeros((n_stat, n_stat_shock))
        R_num_trend_shaped = R_num_trend.reshape(n_trend, n_trend_shock) if R_num_trend.size > 0 else jnp.zeros((n_trend, n_trend_shock))
        R_aug = R_aug.at[:n_stat, :n_stat_shock].set(R_sol_stat_shaped)
        R_aug = R_aug.at[n_stat:, n_stat_shock:].set(R_num_trend_shaped)

        return {'P_aug': P_aug, 'R_aug': R_aug}

    def _numpyro_model(self, ys: jax.Array, H_obs: jax.Array,
                       init_x_mean: jax.Array, init_P_cov: jax.Array,
                       priors: Dict[str, Tuple[str, Union[List, Tuple]]],
                       fixed_params: Dict[str, float],
                       verbose_solver: bool = False):
        """Internal numpyro model. Uses kf.log_likelihood() which calls self.filter()."""
        if not NUMPYRO_AVAILABLE: raise RuntimeError("Numpyro is not installed.")
        _LOW_LOGLIKE_PENALTY = jnp.array(-jnp.inf, dtype=self.dtype) # Use -inf penalty

        # --- Sample parameters ---
        sampled_params = {}
        for name, (dist_name, dist_params) in priors.items():
            prior_dist = self._get_numpyro_dist(dist_name, dist_params)
            sampled_params[name] = numpyro.sample(name, prior_dist)
        current_params = fixed_params.copy()
        current_params.update(sampled_params)

        def solve_and_check(params):
            # ... (solve_and_check implementation with its debug prints remains the same) ...
            n_aug=self.n_state_aug; n_shock=self.n_shock_aug; n_obs=self.n_obs
            dummy_P=jnp.full((n_aug,n_aug), jnp.nan, dtype=self.dtype)
            dummy_R=jnp.full((n_aug,n_shock), jnp.nan, dtype=self.dtype)
            dummy_O=jnp.full((n_obs,n_aug), jnp.nan, dtype=self.dtype)
            P_aug_s, R_aug_s, Omega_num_s = dummy_P, dummy_R, dummy_O
            valid_s = jnp.array(False)
            try:
                solution = self.solve(params)
                P_aug_s = solution['P_aug']; R_aug_s = solution['R_aug']; Omega_num_s = solution['Omega']
                valid_s = (jnp.all(jnp.isfinite(P_aug_s)) &
                           jnp.all(jnp.isfinite(R_aug_s)) &
                           jnp.all(jnp.isfinite(Omega_num_s)))
                # jdebug.print(" solve_and_check: P[0,0]={p00}, R[0,0]={r00}, O[0,0]={o00}, valid={v}",
                #              p00=P_aug_s[0,0], r00=R_aug_s[0,0], o00=Omega_num_s[0,0], v=valid_s)
            except Exception as e:
                # jdebug.print("!!! solve_and_check EXCEPTION encountered !!!")
                pass # Keep dummy values and valid_s=False
            return P_aug_s, R_aug_s, Omega_num_s, valid_s

        P_aug, R_aug, Omega_num, solution_valid = solve_and_check(current_params)
