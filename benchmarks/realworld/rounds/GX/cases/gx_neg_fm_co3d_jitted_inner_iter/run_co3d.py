# Source: https://github.com/leonidk/fuzzy-metaballs/blob/ae20df503111a8720488b98f9faf9f362c5e404b/run_co3d.ipynb
# Title: run_co3d.ipynb (fuzzy metaballs on a CO3D sequence)
# Cut: code cells 2, 11, 13, 14, 15 converted to a script; CO3D loading cells removed (poses, masks,
#      color_images, fl, PX, PY and the hyperparameters come from them); cell 15 truncated after the loop.
import numpy as np
import transforms3d


# --- notebook cell 2 ---
import os
#os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"

import jax
#jax.config.update('jax_platform_name', 'cpu')

import jax.numpy as jnp
import fm_render

render_jit_ray = jax.jit(fm_render.render_func_rays)


# --- notebook cell 11 ---
height, width = PY,PX
cx = (PX-1)/2
cy = (PY-1)/2
K = np.array([[fl, 0, cx],[0,fl,cy],[0,0,1]])
pixel_list = (np.array(np.meshgrid(width-np.arange(width)-1,height-np.arange(height)-1,[0]))[:,:,:,0]).reshape((3,-1)).T
camera_rays = (pixel_list - K[:,2])/np.diag(K)
camera_rays[:,-1] = 1
cameras_list = []
for quat,trans in poses:
    R = transforms3d.quaternions.quat2mat(quat)
    camera_rays2 = camera_rays @ R
    t = np.tile(trans[None],(camera_rays2.shape[0],1))
    
    rays_trans = np.stack([camera_rays2,t],1)
    cameras_list.append(rays_trans)


# --- notebook cell 13 ---
# random init settings
rand_mean = center+pt_cld_shape_scale*np.random.multivariate_normal(mean=[0,0,0],cov=cov_scale*np.identity(3),size=NUM_MIXTURE)
rand_weight_log = jnp.log(weight_scale*np.ones(NUM_MIXTURE)/NUM_MIXTURE)
rand_prec = jnp.array([np.identity(3)*rand_sphere_size/pt_cld_shape_scale for _ in range(NUM_MIXTURE)])
rand_color = jnp.array(np.random.randn(NUM_MIXTURE,3))

init_alphas = []
init_depths = []
render_jit = jax.jit(fm_render.render_func_rays)

for ray_trans in cameras_list[:36]:
    est_depth, est_alpha, est_norm, est_w = render_jit(rand_mean,rand_prec,rand_weight_log,ray_trans,beta2/shape_scale,beta3)

    est_depth = np.array(est_depth)
    est_depth[est_alpha < 0.5] = np.nan
    init_alphas.append(est_alpha.reshape((PY,PX)))
    init_depths.append(est_depth.reshape((PY,PX)))

image_grid(init_alphas,6,6,rgb=False)


# --- notebook cell 14 ---
def objective(params,camera_rays,beta2,beta3,true_alpha,true_color):
    CLIP_ALPHA = 1e-7
    means,prec,weights_log,colors = params
    est_depth, est_alpha, est_norm, est_w = fm_render.render_func_rays(means,prec,weights_log,camera_rays,beta2,beta3)
    est_color = est_w.T @ (jnp.tanh(colors)*0.5+0.5)
    est_alpha = jnp.clip(est_alpha,CLIP_ALPHA,1-CLIP_ALPHA)
    mask_loss = - ((true_alpha * jnp.log(est_alpha)) + (1-true_alpha)*jnp.log(1-est_alpha))
    cdiff = jnp.abs( (true_color-est_color)*true_alpha[:,None] )
    return mask_loss.mean() + c_scale*cdiff.mean()
grad_render3 = jax.value_and_grad(objective)


# --- notebook cell 15 ---
import optax
from tqdm.notebook import tqdm
from util import DegradeLR

vecM = jnp.array([[1,SCALE_MUL_FACTOR]])[:,:,None]

all_rays = jnp.vstack(cameras_list)
train_size = all_rays.shape[0]
Niter_epoch = int(round(train_size/batch_size))

def irc(x): return int(round(x))

# babysit learning rates
adjust_lr = DegradeLR(LR_RATE,0.5,irc(Niter_epoch*0.4),irc(Niter_epoch*0.1),-1e-4)

optimizer = optax.adam(adjust_lr.step_func)

tmp = [rand_mean,rand_prec,rand_weight_log,rand_color]

opt_state = optimizer.init(tmp)

all_sils = jnp.hstack([_.ravel() for _ in masks]).astype(jnp.float32)
all_colors = jnp.hstack([_.ravel() for _ in color_images]).astype(jnp.float32).reshape((-1,3))
all_colors = all_colors**(1/2.2)

losses = []
opt_configs = []
outer_loop = tqdm(range(Nepoch), desc=" epoch", position=0)

rand_idx = np.arange(train_size)
params = tmp
def inner_iter(j_idx,rand_idx_local,opt_state,p):
    idx = jax.lax.dynamic_slice(rand_idx_local,[j_idx*batch_size],[batch_size])

    val,g = grad_render3([p[0]*SCALE_MUL_FACTOR,p[1]/SCALE_MUL_FACTOR,p[2],p[3]],vecM*all_rays[idx],
                         beta2/(shape_scale),beta3,all_sils[idx],all_colors[idx])   
    updates, opt_state = optimizer.update(g, opt_state,p)
    p = optax.apply_updates(p, updates)
    return val, opt_state, p 
jax_iter = jax.jit(inner_iter)
done = False
for i in outer_loop:
    np.random.shuffle(rand_idx)
    rand_idx_jnp = jnp.array(rand_idx)

    for j in tqdm(range(Niter_epoch), desc=" iteration", position=1, leave=False):
        opt_configs.append(list(params))
        val,opt_state,params = jax_iter(j,rand_idx_jnp,opt_state,params)
        val = float(val)
        losses.append(val)

        if adjust_lr.add(val):
            done = True
            break
        outer_loop.set_description(" loss {:.3f}".format(val))
    if done:
        break
