# Source: https://github.com/romanodev/deltapv/blob/a90786772c2b8e88797d2492afcb7b58512bca71/src/efficiency.py
# Title: src/efficiency.py, src/IV.py, src/solve.py and JAXPV.grad_efficiency in src/jaxpv.py
# Cut: efficiency() and calc_IV() kept (equilibrium-potential set-up abridged), solve()/step() kept
#      without the jacobian helper; grad_efficiency reduced to the grad call; argument lists as in source.
from .F import *
from .scales import *
if USE_JAX:
    from jax import grad, jit


def step( dgrid , phis , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L ):
    N = dgrid.size + 1
    _F = F( phis[0:N] , phis[N:2*N] , phis[2*N:] , dgrid , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L )
    gradF = F_deriv( phis[0:N] , phis[N:2*N] , phis[2*N:] , dgrid , eps , Chi , Eg , Nc , Nv , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L )
    move = np.linalg.solve( gradF , - _F )
    error = max( np.abs( move ) )
    damp_move = damp( move )
    phis_new = phis + damp_move
    return phis_new , error


def solve( dgrid , phis_ini , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L ):
    phis = phis_ini
    error = 1
    while (error > 1e-6):
        next_phis , error_new = step( dgrid , phis , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L )
        phis = next_phis
        error = error_new
    return phis


def calc_IV( Vincrement , dgrid , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr ):
    N = dgrid.size + 1
    phi_eq = solve_eq( dgrid , phi_ini( Chi , Eg , Nc , Nv , Ndop , N ) , eps , Chi , Eg , Nc , Nv , Ndop )
    neq_0 = Nc[0] * np.exp( Chi[0] + phi_eq[0] )
    neq_L = Nc[-1] * np.exp( Chi[-1] + phi_eq[-1] )
    peq_0 = Nv[0] * np.exp( - Chi[0] - Eg[0] - phi_eq[0] )
    peq_L = Nv[-1] * np.exp( - Chi[-1] - Eg[-1] - phi_eq[-1] )

    phis = np.concatenate( ( np.zeros( 2*N ) , phi_eq ) , axis = 0 )
    max_iter = 100
    iter = 0
    current = []
    cond = True
    v = 0
    while cond and ( iter < max_iter ):
        sol = solve( dgrid , phis , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr , neq_0 , neq_L , peq_0 , peq_L )
        current.append( Jn( sol[0:N] , sol[2*N:] , dgrid , Chi , Nc , mn )[0] + Jp( sol[N:2*N] , sol[2*N:] , dgrid , Chi , Eg , Nv , mp )[0] )
        if ( len( current ) > 1 ):
            cond = ( current[-2] * current[-1] > 0 )
        iter += 1
        v = v + Vincrement
        phis = ops.index_update( sol , -1 , phi_eq[-1] + v )
    return np.array( current , dtype = np.float64 )


def efficiency( Vincrement , P_in , dgrid , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr ):
    scale = scales()
    current = calc_IV( Vincrement , dgrid , eps , Chi , Eg , Nc , Nv , Ndop , Et , tn , tp , mn , mp , G , Snl , Spl , Snr , Spr )
    voltages = np.linspace( start = 0 , stop = len(current) * Vincrement , num = len(current) )
    Pmax = np.max( scale['E'] * voltages * scale['J'] * current )
    area_cell = ( scale['d'] * np.sum( dgrid ) * 1e-2 ) * 1 # m2
    Pin = P_in * area_cell
    return Pmax / Pin


# from JAXPV.grad_efficiency (src/jaxpv.py)
def grad_efficiency( self ):
    Vincr = Vincrement( np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) )
    gradeff = grad( efficiency , argnums = ( 3 , 4 , 5 , 6 , 7 , 8 , 9 , 10 , 11 , 12 , 13 , 14 , 15 , 16 , 17 , 18 ) )
    deriv = gradeff( Vincr , self.P_in , np.array( self.grid[1:] - self.grid[:-1] ) , np.array( self.eps ) , np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) , np.array( self.Et ) , np.array( self.tn ) , np.array( self.tp ) , np.array( self.mn ) , np.array( self.mp ) , np.array( self.G ) , np.array( self.Snl ) , np.array( self.Spl ) , np.array( self.Snr ) , np.array( self.Spr ) )
    return deriv
