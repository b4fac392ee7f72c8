# Source: https://github.com/Sangluisme/Implicit-surf-Deformation/blob/e7992a5f544fc77073f7b698fcbec4aea027d7c4/models/utils.py
# Title: Implicit-surf-Deformation models/utils.py (Lipschitz MLP regulariser)
# Cut: kept weight_normalization, softplus helpers, get_lipschitz_loss and normalize_params.
import jax
import jax.numpy as jnp


def weight_normalization(W, softplus_c):
    """
    Lipschitz weight normalization based on the L-infinity norm
    """
    absrowsum = jnp.sum(jnp.abs(W), axis=1)
    scale = jnp.minimum(1.0, softplus_c/absrowsum)
    return W * scale[:,None]

def softplus(x, beta=100):
    return jnp.logaddexp(0, beta * x) / beta

def safe_softplus(x, beta=100):
    # revert to linear function for large inputs, same as pytorch
    return jnp.where(x * beta > 20, x, softplus(x))

def get_lipschitz_loss(params):
    
    loss_lip = 1.0
    dims = len(params['params']) // 3
        
    for i in range(dims):
        # kernel = params['params'][f'kernel_{i}']
        # bias = params['params'][f'bias_{i}']
        c = params['params'][f'constant_{i}']
        loss_lip = loss_lip * safe_softplus(c)
    return loss_lip
        
    
def normalize_params(params):
    dims = len(params['params']) // 3
    
    params_final = params
    for i in range(dims):
        kernel = params['params'][f'kernel_{i}']
        bias = params['params'][f'bias_{i}']
        c = params['params'][f'constant_{i}']
        
        kernel = weight_normalization(kernel, safe_softplus(c))
        
        params_final['params'][f'kernel_{i}'] = kernel
        params_final['params'][f'bias_{i}'] = bias
        params_final['params'][f'constant_{i}'] = c  
    
    return params_final