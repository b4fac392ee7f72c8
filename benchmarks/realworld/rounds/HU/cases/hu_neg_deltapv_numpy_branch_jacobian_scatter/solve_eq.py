# Source: https://github.com/romanodev/deltapv/blob/a90786772c2b8e88797d2492afcb7b58512bca71/src/solve_eq.py
# Title: src/solve_eq.py (jaxpv equilibrium Newton solver)
# Cut: as written, blank lines removed; this is the caller that grad(efficiency) reaches in jaxpv.py.
from .F_eq import *
if USE_JAX:
    from jax import jit


def damp( move ):
    approx_sign = np.tanh( move )
    approx_abs = approx_sign * move
    approx_H = 1 - ( 1 + np.exp( - 500 * ( move**2 - 1 ) ) )**(-1)
    return np.log( 1 + approx_abs ) * approx_sign + approx_H * ( move - np.log( 1 + approx_abs ) * approx_sign )


def step_eq( dgrid , phi , eps , Chi , Eg , Nc , Nv , Ndop ):
    Feq = F_eq( np.zeros( phi.size ) , np.zeros( phi.size ) , phi , dgrid , eps , Chi , Eg , Nc , Nv , Ndop )
    gradFeq = F_eq_deriv( np.zeros( phi.size ) , np.zeros( phi.size ) , phi , dgrid , eps , Chi , Eg , Nc , Nv )
    move = np.linalg.solve( gradFeq , - Feq )
    error = max( np.abs( move ) )

    damp_move = damp(move)
    phi_new = phi + damp_move

    return error , phi_new


def solve_eq( dgrid , phi_ini , eps , Chi , Eg , Nc , Nv , Ndop ):
    phi = phi_ini
    error = 1
    while (error > 1e-6):
        print(error)
        new_error , next_phi = step_eq( dgrid , phi , eps , Chi , Eg , Nc , Nv , Ndop )
        phi = next_phi
        error = new_error

    return phi
