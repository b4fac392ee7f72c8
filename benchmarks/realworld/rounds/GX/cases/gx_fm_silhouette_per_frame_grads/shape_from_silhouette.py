# Source: https://github.com/leonidk/fuzzy-metaballs/blob/a2c5b734d71aaa4bc08bf37f111575a1472631b6/shape_from_silhouette.ipynb
# Title: shape_from_silhouette.ipynb (fuzzy metaballs, before the move to ray batches)
# Cut: code cells 10, 12, 13 (after the pytorch3d rendering lines), 16 and 17 converted to a script;
#      pytorch3d dataset generation, plotting and the final evaluation cell removed;
#      target_sil, target_cameras and convert_pyt3dcamera come from the removed cells.
import numpy as np
from tqdm import tqdm

target_sil = []       # silhouettes rendered with pytorch3d in a removed cell
target_cameras = []   # pytorch3d cameras of the 20 views
center = np.zeros(3)


# --- notebook cell 10 ---
import os
os.environ["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"

import jax
#jax.config.update('jax_platform_name', 'cpu')

import jax.numpy as jnp
import fm_render

hyperparams = fm_render.hyperparams
NUM_MIXTURE = 40
beta2 = jnp.float32(np.exp(hyperparams[0]))
beta3 = jnp.float32(np.exp(hyperparams[1]))
beta4 = jnp.float32(np.exp(hyperparams[2]))
beta5 = -jnp.float32(np.exp(hyperparams[3]))

render_jit = jax.jit(fm_render.render_func_mrp)
shape_scale = float(mesh.verts_list()[0].std(0).mean())*3


# --- notebook cell 12 ---
rand_mean = center+np.random.multivariate_normal(mean=[0,0,0],cov=1e-1*np.identity(3)*shape_scale,size=NUM_MIXTURE)
rand_weight_log = jnp.log(np.ones(NUM_MIXTURE)/NUM_MIXTURE)
rand_sphere_size = 13
rand_prec = jnp.array([np.identity(3)*rand_sphere_size/shape_scale for _ in range(NUM_MIXTURE)])


# --- notebook cell 13 ---
def axangle2mrp(axangle):
    scale = jnp.linalg.norm(axangle)
    vec = axangle/scale
    return jnp.tan(scale/4)*vec

def convert_pyt3dcamera(cam, image_size = image_size):
    height, width = image_size
    cx = (width-1)/2
    cy = (height-1)/2
    f = (height/np.tan((np.pi/180)*float(cam.fov[0])/2))*0.5
    K = np.array([[f, 0, cx],[0,f,cy],[0,0,1]])
    pixel_list = (np.array(np.meshgrid(width-np.arange(width)-1,height-np.arange(height)-1,[0]))[:,:,:,0]).reshape((3,-1)).T

    camera_rays = (pixel_list - K[:,2])/np.diag(K)
    camera_rays[:,-1] = 1
    return jnp.array(camera_rays), axangle2mrp(jnp.array(so3_log_map(cam.R)[0].cpu())), jnp.array(-cam.R[0].cpu()@cam.T[0].cpu())

cameras_list = [convert_pyt3dcamera(cam) for cam in target_cameras]


# --- notebook cell 16 ---
def objective(params,true_alpha):
    CLIP_ALPHA = 1e-6
    means,prec,weights_log,camera_rays,mrp,trans,beta2,beta3,beta4,beta5 = params
    render_res = render_jit(means,prec,weights_log,camera_rays,mrp,trans,beta2,beta3,beta4,beta5)

    est_alpha = render_res[2]
    est_alpha = jnp.clip(est_alpha,CLIP_ALPHA,1-CLIP_ALPHA)
    mask_loss = - ((true_alpha * jnp.log(est_alpha)) + (1-true_alpha)*jnp.log(1-est_alpha))
    return mask_loss.mean()
grad_render3 = jax.jit(jax.value_and_grad(objective))


# --- notebook cell 17 ---
from jax.example_libraries import optimizers

# Number of optimization steps
Niter = 2000
# number of images to batch gradients over
batch_grad = 5
train_size = len(target_sil)

loop = tqdm(range(Niter))

# babysit learning rates
# adjust_lr = DegradeLR(1e-3,0.5,train_size//2,train_size//10,-1e-3)

opt_init, opt_update, opt_params = optimizers.adam(1e-2)
tmp = [rand_mean,rand_prec,rand_weight_log,beta2/shape_scale,beta3,beta4,beta5]
opt_state = opt_init(tmp)

losses = []
accum_grad = None
grad_counter = 0

rand_idx = np.arange(train_size)
for i in loop:
    # shuffle frames every epoch
    if (i%train_size) == 0:
        np.random.shuffle(rand_idx)
        
    # get a random frame
    idx = rand_idx[i%train_size]
    
    # get pose data and label
    camera_rays, mrp, trans = cameras_list[idx]
    true_alpha = jnp.array(target_sil[idx].ravel()).astype(jnp.float32)

    # compute gradients
    p = opt_params(opt_state)
    val,g = grad_render3([p[0],p[1],p[2],camera_rays,mrp,trans,p[3],p[4],p[5],p[6]],true_alpha)
    # accumulate gradients into batches
    # makes optimization time roughly twice as fast
    # since backprop only happens every Nth frame
    if accum_grad is None:
        grad_counter = 1
        accum_grad = g
    elif grad_counter == batch_grad:
        ag = [_/batch_grad for _ in accum_grad]
        opt_state = opt_update(i, [ag[0],ag[1],ag[2],0*ag[6],0*ag[7],0*ag[8],0*ag[9]], opt_state)
        accum_grad = None
    else:
        for gi in range(len(g)):
            accum_grad[gi] += g[gi]
        grad_counter += 1
    val = float(val)
    losses.append(val)
    # Print the losses
    loop.set_description("total_loss = %.3f" % val)
