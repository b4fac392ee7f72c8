# Source: https://github.com/Jakob-Unfried/msc-legacy/blob/2c41f3f714936c25dd534bd66da802c26176fcfa/jax_optimise/lbfgs.py
# Title: jax_optimise/lbfgs.py (MSc thesis code, hand-written L-BFGS used to optimise PEPS energies)
# Cut: minimise reduced to its core: evaluate (value_and_grad), the two-loop recursion over the stored history and the history update are verbatim; line search replaced by the fixed initial step (its "line_search_fn is None" branch), display, callbacks and termination bookkeeping dropped.
from jax import value_and_grad
import jax.numpy as np
from jax_optimise.list_util import list_neg, list_conj, list_add_prefactor, list_dot, list_scale, list_norm


def minimise(cost_function, initial_guess, max_iter=10000, history_size=10, step_size=1., tolerance_grad=1e-7):

    def evaluate(_x):
        """
        Returns: fk, gk
        fk = f(zk)
        gk = 2 * ∂f/∂z* (zk)
        """
        _val, jax_grad = value_and_grad(cost_function)(_x)
        _g = list_conj(jax_grad)
        return _val, _g

    fk, gk = evaluate(initial_guess)
    n_iter = 0

    # initialise variables for main loop
    xk = initial_guess[:]
    y_history = []
    s_history = []
    rho_history = []
    gamma = 1.

    while (not max_iter) or (n_iter <= max_iter):
        # --------------------------------
        #    compute descent direction
        # --------------------------------
        pk = list_neg(gk)
        current_history_size = len(y_history)
        a_list = [np.nan] * current_history_size

        for i in range(current_history_size - 1, -1, -1):  # iterate over history newest to oldest
            a_list[i] = rho_history[i] * np.real(list_dot(list_conj(s_history[i]), pk))
            pk = list_add_prefactor(pk, -a_list[i], y_history[i])

        pk = list_scale(pk, gamma)

        for i in range(current_history_size):  # oldest to newest
            b = rho_history[i] * np.real(list_dot(list_conj(y_history[i]), pk))
            pk = list_add_prefactor(pk, a_list[i] - b, s_history[i])

        alpha_k = step_size

        # --------------------------------
        #    compute values at new point
        # --------------------------------
        xkp1 = list_add_prefactor(xk, alpha_k, pk)
        fkp1, gkp1 = evaluate(xkp1)

        sk = list_scale(pk, alpha_k)
        yk = list_add_prefactor(gkp1, -1, gk)
        rho_k_inv = np.real(list_dot(list_conj(yk), sk))

        # update values
        xk, xkp1 = xkp1, None
        gk, gkp1 = gkp1, None
        grad_norm = list_norm(gk)
        fk, fkp1 = fkp1, None
        n_iter += 1

        # --------------------------------
        #       update history
        # --------------------------------
        if rho_k_inv >= 1e-12:
            if len(s_history) == history_size:
                s_history.pop(0)
                y_history.pop(0)
                rho_history.pop(0)

            s_history.append(sk)
            y_history.append(yk)
            rho_history.append(1. / rho_k_inv)
            gamma = rho_k_inv / np.real(list_dot(list_conj(yk), yk))

        if grad_norm <= tolerance_grad:
            return xk, fk, dict(converged=True, reason='gradient_vanishes')

    return xk, fk, dict(converged=False, reason='max_iter')
