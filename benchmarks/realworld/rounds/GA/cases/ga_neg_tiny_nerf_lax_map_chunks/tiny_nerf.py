# Source: https://github.com/jax-ml/jax/issues/3865
# Title: Looking for ways to save memory through batchify
# Cut: the rendering snippet from the comment of 2020-07-28 (the chunked batchify kept commented out as in the post, lax.map over reshaped chunks); embed_fn, net_fn, the ray inputs, the volume-rendering tail and the jitted grad of the photometric loss reconstructed after the TF tiny-NeRF the comment says it transcribes.
import jax
import jax.numpy as jnp
from jax import lax

L_embed = 6
batch_size = 1024 * 32


def embed_fn(x, L_embed):
    rets = [x]
    for i in range(L_embed):
        for fn in [jnp.sin, jnp.cos]:
            rets.append(fn(2. ** i * x))
    return jnp.concatenate(rets, -1)


def net_fn(params, inputs):
    h = inputs
    for W, b in params[:-1]:
        h = jax.nn.relu(h @ W + b)
    W, b = params[-1]
    return h @ W + b


def render_rays(params, rays_o, rays_d, near, far, N_samples):
    z_vals = jnp.linspace(near, far, N_samples)
    pts = rays_o[..., None, :] + rays_d[..., None, :] * z_vals[..., :, None]
    pts_flat = jnp.reshape(pts, [-1, 3])
    pts_flat = embed_fn(pts_flat, L_embed)

    # def batchify(fn, chunk=1024 * 32):
    #     return lambda inputs: jnp.concatenate(
    #         [fn(inputs[i : i + chunk]) for i in range(0, inputs.shape[0], chunk)], 0,
    #     )
    # raw = batchify(net_fn)(pts_flat)

    raw = lax.map(lambda chunk: net_fn(params, chunk),
                  jnp.reshape(pts_flat, [-1, batch_size, pts_flat.shape[-1]]))
    raw = jnp.reshape(raw, list(pts.shape[:-1]) + [4])

    sigma_a = jax.nn.relu(raw[..., 3])
    rgb = jax.nn.sigmoid(raw[..., :3])
    dists = jnp.concatenate([z_vals[..., 1:] - z_vals[..., :-1],
                             jnp.broadcast_to(1e10, z_vals[..., :1].shape)], -1)
    alpha = 1. - jnp.exp(-sigma_a * dists)
    weights = alpha * jnp.cumprod(1. - alpha + 1e-10, -1, )
    rgb_map = jnp.sum(weights[..., None] * rgb, -2)
    return rgb_map


@jax.jit
def loss_and_grad(params, rays_o, rays_d, target):
    def loss(params):
        rgb = render_rays(params, rays_o, rays_d, 2., 6., 64)
        return jnp.mean(jnp.square(rgb - target))
    return jax.value_and_grad(loss)(params)
