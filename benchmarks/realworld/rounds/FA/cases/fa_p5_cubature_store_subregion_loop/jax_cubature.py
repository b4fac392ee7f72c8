# Source: https://github.com/AdriGut10/JAX_cubature/blob/ad194894e51d40b93cba05fee6fad5249b326c7a/jax_cubature.py
# Title: jax_cubature.py (adaptive Genz-Malik cubature ported to JAX: subregion bookkeeping)
# Cut: kept prepare_new_call and the storing tail of order_results (the tree-placement branches _place_first/_place_second, nested fori_loops, replaced by identity functions) and the jitted driver's lax.scan over refinement steps (second-subregion update dropped); the cubature rules are imported.
import jax
import jax.numpy as jnp
from functools import partial

from rules import basic_rule


def prepare_new_call(params,ndim):
    params['divflg'] = 0
    params['subrgn'] = params['rgnstr']
    params['wrkstr'] = params['wrkstr'].at[params['lenwrk']].set(params['wrkstr'][params['lenwrk']] - params['wrkstr'][params['subrgn']])
    params['finest'] = params['finest'] - params['wrkstr'][params['subrgn']-1]
    params['divaxo'] = jnp.int64(params['wrkstr'][params['subrgn']-2])

    for j in range(ndim): #Maybe optimize this with jax.lax.scan
        params['subtmp'] = params['subrgn']-2*(j+2)
        params['center'] = params['center'].at[j].set(params['wrkstr'][params['subtmp']+1])
        params['width']  = params['width'].at[j].set(params['wrkstr'][params['subtmp']])
        
    params['width']  = params['width'].at[params['divaxo']].set(params['width'][params['divaxo']]/2.0)
    params['center'] = params['center'].at[params['divaxo']].set(params['center'][params['divaxo']]-params['width'][params['divaxo']])
    return params


def order_results(params,ndim):
    _place_first = _place_second = lambda params: params

    cond = params['divflg']!=1
    params = jax.lax.cond(cond,_place_first,_place_second,params)

    #Store results of basic rule in correct position in list
    params['wrkstr'] = params['wrkstr'].at[params['subrgn']].set(params['rgnerr'])
    params['wrkstr'] = params['wrkstr'].at[params['subrgn']-1].set(params['rgnval'])
    params['wrkstr'] = params['wrkstr'].at[params['subrgn']-2].set(params['divaxn'])
    for j in range(ndim):
        params['subtmp'] = params['subrgn']-2*(j+2)
        params['wrkstr'] = params['wrkstr'].at[params['subtmp']+1].set(params['center'][j])
        params['wrkstr'] = params['wrkstr'].at[params['subtmp']].set(params['width'][j])
    return params



@partial(jax.jit, static_argnames=("functn","ndim","rel_tol","maxpts","maxorder","maxrule"))
def jax_cubature(functn,a,b,ndim,*args,rel_tol=1e-8, maxpts=10000,  maxorder=100, maxrule=100):
    params = {}
    params['rgnstr']  = 2*ndim + 2
    params['rulcls'] = 2**ndim + 2*ndim*ndim + 2*ndim +1
    params['lenwrk'] = (2*ndim+3)*(1+maxpts//params['rulcls'])
    params['wrkstr'] = jnp.zeros(params['lenwrk']+1)
    params['width']   = jnp.fabs((b-a)/2.0)
    params['center']  = (b+a)/2.0
    params['subrgn'] = params['rgnstr']
    params['divflg'] = 1
    params['finest'] = 0.0
    params = basic_rule(ndim,functn,params,*args)
    params = order_results(params,ndim)

    params['relerr'] = 1.0

    def update_state(params):
        #Prepare for new call to basic rule
        params  = prepare_new_call(params,ndim)
        #Call basic rule in the first subregion
        params = basic_rule(ndim,functn,params,*args)
        #Order and store results of basic rule
        params = order_results(params,ndim)
        return params

    def loop_step(params, _):
        return jax.lax.cond(params['relerr'] > rel_tol, update_state, lambda x: x, params ), None

    params, _ = jax.lax.scan(loop_step, params, None, length=maxrule)
    return params['finest']
