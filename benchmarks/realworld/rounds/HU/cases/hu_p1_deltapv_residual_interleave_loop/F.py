# Source: https://github.com/romanodev/deltapv/blob/a90786772c2b8e88797d2492afcb7b58512bca71/src/F.py
# Title: src/F.py (jaxpv, drift-diffusion solar cell simulator)
# Cut: kept F() as written; the imported residual functions (ddn, ddp, pois, contact_*) are
#      left as imports; the USE_JAX backend switch is copied from src/current.py of the same commit.
from .scales import *
if USE_JAX:
    from jax.config import config
    config.update("jax_enable_x64", True)
    import jax.numpy as np
    from jax import ops
else:
    import numpy as np
from .e_drift_diffusion import ddn
from .h_drift_diffusion import ddp
from .poisson import pois
from .boundary_conditions import contact_phin, contact_phip


### Compute the system of equations to solve for the out of equilibrium potentials
## Outputs :
#      1 (array:3N) -> out of equilibrium equation system at current value of potentials

def F( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L ):

    _ddn = ddn( phi_n , phi_p , phi , dgrid , Chi , Eg , Nc , Nv , Et , tn , tp , mn , G )
    _ddp = ddp( phi_n , phi_p , phi , dgrid , Chi , Eg , Nc , Nv , Et , tn , tp , mp , G )
    _pois = pois( phi_n , phi_p , phi , dgrid , eps , Chi , Eg , Nc , Nv , Ndop )
    ctct_0_phin , ctct_L_phin = contact_phin( phi_n , phi , dgrid , Chi , Nc , mn , Snl , Snr , neq_0 , neq_L )
    ctct_0_phip , ctct_L_phip = contact_phip( phi_p , phi , dgrid , Chi , Eg , Nv , mp , Spl , Spr , peq_0 , peq_L )

    result = [ ctct_0_phin , ctct_0_phip , _pois[0] ]
    for i in range( len(_pois) - 2 ):
        result.append( _ddn[i] )
        result.append( _ddp[i] )
        result.append( _pois[i+1] )
    result.append( ctct_L_phin )
    result.append( ctct_L_phip )
    result.append( _pois[-1] )
    return np.array( result )
