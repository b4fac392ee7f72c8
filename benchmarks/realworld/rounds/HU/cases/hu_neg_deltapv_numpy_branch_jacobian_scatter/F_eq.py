# Source: https://github.com/romanodev/deltapv/blob/a90786772c2b8e88797d2492afcb7b58512bca71/src/F_eq.py
# Title: src/F_eq.py and src/poisson.py (jaxpv equilibrium Poisson system)
# Cut: F_eq and F_eq_deriv as written; pois_deriv abridged to its equilibrium branch; the USE_JAX
#      numpy/jax.numpy switch that the package puts at the top of each module is copied in.
from .scales import *
if USE_JAX:
    from jax.config import config
    config.update("jax_enable_x64", True)
    import jax.numpy as np
    from jax import ops
else:
    import numpy as np
from .physics import n, p
from .poisson import pois


def pois_deriv( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , eq ):
    ave_dgrid = ( dgrid[:-1] + dgrid[1:] ) / 2.0
    ave_eps = 0.5 * ( eps[1:] + eps[:-1] )
    _n = n( phi_n , phi , Chi , Nc )
    _p = p( phi_p , phi , Chi , Eg , Nv )

    dpois_phi_ =  - ave_eps[:-1] / dgrid[:-1] / ave_dgrid
    dpois_phi__ =  ( ave_eps[:-1] / dgrid[:-1] + ave_eps[1:] / dgrid[1:] ) / ave_dgrid
    dpois_phi___ =  - ave_eps[1:] / dgrid[1:] / ave_dgrid
    dchg_phi = - _n - _p

    row = np.array( [ 0 , phi.size - 1 ] )
    col = np.array( [ 0 , phi.size - 1 ] )
    dpois = np.array( [ 1 , 1 ] )
    row = np.concatenate( ( row , np.arange( 1 , phi.size - 1 , 1 ) ) )
    col = np.concatenate( ( col , np.arange( 1 , phi.size - 1 , 1 ) ) )
    dpois = np.concatenate( ( dpois , dpois_phi__ - dchg_phi[1:-1] ) )
    row = np.concatenate( ( row , np.arange( 1 , phi.size - 1 , 1 ) ) )
    col = np.concatenate( ( col , np.arange( 0 , phi.size - 2 , 1 ) ) )
    dpois = np.concatenate( ( dpois , dpois_phi_ ) )
    row = np.concatenate( ( row , np.arange( 1 , phi.size - 1 , 1 ) ) )
    col = np.concatenate( ( col , np.arange( 2 , phi.size , 1 ) ) )
    dpois = np.concatenate( ( dpois , dpois_phi___ ) )
    return row , col , dpois


def F_eq( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , Ndop ):
    return pois( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , Ndop )


def F_eq_deriv( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv ):
    row , col , dpois = pois_deriv( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , True )

    result = np.zeros( ( phi.size , phi.size ) )
    if USE_JAX:
        return ops.index_update( result , ( row , col ) , dpois )
    else:
        for i in range( len( row ) ):
            result[ row[ i ] , col[ i ] ] = dpois[ i ]
        return result
