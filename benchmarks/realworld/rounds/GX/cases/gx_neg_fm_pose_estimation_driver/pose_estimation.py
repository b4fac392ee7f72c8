# Source: https://github.com/leonidk/fuzzy-metaballs/blob/ae20df503111a8720488b98f9faf9f362c5e404b/pose_estimation.ipynb
# Title: pose_estimation.ipynb (fuzzy metaballs pose estimation)
# Cut: code cells 9, 18, 19 converted to a script; mesh loading, pyrender target rendering and plots
#      removed (mean, prec, weights_log, camera_rays, quat_init, trans_init, target_depth, shape_scale
#      come from them).
import numpy as np
from tqdm import tqdm


# --- notebook cell 9 ---
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"

import jax
#jax.config.update('jax_platform_name', 'cpu')

import jax.numpy as jnp
import fm_render

# use a result from reconstruction
show_saved = False

# volume usually False since color optimization implies surface samples
# And code defaults towards that sort of usage now
show_volume = False

NUM_MIXTURE = 40
beta2 = jnp.float32(np.exp(fm_render.hyperparams[0]))
beta3 = jnp.float32(np.exp(fm_render.hyperparams[1]))

gmm_init_scale = 80

render_jit = jax.jit(fm_render.render_func_quat)


# --- notebook cell 18 ---
def error_func(est_depth,est_alpha,true_depth):
    cond = jnp.isnan(est_depth) | jnp.isnan(true_depth)
    #err = (est_depth - true_depth)/jnp.nan_to_num(true_depth,nan=1)
    err = (est_depth - true_depth)/jnp.nanmean(true_depth)

    depth_loss =  abs(jnp.where(cond,0,err)).mean()

    true_alpha = ~jnp.isnan(true_depth)
    est_alpha = jnp.clip(est_alpha,1e-7,1-1e-7)
    mask_loss = -((true_alpha * jnp.log(est_alpha)) + (~true_alpha)*jnp.log(1-est_alpha))

    term1 = depth_loss.mean()
    term2 = mask_loss.mean()
    return 50*term1 + term2

def objective(params,means,prec,weights_log,camera_rays,beta2,beta3,depth):
    mrp,trans= params
    render_res = render_jit(means,prec,weights_log,camera_rays,mrp,trans,beta2,beta3)
    return error_func(render_res[0],render_res[1],depth)

def objective_simple(params,means,prec,weights_log,camera_rays,beta2,beta3,depth):
    mrp = jnp.array(params[:3])
    trans = jnp.array(params[3:])
    render_res = render_jit(means,prec,weights_log,camera_rays,mrp,trans,beta2,beta3)
    return error_func(render_res[0],render_res[1],depth)
grad_render3 = jax.jit(jax.value_and_grad(objective))


# --- notebook cell 19 ---
from jax.example_libraries import optimizers
from util import DegradeLR
# Number of optimization steps
# typically only needs a few hundred
# and early exits
Niter = 2000

loop = tqdm(range(Niter))

# babysit learning rates
adjust_lr = DegradeLR(1e-3,0.1,50,10,-1e-4)
opt_init, opt_update, opt_params = optimizers.momentum(adjust_lr.step_func,0.95)

# to test scale invariance
HUHSCALE = 1
# should get same result even if world scale changes

tmp = [quat_init,HUHSCALE*trans_init]
opt_state = opt_init(tmp)

losses = []
jax_tdepth = jnp.array(target_depth.ravel())

for i in loop:
    p = opt_params(opt_state)

    val,g = grad_render3(p,HUHSCALE*mean,prec/HUHSCALE,weights_log,camera_rays,beta2/(HUHSCALE*shape_scale),beta3,HUHSCALE*jax_tdepth)
    
    S = jnp.linalg.norm(p[1])
    S2 = S*S

    g1 = g[0]
    g2 = g[1]*S2

    opt_state = opt_update(i, [g1,g2], opt_state)

    val = float(val)
    losses.append(val)
    if adjust_lr.add(val):
        break
    # Print the losses
    loop.set_description("total_loss = %.3f" % val)
