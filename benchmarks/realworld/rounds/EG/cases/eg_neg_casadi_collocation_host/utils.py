# Source: https://github.com/siddharth-prabhu/BiLevelParameterEstimation/blob/efc46c2f05551f768b1881becb04c0b22387c5af/utils.py
# Title: utils.py (OrthogonalCollocationFormulation, CasADi NLP set-up)
# Cut: only OrthogonalCollocationFormulation kept, whole.
import jax.numpy as jnp
from typing import Callable, Optional

def OrthogonalCollocationFormulation(
        dynamics : Callable, xinit : jnp.ndarray, time_span : jnp.ndarray, solution : jnp.ndarray, nstates : int, nparams : int,
        d : int = 3, nint : int = 1, nexpt : int = 1, method : str = "legendre", args : Optional[jnp.ndarray] = None
    ):
    
    # https://www.do-mpc.com/en/latest/theory_orthogonal_collocation.html
    # https://github.com/casadi/casadi/blob/main/docs/examples/python/direct_collocation.py

    # dynamics = A function representing the dynamics 
    # xinit = Initial states (Assumed to be known)
    # time_span = Equally spaced time interval
    # solution = The values of the states at time time_span. Multiple experiments are stacked as columns
    # nstates = Dimensions of the states
    # nparams = Number of unknown parameters
    # d = Degree of interpolating polynomial
    # nint = Number of collocation intervals between measurements
    # nexpt = Number of independant experiments
    # method = collocation points chosen using either legendre or radau scheme
    # args = any additional arguments passed to the dynamic function

    import numpy as np
    import casadi as cd

    opti = cd.Opti() # Casadi optimization stack

    tau_root = np.append(0, cd.collocation_points(d, method)) # Get collocation points
    C = np.zeros((d + 1, d + 1)) # Coefficients of the collocation equation
    D = np.zeros(d + 1) # Coefficients of the continuity equation
    B = np.zeros(d + 1) # Coefficients of the quadrature function

    # Construct polynomial basis
    for j in range(d + 1):
        # Construct Lagrange polynomials to get the polynomial basis at the collocation point
        p = np.poly1d([1])
        for r in range(d + 1):
            if r != j:
                p *= np.poly1d([1, -tau_root[r]]) / (tau_root[j]-tau_root[r])

        # Evaluate the polynomial at the final time to get the coefficients of the continuity equation
        D[j] = p(1.0)

        # Evaluate the time derivative of the polynomial at all collocation points to get the coefficients of the continuity equation
        pder = np.polyder(p)
        for r in range(d + 1) :
            C[j, r] = pder(tau_root[r])

        # Evaluate the integral of the polynomial to get the coefficients of the quadrature function
        pint = np.polyint(p)
        B[j] = pint(1)

    # Declare model variables
    x_sym = cd.MX.sym("x", nstates)
    p_sym = cd.MX.sym("p", nparams)
    args = np.zeros(shape = (nexpt, 1)) if args is None else args.reshape(nexpt, -1)
    args_sym = cd.MX.sym("args", args.shape[-1])

    # Time horizon
    dt = time_span[1] - time_span[0] # Equally spaced
    N = nint * (len(time_span) - 1) # number of intervals
    h = dt / nint

    # Continuous time dynamics
    f = cd.Function('f', [x_sym, args_sym, p_sym], [h * dynamics(x_sym, 0, (p_sym, args_sym))], ['x', 'args', 'p'], ['xdot'])
    
    # Start with an empty NLP
    p_var = opti.variable(nparams)

    # Formulate the NLP for all finite elements
    x_var = opti.variable(nstates * nexpt, N * (d + 1)) # can only initialize matrix, not tensors
    xk_end = cd.MX(xinit.flatten()) # Given initial conditions
    x_aux = []
    cost = 0

    for k in range(N):
        
        # states at collocation points
        xk = x_var[:, k * (d + 1) : (k + 1) * (d + 1)]

        # Add equality constraint
        opti.subject_to(cd.vec(xk[:, 0] - xk_end) == 0)

        # Expression for the state derivative at the collocation point
        xp = cd.mtimes(xk, cd.MX(C[:, 1:]))

        # Dynamic equation constraint at the collocation point
        # split -> map -> concat
        opti.subject_to(
            cd.vec(cd.vertcat(
                *map(
                    lambda z : f(*z, p_var), zip(cd.vertsplit(xk[:, 1:], list(range(0, nstates * (nexpt + 1), nstates))), args)
                )
            ) - xp) == 0
        )

        # Expression for the end state
        xk_end = cd.mtimes(xk, cd.MX(D))

        # add objective function
        if k % nint == 0 : cost += cd.sumsqr(xk[:, 0] - solution[k // nint])

    opti.minimize(cost / np.prod(solution.shape))
    opti.set_initial(cd.reshape(x_var, 1, -1), np.repeat(solution[:-1].T, nint * (d + 1), axis = 1).flatten())

    # Dont solve the optimization problem. There might be other problem specific instances such as constraints. 
    return opti, p_var
