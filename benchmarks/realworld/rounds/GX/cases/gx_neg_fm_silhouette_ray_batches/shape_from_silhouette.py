# Source: https://github.com/leonidk/fuzzy-metaballs/blob/ae20df503111a8720488b98f9faf9f362c5e404b/shape_from_silhouette.ipynb
# Title: shape_from_silhouette.ipynb (fuzzy metaballs, ray-batch version)
# Cut: code cells 10, 12, 13, 15, 18, 19 converted to a script; pyrender dataset generation and
#      plotting removed (trans, rand_quats, target_sil, image_size, focal_length, cx, cy come from them).
import numpy as np
import transforms3d
from tqdm import tqdm


# --- notebook cell 10 ---
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"

import jax
#jax.config.update('jax_platform_name', 'cpu')

import jax.numpy as jnp
import fm_render
# when using stds, new settings,
hyperparams = fm_render.hyperparams
NUM_MIXTURE = 40
beta2 = jnp.float32(np.exp(hyperparams[0]))
beta3 = jnp.float32(np.exp(hyperparams[1]))

gmm_init_scale = 1

render_jit = jax.jit(fm_render.render_func_rays)
shape_scale = float(mesh_tri.vertices[0].std(0).mean())*3


# --- notebook cell 12 ---
rand_mean = center+np.random.multivariate_normal(mean=[0,0,0],cov=1e-2*np.identity(3)*shape_scale,size=NUM_MIXTURE)
rand_weight_log = jnp.log(np.ones(NUM_MIXTURE)/NUM_MIXTURE) + jnp.log(gmm_init_scale)
rand_sphere_size = 30
rand_prec = jnp.array([np.identity(3)*rand_sphere_size/shape_scale for _ in range(NUM_MIXTURE)])


# --- notebook cell 13 ---


height, width = image_size
K = np.array([[focal_length, 0, cx],[0,focal_length,cy],[0,0,1]])
pixel_list = (np.array(np.meshgrid(np.arange(width),height-np.arange(height)-1,[0]))[:,:,:,0]).reshape((3,-1)).T
camera_rays = (pixel_list - K[:,2])/np.diag(K)
camera_rays[:,-1] = -1
cameras_list = []
for tran,quat in zip(trans,rand_quats):
    R = transforms3d.quaternions.quat2mat(quat)
    camera_rays2 = camera_rays @ R
    t = np.tile(tran[None],(camera_rays2.shape[0],1))
    
    rays_trans = np.stack([camera_rays2,t],1)
    cameras_list.append(rays_trans)


# --- notebook cell 15 ---
alpha_results_rand = []
alpha_results_rand_depth = []
for camera_rays in cameras_list:
    est_depth, est_alpha, est_norm, est_w = render_jit(rand_mean,rand_prec,rand_weight_log,camera_rays,beta2/shape_scale,beta3)
    alpha_results_rand.append(est_alpha.reshape(image_size))
    est_depth = np.array(est_depth)
    est_depth[est_alpha < 0.5] = np.nan
    alpha_results_rand_depth.append(est_depth.reshape(image_size))


# --- notebook cell 18 ---
def objective(params,true_alpha):
    CLIP_ALPHA = 3e-8
    means,prec,weights_log,camera_rays,beta2,beta3 = params
    render_res = render_jit(means,prec,weights_log,camera_rays,beta2,beta3)

    est_alpha = render_res[1]
    est_alpha = jnp.clip(est_alpha,CLIP_ALPHA,1-CLIP_ALPHA)
    mask_loss = - ((true_alpha * jnp.log(est_alpha)) + (1-true_alpha)*jnp.log(1-est_alpha))
    return mask_loss.mean()
grad_render3 = jax.jit(jax.value_and_grad(objective))


# --- notebook cell 19 ---
from jax.example_libraries import optimizers
from util import DegradeLR
def irc(x): return int(round(x))

all_cameras = jnp.array(cameras_list).reshape((-1,2,3))
all_sils = jnp.array(target_sil.ravel()).astype(jnp.float32)

# Number of optimization steps
Nepochs = 10
batch_size = 800
Niter_epoch = int(np.ceil(len(all_cameras)/batch_size))

vecM = jnp.array([[1,1,1],[shape_scale_mul,shape_scale_mul,shape_scale_mul]])[None]

outer_loop = tqdm(range(Nepochs), desc=" epoch", position=0)

adjust_lr = DegradeLR(1e-1,0.5,irc(Niter_epoch*0.4),irc(Niter_epoch*0.1),-1e-4)
opt_init, opt_update, opt_params = optimizers.adam(adjust_lr.step_func)
tmp = [rand_mean*shape_scale_mul,rand_prec/shape_scale_mul,rand_weight_log]
opt_state = opt_init(tmp)


rand_idx = np.arange(len(all_cameras))

losses = []
done = False

for i in outer_loop:
    np.random.shuffle(rand_idx)
    rand_idx_jnp = jnp.array(rand_idx)
    for j in tqdm(range(Niter_epoch), desc=" iteration", position=1, leave=False):
        p = opt_params(opt_state)
        idx = jax.lax.dynamic_slice(rand_idx_jnp,[j*batch_size],[batch_size])
        val,g = grad_render3([p[0],p[1],p[2],vecM*all_cameras[idx],beta2/opt_shape_scale,beta3],all_sils[idx])   
        opt_state = opt_update(i, g[:3], opt_state)

        val = float(val)
        losses.append(val)
        outer_loop.set_description("total_loss = %.3f" % val)
        if adjust_lr.add(val):
            done = True
            break
    if done:
        break
