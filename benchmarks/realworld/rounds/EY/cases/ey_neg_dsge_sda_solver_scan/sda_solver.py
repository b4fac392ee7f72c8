# Source: https://github.com/agonzago/gpm_ideas/blob/eae8369dd0568525335e9fcce61a3f3aea32283e/parser7/Dynare_parser_sda_solver.py
# Title: Dynare_parser_sda_solver.py (DSGE quadratic matrix equation A X^2 + B X + C = 0 via SDA)
# Cut: kept the NumPy reference SDA loop (host, scipy LU) and the JAX lax.scan version;
#      try/except guards of the NumPy version removed; parser, sympy Jacobians and plotting dropped.
from collections import namedtuple

import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.linalg
from jax import lax
from numpy.linalg import norm
from scipy.linalg import lu_factor, lu_solve

_SDA_JITTER = 1e-14
SDAState = namedtuple("SDAState", ["Xk", "Yk", "Ek", "Fk", "k", "converged", "rel_diff", "is_valid"])


def solve_quadratic_matrix_equation(A, B, C, initial_guess=None, tol=1e-12, max_iter=100, verbose=False):
    n = A.shape[0]
    if initial_guess is None:
        initial_guess = np.zeros_like(A)
    E = C.copy()
    F_init = A.copy()
    Bbar = B.copy()
    Bbar += A @ initial_guess
    lu_Bbar, piv_Bbar = lu_factor(Bbar)
    E0 = -lu_solve((lu_Bbar, piv_Bbar), E)
    F0 = -lu_solve((lu_Bbar, piv_Bbar), F_init)
    Xk = E0
    Yk = F0
    Ek = E0
    Fk = F0
    X_new = np.zeros_like(Xk); Y_new = np.zeros_like(Yk)
    E_new = np.zeros_like(Ek); F_new = np.zeros_like(Fk)
    I = np.eye(n, dtype=A.dtype); solved = False; iter_count = 0; relative_diff = np.inf

    for i in range(1, max_iter + 1):
        iter_count = i
        M1 = I - Yk @ Xk; lu_M1, piv_M1 = lu_factor(M1)
        M2 = I - Xk @ Yk; lu_M2, piv_M2 = lu_factor(M2)
        temp_E = lu_solve((lu_M1, piv_M1), Ek); E_new = Ek @ temp_E
        temp_F = lu_solve((lu_M2, piv_M2), Fk); F_new = Fk @ temp_F
        temp_X = Xk @ Ek; temp_X = lu_solve((lu_M2, piv_M2), temp_X); X_new = Xk + Fk @ temp_X
        temp_Y = Yk @ Fk; temp_Y = lu_solve((lu_M1, piv_M1), temp_Y); Y_new = Yk + Ek @ temp_Y
        X_diff_norm = norm(X_new - Xk, ord='fro')
        X_norm = norm(X_new, ord='fro')
        relative_diff = X_diff_norm / (X_norm + 1e-12)
        if verbose: print(f"Iter {i}: Rel Change X = {relative_diff:e}")
        if relative_diff < tol: solved = True; break
        Xk, Yk, Ek, Fk = X_new, Y_new, E_new, F_new

    X_sol = X_new + initial_guess if solved else Xk + initial_guess
    return X_sol, iter_count, solved


def solve_quadratic_matrix_equation_jax(A, B, C, initial_guess=None,
                                        tol=1e-12, max_iter=500,
                                        verbose=False): # verbose is ineffective in JIT
    """
    Solves A X^2 + B X + C = 0 for X using the SDA algorithm implemented with
    jax.lax.scan. Uses jnp.where for conditional updates after update step.
    (Attempt 3 from conversation)

    Args:
        A, B, C: JAX arrays for the quadratic matrix equation coefficients.
        initial_guess: Optional initial guess for the solution (JAX array).
        tol: Convergence tolerance for the relative change in X.
        max_iter: Fixed maximum number of iterations for the scan loop.
        verbose: (Not effective inside JIT/grad) If True, prints convergence progress.

    Returns:
        Tuple: (X_sol, iter_count, residual_ratio, converged_flag)
               - X_sol: The computed solution (JAX array). NaN if solve failed validity/convergence check.
               - iter_count: The iteration number when convergence was reached (or max_iter).
               - residual_ratio: Relative residual norm of the final solution.
               - converged_flag: Boolean JAX array indicating if tolerance was met *within* max_iter AND result is valid.
    """
    dtype = A.dtype
    n = A.shape[0]
    A_jax = jnp.asarray(A, dtype=dtype)
    B_jax = jnp.asarray(B, dtype=dtype)
    C_jax = jnp.asarray(C, dtype=dtype)

    if initial_guess is None:
        X_guess = jnp.zeros_like(A_jax)
    else:
        X_guess = jnp.asarray(initial_guess, dtype=dtype)

    # --- Initial Setup ---
    E_init = C_jax
    F_init = A_jax
    Bbar = B_jax + A_jax @ X_guess
    I = jnp.eye(n, dtype=dtype)
    Bbar_reg = Bbar + _SDA_JITTER * I
    E0 = -jax.scipy.linalg.solve(Bbar_reg, E_init, assume_a='gen')
    F0 = -jax.scipy.linalg.solve(Bbar_reg, F_init, assume_a='gen')

    # Check if initial solve was valid
    initial_solve_valid = jnp.all(jnp.isfinite(E0)) & jnp.all(jnp.isfinite(F0))

    # --- Scan Loop Definition ---
    def sda_scan_body(state, _):
        """Performs one iteration of the SDA algorithm."""
        Xk, Yk, Ek, Fk, k, prev_converged, prev_rel_diff, prev_is_valid = state

        # --- Always perform the update step ---
        # Add jitter to matrices before solve
        M1 = I - Yk @ Xk + _SDA_JITTER * I
        M2 = I - Xk @ Yk + _SDA_JITTER * I

        # Perform solves directly. Let NaN/inf propagate on failure.
        temp_E = jax.scipy.linalg.solve(M1, Ek, assume_a='gen')
        E_new = Ek @ temp_E
        temp_F = jax.scipy.linalg.solve(M2, Fk, assume_a='gen')
        F_new = Fk @ temp_F
        temp_X = Xk @ Ek
        temp_X = jax.scipy.linalg.solve(M2, temp_X, assume_a='gen')
        X_new = Xk + Fk @ temp_X
        temp_Y = Yk @ Fk
        temp_Y = jax.scipy.linalg.solve(M1, temp_Y, assume_a='gen')
        Y_new = Yk + Ek @ temp_Y

        # Calculate relative difference (handle potential division by zero/NaN)
        X_diff_norm = jnp.linalg.norm(X_new - Xk, ord='fro')
        X_norm = jnp.linalg.norm(X_new, ord='fro')
        current_rel_diff = X_diff_norm / jnp.maximum(X_norm, 1e-15)

        # Check if this update step produced valid finite results
        current_step_valid = jnp.all(jnp.isfinite(X_new)) & \
                             jnp.all(jnp.isfinite(Y_new)) & \
                             jnp.all(jnp.isfinite(E_new)) & \
                             jnp.all(jnp.isfinite(F_new)) & \
                             jnp.isfinite(current_rel_diff)

        # Determine if convergence is met *in this potentially valid step*
        converged_this_step = current_step_valid & (current_rel_diff < tol)

        # Overall validity: Must have been valid previously AND current step is valid
        current_is_valid = prev_is_valid & current_step_valid

        # Update convergence flag: Converged if it was already converged OR converged this valid step
        current_converged = prev_converged | converged_this_step

        # --- Use jnp.where to choose whether to update the state ---
        # Condition: Should we keep the NEW state? Only if the system was valid BEFORE this step,
        #            AND this step is valid, AND we haven't already converged.
        #            (If prev_converged is True, we want to keep the OLD state).
        #            (If current_step_valid is False, we want to keep the OLD state and mark invalid).
        keep_new_state_cond = prev_is_valid & current_step_valid & (~prev_converged)

        X_next = jnp.where(keep_new_state_cond, X_new, Xk)
        Y_next = jnp.where(keep_new_state_cond, Y_new, Yk)
        E_next = jnp.where(keep_new_state_cond, E_new, Ek)
        F_next = jnp.where(keep_new_state_cond, F_new, Fk)
        next_rel_diff = jnp.where(keep_new_state_cond, current_rel_diff, prev_rel_diff)
        # Propagate converged status correctly
        next_converged = jnp.where(keep_new_state_cond, current_converged, prev_converged)
        # Propagate validity status correctly
        next_is_valid = current_is_valid # If prev was invalid, this remains invalid. If prev was valid, depends on current.

        next_state = SDAState(X_next, Y_next, E_next, F_next, k + 1,
                              next_converged, next_rel_diff, next_is_valid)
        return next_state, None # No per-step output needed

    # Initialize state for the scan
    init_state = SDAState(Xk=E0, Yk=F0, Ek=E0, Fk=F0, k=0,
                          converged=jnp.array(False),
                          rel_diff=jnp.inf,
                          is_valid=initial_solve_valid) # Initial validity

    # Run the scan for exactly max_iter iterations
    final_state, _ = lax.scan(sda_scan_body, init_state, xs=None, length=max_iter)

    # --- Post-Scan Processing ---
    X_sol_scan = final_state.Xk + X_guess

    # Final convergence requires the final state to be valid AND the convergence flag to be true
    converged_flag = final_state.converged & final_state.is_valid

    iter_final = final_state.k # Will always be max_iter

    # Recalculate residual for the final solution
    residual = A_jax @ (X_sol_scan @ X_sol_scan) + B_jax @ X_sol_scan + C_jax
    residual_norm = jnp.linalg.norm(residual, 'fro')
    term_norms = (jnp.linalg.norm(A_jax @ X_sol_scan @ X_sol_scan, 'fro') +
                  jnp.linalg.norm(B_jax @ X_sol_scan, 'fro') +
                  jnp.linalg.norm(C_jax, 'fro'))
    residual_ratio = residual_norm / jnp.maximum(term_norms, 1e-15)

    # Return NaN if convergence failed or state is invalid
    X_sol_final = jnp.where(converged_flag,
                            X_sol_scan,
                            jnp.full_like(X_sol_scan, jnp.nan))

    return X_sol_final, iter_final, residual_ratio, converged_flag
