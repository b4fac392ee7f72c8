# Source: https://github.com/AdriGut10/JAX_cubature/blob/ad194894e51d40b93cba05fee6fad5249b326c7a/jax_cubature.py
# Title: jax_cubature.py (adaptive Genz-Malik cubature ported to JAX)
# Cut: kept the first half of genz_malik (symmetric sums sum2/sum3/sum4), basic_rule and the head of the jitted jax_cubature; the lambda5 part of genz_malik, order_results and the adaptive loop dropped.
import jax
import jax.numpy as jnp
from functools import partial

jax.config.update("jax_enable_x64", True)


def genz_malik(functn,params,ndim,*args):
    params['rgnvol'] = params['twondim']
    
    for j in range(ndim): 
        params['rgnvol'] = params['rgnvol']*params['width'][j]
        params['z'] = params['z'].at[j].set(params['center'][j])

    params['sum1'] = functn(params['z'],*args)
    #Compute the symetric sums of functn(lambda2,0,0,..0) and functn(lambda4,0,0,..0), and 
    #maximum fourth difference
    params['difmax'] = -1.0
    params['sum2'] = 0.0
    params['sum3'] = 0.0
    for j in range(ndim): #Check if this can be optimized with jax.lax.scan
        params['z'] = params['z'].at[j].set(params['center'][j]-params['lambdas'][0]*params['width'][j])
        f1 = functn(params['z'],*args)
        params['z'] = params['z'].at[j].set(params['center'][j]+params['lambdas'][0]*params['width'][j])
        f2 = functn(params['z'],*args)
        params['widthl'] = params['widthl'].at[j].set(params['lambdas'][1]*params['width'][j])
        params['z'] = params['z'].at[j].set(params['center'][j]-params['widthl'][j])
        f3 = functn(params['z'],*args)
        params['z']= params['z'].at[j].set(params['center'][j]+params['widthl'][j])
        f4 = functn(params['z'],*args)
        params['sum2'] = params['sum2'] + f1 + f2
        params['sum3'] = params['sum3'] + f3 + f4
        df1 = f1+f2-2.0*params['sum1']
        df2 = f3+f4-2.0*params['sum1']
        params['dif'] = jnp.fabs(df1-params['ratio']*df2)
        
        def _if_update(params,j):
            def _update(_):
                return jnp.int64(j)
                
            def _no_update(_):
                return jnp.int64(params['divaxn'])
                
            divaxn = jax.lax.cond(params['difmax']<params['dif'],_update,_no_update,None)
            return divaxn
        params['divaxn'] = _if_update(params,j)

        def _if_update(difmax,dif):
            def _update(_):
                return dif
            def _no_update(_):
                return difmax
            difmax = jax.lax.cond(difmax<dif,_update,_no_update,None)
            return difmax
        
        params['difmax'] = _if_update(params['difmax'],params['dif'])
        params['z'] = params['z'].at[j].set(params['center'][j])

    def _if_cond(params):
        def _update(_):
            return jnp.int64((params['divaxo']+1)%ndim)
            
        def _no_update(_):
            return jnp.int64(params['divaxn'])
                    
        divaxn = jax.lax.cond(params['sum1'] == params['sum1']+params['difmax']/8.0,_update,_no_update,None)
        return divaxn
    params['divaxn'] = _if_cond(params)
    
    #Compute the symetric sums of functn(lambda4,lambda4,0,..0)
    params['sum4'] = 0.0
    for j in range(1,ndim):
        for k in range(j,ndim):
            for l in range(2):
                params['widthl'] = params['widthl'].at[j-1].set(-params['widthl'][j-1])
                params['z'] = params['z'].at[j-1].set(params['center'][j-1]+params['widthl'][j-1])

                for m in range(2):
                    params['widthl'] = params['widthl'].at[k].set(-params['widthl'][k])
                    params['z'] = params['z'].at[k].set(params['center'][k]+params['widthl'][k])
                    f1 = functn(params['z'],*args)
                    params['sum4'] = params['sum4'] + f1
            
            params['z'] = params['z'].at[k].set(params['center'][k])
        params['z'] = params['z'].at[j-1].set(params['center'][j-1])
    return params


def basic_rule(ndim, functn, params, *args):
    if ndim == 1:
        params = gauss_kronrod(functn, params, ndim, *args)
    else:
        params = genz_malik(functn, params, ndim, *args)
    return params




@partial(jax.jit, static_argnames=("functn","ndim","rel_tol","maxpts","maxorder","maxrule"))
def jax_cubature(functn,a,b,ndim,*args,rel_tol=1e-8, maxpts=10000,  maxorder=100, maxrule=100):
    params = {}
    params['ndim'] = ndim
    params['width']   = (b-a)/2.0
    params['width']   = jnp.fabs(params['width'])
    params['center']  = (b+a)/2.0
    params['z'    ]   = jnp.zeros(ndim)
    params['widthl']  = jnp.zeros(ndim)
    params['lambdas'] = jnp.zeros(3)
    params['twondim'] = 2.0**ndim
    params['ratio'] = 0
    params['divaxo']  = 0
    params['divaxn']  = 0
    #Initial call to basic rule
    params = basic_rule(ndim,functn,params,*args)
    return params['sum1'], params['sum2'], params['sum3'], params['sum4']
