# Source: https://github.com/romanodev/deltapv/blob/d93b67d60f97a8b417e7cdaf55539ef4b3e6221f/jaxpv/optical.py
# Title: jaxpv/optical.py (photogeneration rate over the sun spectrum)
# Cut: docstrings removed; the duplicate compute_G definition and deriv_G dropped; np comes from
#      jaxpv/utils.py (JAX=YES -> jax.numpy, else numpy), shown here as in utils.py.
import os
if os.environ['JAX'] == 'YES':
    from jax.config import config
    config.update("jax_enable_x64", True)
    import jax.numpy as np
    from jax import grad , jit, jacfwd, ops
else:
    import numpy as np
from .scales import *
import scipy.constants as const


def photonflux( Lambda , P_in ):
    hc = const.c * const.h * 1e9 # J.nm
    return P_in / ( hc / Lambda )


def alpha( lambdax , Eg , A ):
    T = 300
    KB = const.k
    hc = const.c * const.h * 1e9 # J.nm
    alpha = [ 0.0 for i in range( Eg.size ) ]
    for i in range( len( alpha ) ):
        if ( hc / lambdax / ( KB * T ) > Eg[ i ] ):
            alpha[ i ] = A[ i ] * np.sqrt( hc / lambdax / ( KB * T ) - Eg[ i ] )
    return np.array( alpha )


def generation_lambda( dgrid , alpha , phi_0 ):
    phi = phi_0 * np.exp( - np.cumsum( np.concatenate( ( np.zeros(1, dtype=np.float32), alpha[:-1] * dgrid ) ) ) )
    return phi * alpha


def compute_G( dgrid , Eg , Lambda , P_in , A ):
    scale = scales()
    phi_0 = photonflux( Lambda , P_in )
    tot_generation = 0
    for i in range( Lambda.size ):
        tot_generation += generation_lambda( dgrid , alpha( Lambda[ i ] , Eg , A ) , phi_0[ i ] )
    return 1 / scale['U'] * tot_generation
