# Source: https://github.com/tt6746690/misc_impl/blob/892b55e55d1fe3c531cfd322e66da0ba1b30b374/ot/otax.py
# Title: ot/otax.py
# Cut: kept the log-domain Sinkhorn solver only

from functools import partial

import jax
import jax.numpy as np
from jax.scipy.special import logsumexp

def sinkhorn_log_stabilized(a, b, C, ϵ, ρ, n_iters):
    """ Sinkhorn iteration for entropic regularized transport in log domain

        Reference
            - Stabilized Sparse Scaling Algorithms for Entropic Regularized OT
                https://arxiv.org/pdf/1610.06519.pdf
            - Learning with Wasserstein Loss
                https://arxiv.org/pdf/1506.05439.pdf

        ϵ   Coefficient to entropy term,
            Smaller values of ϵ yield sparser transport plan and slower convergence
        ρ   Coefficient to soft marginal regularization term,
            Use a large ρ, e.g. ρ = 1e5, for balanced optimal transport
    """

    n, m = C.shape
    a = a.flatten()
    b = b.flatten()
    λ = ρ / (ρ + ϵ)

    def S(f, g):
        """ Sᵢⱼ = Cᵢⱼ - fᵢ - gⱼ """
        return (C - np.expand_dims(f, 1) - np.expand_dims(g, 0))
    
    def body_fn(i, val):
        f, g = val
        f = λ*( -ϵ*logsumexp(-S(f,g)/ϵ, axis=1) + f + ϵ*np.log(a) )
        g = λ*( -ϵ*logsumexp(-S(f,g)/ϵ, axis=0) + g + ϵ*np.log(b) )
        return f, g
    
    init_val = (np.ones((n,))/n, np.ones((m,))/m)
    f, g = jax.lax.fori_loop(0, n_iters, body_fn, init_val)

    P = np.exp(-S(f, g)/ϵ)

    # Ignore H(P) = KL(P||α⊗β) + const since
    #     - numerically unstable due to taking logs
    #     - gradient wrt a,b,x,y does not depend on the regularizer term
