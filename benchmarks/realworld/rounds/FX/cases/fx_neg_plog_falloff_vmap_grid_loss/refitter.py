# Source: https://github.com/tdinelli/diffPLOG2TROE/blob/102b114d7e1b5b5ac57013245ebeb2f834ab855e/source/Refitter.py
# Title: source/Refitter.py -- PLOG to FallOff refit ("feat: vectorization, optimization, missing reparametrization")
# Cut: refit_setup, jaxopt_loss_function and the jaxopt part of fit kept; compute_pressure_limits,
#      the commented-out loss variants and the commented-out scipy/optax experiments removed;
#      relative imports point to falloff.py and a plog module (compute_plog, the vmapped PLOG grid).
import time
import numpy as np
from jax import jit, grad, debug
import jax.numpy as jnp
import jaxopt
# Internal modules
from plog import compute_plog
from falloff import compute_fall_off


def refit_setup(plog: jnp.ndarray, fit_type: str):
    fg = jnp.array([1.380332E+33, -4.32, 1.105952E+05, 1.18231785E+37, 9.63743640E-01, 1.50102675E+05, 5.79496168E-04,
                    1.22837204E+02, 1.0e+30, 1.0e+30])
    # fg = jnp.array([1.0e10, -1, 1.0E+05, 1.0E+10, 1.0, 1.0E+05, 5.0e-4, 1.0e2, 1.0e+30, 1.0e+30])

    # Useless at the moment
    # if fit_type == "FallOff":
    #     isFallOff = True
    # elif fit_type == "CABR":
    #     isCabr = True
    # else:
    #     raise ValueError("Unknown fit type! Available are: FallOff | CABR")

    n_range_points = 50
    T_range = jnp.linspace(500, 2500, n_range_points)
    # -1, 2 as extreme values in logspace base 10, means that the first pressure value is equal to 0.1 atm and the
    # last one to 100 atm before was -> self.P_range = jnp.linspace(0.1, 100, n_range_points)
    P_range = jnp.logspace(-1, 2, n_range_points)

    # Memory allocation
    k_plog = jnp.empty(shape=(n_range_points, n_range_points))

    start_time = time.time()
    k_plog = compute_plog(plog, T_range, P_range)
    end_time = time.time()
    execution_time = end_time - start_time

    print("==============================================")
    print(" PLOG to FallOff/CABR refritter          :)   ")
    print("==============================================")
    print(" Time to compute the PLOG constant: {:.6f} s\n".format(execution_time))

    return T_range, P_range, k_plog, fg


def jaxopt_loss_function(x: jnp.ndarray, data: tuple, l2reg: float = 0.01) -> jnp.float64:
    T_range, P_range, k_plog = data
    # Memory allocation
    # k_troe = jnp.empty(shape=(k_plog.shape[0], k_plog.shape[1]))
    # Unpacking optimization parameters
    A0, b0, Ea0, AInf, bInf, EaInf, A, T3, T1, T2 = x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9]
    refitted_constant = jnp.array([
            [A0, b0, Ea0, 0.0],
            [AInf, bInf, EaInf, 0.0],
            [A, T3, T1, T2]
    ])

    k_troe = compute_fall_off(refitted_constant, T_range, P_range)

    # The following divide will set the values where self.k_plog == 0 equal to 0 in order to handle by 0 division
    # self.ratio = jnp.divide(self.k_troe, self.k_plog, out=jnp.zeros_like(self.k_troe), where=self.k_plog != 0)
    ratio = k_troe / k_plog
    squared_errors = (ratio - 1)**2
    mse_loss = jnp.mean(squared_errors)

    # Adding L2 regularization
    l2_penalty = 0.5 * l2reg * jnp.sum(x ** 2)

    # Final loss function
    total_loss = mse_loss + l2_penalty

    return total_loss


def fit(plog):
    np.set_printoptions(precision=6, suppress=True)
    T_range, P_range, k_plog, fg = refit_setup(plog, "FallOff")
    # fg = compute_pressure_limits(plog, T_range, P_range)

    # ---------------------
    # JAXopt
    # ---------------------
    MAX_ITER = 500
    data = (T_range, P_range, k_plog)
    solver = jaxopt.BFGS(fun=jaxopt_loss_function, maxiter=MAX_ITER)
    # solver = jaxopt.GradientDescent(fun=jaxopt_loss_function, maxiter=MAX_ITER)


    res = solver.run(fg, data)
    print("First guess for the parameters:   {}".format(fg))
    print("Optimized parameters:             {}".format(res[0]))
