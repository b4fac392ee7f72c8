# Source: https://github.com/leonidk/fuzzy-metaballs/blob/ae20df503111a8720488b98f9faf9f362c5e404b/fm_render.py
# Title: fm_render.py (fuzzy metaballs renderer, two-parameter model)
# Cut: rotation helpers and the hffm variant removed; render_func_rays kept.
import jax
import jax.numpy as jnp

hyperparams = [2.0, 0.25]

def jax_stable_exp(z,s=1,axis=0):
    z = s*z
    z = z- z.max(axis)
    z = jnp.exp(z)
    return z


def render_func_rays(means, prec_full, weights_log, camera_starts_rays, beta_2, beta_3):
    prec = jnp.triu(prec_full)
    # weights = jnp.exp(weights_log)
    # weights = weights/weights.sum()

    def perf_idx(prcI,w,meansI):
        prc = prcI.T
        #div = jnp.prod(jnp.diag(jnp.abs(prc))) + 1e-20

        def perf_ray(r_t):
            r = r_t[0]
            t = r_t[1]
            p =  meansI -t 

            projp = prc @ p
            vsv = ((prc @ r)**2).sum()
            psv = ((projp) * (prc@r)).sum()
            projp2 = prc.T @ projp

            # linear
            res = (psv)/(vsv)
            
            v = r * res - p

            d0 = ((prc @ v)**2).sum()
            d2 = -0.5*d0 + w
            #d3 =  d2 + jnp.log(div)

            norm_est = projp2/jnp.linalg.norm(projp2)
            norm_est = jnp.where(r@norm_est < 0,norm_est,-norm_est)
            return res,d2,norm_est
        return jax.vmap((perf_ray))(camera_starts_rays) 

    zs,stds,projp = jax.vmap(perf_idx)(prec,weights_log,means)  # jit perf

    est_alpha = 1-jnp.exp(-jnp.exp(stds).sum(0) ) # simplier but splottier
    sig1 = (zs > 0)# sigmoid
    w = sig1*jnp.nan_to_num(jax_stable_exp(-zs*beta_2 + beta_3*stds))+1e-20

    wgt  = w.sum(0)
    div = jnp.where(wgt==0,1,wgt)
    w = w/div

    init_t=  (w*jnp.nan_to_num(zs)).sum(0)
    est_norm = (projp * w[:,:,None]).sum(axis=0)
    est_norm = est_norm/jnp.linalg.norm(est_norm,axis=1,keepdims=True)

    return init_t,est_alpha,est_norm,w

# this version has no hyperparameters
# and does classic alpha compositing down z-order
# it's typically 3x slower than the above
# and seems to behave slightly worse
# but serves as a direct substitute.
# I will document this with experiments
# in a preprint sometime in June/July '23
