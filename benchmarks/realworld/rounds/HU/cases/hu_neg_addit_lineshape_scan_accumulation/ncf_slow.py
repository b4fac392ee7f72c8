# Source: https://github.com/HajimeKawahara/addit/blob/7b19006bd338d7887f1a600b66fc74fc72c21c70/src/addit/ncf_slow.py
# Title: src/addit/ncf_slow.py ("Neighbouring Contribution Function (OLD version)", DIT opacity code)
# Cut: nc1D/nc3D/inc3D removed; Xncf, nc2D and inc2D as written with the docstring example shortened.
import jax.numpy as jnp
import numpy as np
from jax import jit
from jax import vmap
from jax.lax import scan

@jit
def Xncf(i,x,xv):
    """neighbouring contribution function for index i.
    """
    indarr=jnp.arange(len(xv))
    pos = jnp.interp(x,xv,indarr)
    index = (pos).astype(int)
    cont = pos-index
    f=jnp.where(index==i,1.0-cont,0.0)
    g=jnp.where(index+1==i,cont,0.0)
    return f+g

def nc2D(x,y,xv,yv):
    """neighbouring contribution function for 2D.
    """
    indarrx=jnp.arange(len(xv))
    indarry=jnp.arange(len(yv))
    vcl=vmap(Xncf,(0,None,None),0)
    fx=vcl(indarrx,x,xv)
    fy=vcl(indarry,y,yv)
    return fx[:,None]*fy[None,:]

@jit
def inc2D(w,x,y,xv,yv):
    """integrated neighbouring contribution function for 2D (memory reduced sum).

    Note:
        This function computes \sum_n w_n fx_n \otimes fy_n,
        where w_n is the weight, fx_n and fy_n are the n-th NCFs for 1D.
        A direct sum uses huge RAM.
        In this function, we use jax.lax.scan to compute the sum

    Example:
        >>> val=inc2D(w,x,y,xv,yv)
        >>> #the comparision with the direct sum
        >>> valdirect=jnp.sum(nc2D(x,y,xv,yv)*w,axis=2)
    """
    Ngx=len(xv)
    Ngy=len(yv)
    indarrx=jnp.arange(Ngx)
    indarry=jnp.arange(Ngy)
    vcl=vmap(Xncf,(0,None,None),0)
    fx=vcl(indarrx,x,xv) # Ngx x N  memory
    fy=vcl(indarry,y,yv) # Ngy x N memory
    #jnp.sum(fx[:,None]*fy[None,:],axis=2) Ngx x Ngy x N -> huge memory
    fxy_w=jnp.vstack([fx,fy,w]).T

    def fsum(x,arr):
        null=0.0
        fx=arr[0:Ngx]
        fy=arr[Ngx:Ngx+Ngy]
        w=arr[Ngx+Ngy]
        val=x+w*fx[:,None]*fy[None,:]
        return val, null

    init0=jnp.zeros((Ngx,Ngy))
    val,null=scan(fsum,init0,fxy_w)
    return val
