# Source: https://github.com/AnimatedRNG/nerf-jax/blob/a4e37140fb6a88818ae3b977aaafbfaddbdd96a5/experiment/fit_point_cloud.py
# Title: nerf-jax (sdrf branch) experiment/fit_point_cloud.py (SIREN SDF fitted to an oriented point cloud)
# Cut: argparse, dataset class, plotting helpers and the 2D slice plots dropped; grid evaluation,
#      loss and the training driver kept.
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, vmap, grad
from jax.experimental.optimizers import adam, clip_grads
import haiku as hk
from tqdm import tqdm

from sdrf import Siren


def get_mgrid(sidelen, dim=2):
    ...  # regular grid of coordinates in [-1, 1]^dim, shape (sidelen**dim, dim)


def write_sdf_volume(model_fn, params):
    eval_fn = lambda x: model_fn.apply(params, x)

    N = 128
    slice_coords_3d = get_mgrid(N, dim=3)
    sdf_values = np.zeros((N**3, 1))
    bsize = int(64**2)
    for i in tqdm(range(int(N**3 / bsize))):
        coords = slice_coords_3d[i*bsize:(i+1)*bsize, :]
        sdf_values[i*bsize:(i+1)*bsize] = eval_fn(coords)

    sdf_values = sdf_values.reshape(N, N, N)
    return sdf_values


def cosine_similarity(a, b, eps=1e-8):
    return jnp.dot(a, b) / jnp.maximum((jnp.linalg.norm(a)*jnp.linalg.norm(b)), eps)


def compute_loss(params, pts, model_fn, grad_model_fn, sdfs, normals):
    def loss_fn(pt, sdf, normal):
        model_output = model_fn.apply(params, pt)
        grad_output = grad_model_fn(params, pt)[0]

        # Wherever boundary_values is not equal to zero, we interpret it as a boundary constraint.
        surface_loss = (sdf * model_output)[0]
        offsurface_loss = ((1 - sdf) * jnp.exp(-1e2 * jnp.abs(model_output)))[0]
        normal_loss = (sdf * (1 - cosine_similarity(grad_output, normal)))[0]
        eikonal_loss = jnp.linalg.norm(grad_output) - 1

        return jnp.array([surface_loss, offsurface_loss, normal_loss, eikonal_loss])

    losses = jnp.mean(vmap(loss_fn)(pts, sdfs, normals)**2, axis=0)

    return losses[0] * 3e3 + losses[1] * 1e2 + losses[2] * 1e2 + losses[3] * 5e1, losses


def train(opt, dataset):
    rng = jax.random.PRNGKey(1024)
    model_fn = hk.transform(lambda x: Siren(3, 1, opt.hidden_layers, opt.hidden_features)(x))
    params = model_fn.init(rng, jnp.ones([3, ]))
    model_fn = hk.without_apply_rng(model_fn)

    # set up optimizer
    init_adam, update, get_params = adam(lambda _: opt.lr)
    optimizer_state = init_adam((params))

    # batched model and gradient evaluation
    grad_model_fn = grad(lambda params, pt: model_fn.apply(params, pt)[0], argnums=(1,))

    # set up loss function
    value_and_grad_loss_fn = jit(grad(compute_loss, argnums=(0,), has_aux=True))


    # train
    total_steps = 0
    pbar = tqdm(total=len(dataset) * opt.num_epochs)

    for epoch in range(opt.num_epochs):
        for model_input, gt in dataset:
            params = get_params(optimizer_state)

            rng, subrng = jax.random.split(rng)

            pts = model_input['coords']

            with jax.disable_jit():
                gradient, losses = value_and_grad_loss_fn(params, pts, model_fn, grad_model_fn,
                                                          gt['sdf'], gt['normals'])

            losses = tuple(np.array(loss) for loss in losses)
            gradient = clip_grads(gradient, 1.0)

            if total_steps % opt.validation_skip == 0:
                write_sdf_volume(model_fn, params)
                tqdm.write(f'Epoch {epoch}, Loss {losses[0]:.02e}, {losses[1]:.02e}, {losses[2]:.02e}, {losses[3]:.02e}')

            optimizer_state = update(epoch, gradient[0], optimizer_state)

            total_steps += 1
            pbar.update(1)
