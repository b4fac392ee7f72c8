# Source: https://github.com/romanodev/deltapv/blob/d93b67d60f97a8b417e7cdaf55539ef4b3e6221f/jaxpv/jaxpv.py
# Title: jaxpv/jaxpv.py, class JAXPV (efficiency and grad_efficiency)
# Cut: only the two methods that call compute_G; in grad_efficiency the jit=True branch (hand-written
#      grad_IV) and the result-dictionary unpacking are cut, the grad branch is kept.
#      G_used is computed once, outside grad, and passed to the differentiated efficiency() as data.
from .efficiency import *
from .optical import *
from .utils import *


class JAXPV( object ):

    def efficiency( self ):
        Vincr = Vincrement( np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) )
        if ( self.opt is 'user' ):
            G_used = np.array( self.G )
        else:
            G_used = compute_G( np.array( self.grid[1:] - self.grid[:-1] ) , np.array( self.Eg ) , np.array( self.Lambda ) , np.array( self.P_in ) , np.array( self.A ) )
        return efficiency( np.array( self.grid[1:] - self.grid[:-1] ) , Vincr , np.array( self.eps ) , np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) , np.array( self.mn ) , np.array( self.mp ) , np.array( self.Et ) , np.array( self.tn ) , np.array( self.tp ) , np.array( self.Br ) , np.array( self.Cn ) , np.array( self.Cp ) , np.array( self.Snl ) , np.array( self.Spl ) , np.array( self.Snr ) , np.array( self.Spr ) , G_used )

    def grad_efficiency( self , jit = True ):
        Vincr = Vincrement( np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) )
        if ( self.opt is 'user' ):
            G_used = np.array( self.G )
        else:
            G_used = compute_G( np.array( self.grid[1:] - self.grid[:-1] ) , np.array( self.Eg ) , np.array( self.Lambda ) , np.array( self.P_in ) , np.array( self.A ) )
        gradeff = grad( efficiency , argnums = ( 2 , 3 , 4 , 5 , 6 , 7 , 8 , 9 , 10 , 11 , 12 , 13 , 14 , 15 , 16 , 17 , 18 , 19 , 20 ) )
        deriv = gradeff( np.array( self.grid[1:] - self.grid[:-1] ) , Vincr , np.array( self.eps ) , np.array( self.Chi ) , np.array( self.Eg ) , np.array( self.Nc ) , np.array( self.Nv ) , np.array( self.Ndop ) , np.array( self.mn ) , np.array( self.mp ) , np.array( self.Et ) , np.array( self.tn ) , np.array( self.tp ) , np.array( self.Br ) , np.array( self.Cn ) , np.array( self.Cp ) , np.array( self.Snl ) , np.array( self.Spl ) , np.array( self.Snr ) , np.array( self.Spr ) , G_used )
        return deriv
