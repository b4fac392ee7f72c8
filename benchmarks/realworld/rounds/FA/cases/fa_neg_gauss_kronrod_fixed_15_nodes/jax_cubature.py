# Source: https://github.com/AdriGut10/JAX_cubature/blob/ad194894e51d40b93cba05fee6fad5249b326c7a/jax_cubature.py
# Title: jax_cubature.py (adaptive cubature in JAX; 1-D case uses a 15-point Gauss-Kronrod rule)
# Cut: kept gauss_kronrod, the 1-D branch of basic_rule and the head of the jitted jax_cubature; node/weight tables (initialise_gk) reduced to their shapes.
import jax
import jax.numpy as jnp
from functools import partial

jax.config.update("jax_enable_x64", True)


def gauss_kronrod(functn,params,ndim,*args):
    #Compute the sum at the Gauss and Kronrod nodes
    sum_gauss = 0.0
    sum_kronrod = 0.0

    #This can be optimised if functn is vectorized
    for j in range(15):
        params['z'] = params['z'].at[0].set(params['center'][0] + params['kronrod_nodes'][j] * params['width'][0])
        weight = params['kronrod_weights'][j]*params['width'][0]
        sum_kronrod = sum_kronrod + functn(params['z'],*args)*weight
        
    for j in range(7):
        params['z'] = params['z'].at[0].set(params['center'][0] + params['gauss_nodes'][j] * params['width'][0])
        weight = params['gauss_weights'][j]*params['width'][0]
        sum_gauss = sum_gauss + functn(params['z'],*args)*weight
    
    #Estimate the error
    params['rgnerr'] = jnp.abs(sum_kronrod[0]-sum_gauss[0])
    params['rgnval'] = sum_kronrod[0]
    
    #Return the results
    params['finest'] = params['finest'] + params['rgnval']
    params['wrkstr'] = params['wrkstr'].at[params['lenwrk']].set(params['wrkstr'][params['lenwrk']]+params['rgnerr'])
    params['funcls'] = params['funcls']+params['rulcls']
    return params



def basic_rule(ndim, functn, params, *args):
    if ndim == 1:
        params = gauss_kronrod(functn, params, ndim, *args)
    return params


@partial(jax.jit, static_argnames=("functn","ndim","rel_tol","maxpts","maxorder","maxrule"))
def jax_cubature(functn,a,b,ndim,*args,rel_tol=1e-8, maxpts=10000,  maxorder=100, maxrule=100):
    params = {}
    params['kronrod_weights'] = jnp.zeros(15)
    params['gauss_weights'] = jnp.zeros(7)
    params['gauss_nodes'] = jnp.zeros(7)
    params['kronrod_nodes'] = jnp.zeros(15)
    params['rulcls'] = 22 # 15 + 7 because we are evaluating twice at the Gauss nodes. To be optimised in the future
    params['lenwrk'] = (2*ndim+3)*(1+maxpts//params['rulcls'])
    params['wrkstr'] = jnp.zeros(params['lenwrk']+1)
    params['funcls'] = 0
    params['finest'] = 0.0
    params['width']   = jnp.fabs((b-a)/2.0)
    params['center']  = (b+a)/2.0
    params['z'    ]   = jnp.zeros(ndim)
    params = basic_rule(ndim,functn,params,*args)
    return params['finest']
