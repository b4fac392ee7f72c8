# Source: https://github.com/Theo-Wu/Differentiable-Rasterizer-with-JAX/blob/4e32b119b42cbe1102af382216262aa5da6d8dd5/renderer/optimize_vertex.ipynb
# Title: Differentiable-Rasterizer-with-JAX renderer/optimize_vertex.ipynb (notebook cells as a script)
# Cut: cells 0, 4 and 6 kept; forward() and mse_loss() condensed from renderer/classes.py and
#      renderer/losses.py of the same commit (per-face images of shape [n_faces, h, w, 1] are
#      aggregated by aggregation_alpha); shading, camera and obj loading dropped.
import jax
import jax.numpy as jnp
from jax import grad, value_and_grad

from aggregations import aggregation_alpha, aggregation_rgb


def rasterize(sign, distance, kernel, blurriness):
    # condensed: soft coverage of every face at every pixel, shape [n_faces, h, w]
    return jax.nn.sigmoid(sign * distance ** 2 / blurriness)


def forward(points, objects, materials, light, camera, shading_mode, kernel, blurriness, aggregate_rgb=True):
    blurriness = pow(10, blurriness)
    for i in range(len(objects)):
        object = objects[i]
        object.cal_depth(points)
        object.cal_distance(points)
        imgs = rasterize(object.sign, object.distance, kernel, blurriness)[..., None]  # [n,h,w,1]
        if aggregate_rgb:
            imgs = aggregation_rgb(imgs, object.depth)
    img = aggregation_alpha(imgs, 'probabilistic')
    return img


def mse_loss(points, objects, materials, light, camera, img_ref, shading_mode, kernel, blurriness, aggregate_rgb=True):
    predict = forward(points, objects, materials, light, camera, shading_mode, kernel, blurriness, aggregate_rgb)
    dimg = jnp.sum((predict - img_ref) ** 2)
    return dimg, predict


def training(points, objects, materials, light, camera, img_ref, shading_mode, kernel, blurriness, iteration):
    history = []
    history_img = []

    beta1 = 0.9
    beta2 = 0.999
    eps = 1e-8
    lr = 0.1

    m = jnp.zeros_like(objects[0].mesh)
    v = jnp.zeros_like(objects[0].mesh)
    for i in range(iteration):
        (loss, img), g = value_and_grad(mse_loss, argnums=(1), has_aux=True)(points, objects, materials, light, camera, img_ref, shading_mode, kernel, blurriness, False)
        history.append(loss)
        history_img.append(img)

        m = beta1 * m + (1 - beta1) * g[0].mesh
        v = beta2 * v + (1 - beta2) * jnp.square(g[0].mesh)
        m_hat = m / (1 - jnp.asarray(beta1, m.dtype) ** (i + 1))
        v_hat = v / (1 - jnp.asarray(beta2, m.dtype) ** (i + 1))
        objects[0].mesh -= lr * m_hat / (jnp.sqrt(v_hat) + eps)

    return history, history_img
