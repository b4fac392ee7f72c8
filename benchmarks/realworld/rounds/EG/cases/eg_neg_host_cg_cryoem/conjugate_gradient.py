# Source: https://github.com/bogdantoader/simplecryoem/blob/f29db1d039adcaba07a98a728afb4f7dd565feb4/src/simplecryoem/optimization/conjugate_gradient.py
# Title: src/simplecryoem/optimization/conjugate_gradient.py
# Cut: docstrings shortened; get_cg_vol_ops kept; GradV.grad_loss_volume_sum (optimization/loss.py) added as the jitted operator.
import jax
import jax.numpy as jnp
from functools import partial


class GradV:
    def __init__(self, loss):
        self.loss = loss

    @partial(jax.jit, static_argnums=(0,))
    def grad_loss_volume_sum(self, v, angles, shifts, ctf_params, imgs, sigma):
        """Gradient of the loss_sum function with respect to the volume."""

        return jax.grad(self.loss.loss_sum)(v, angles, shifts, ctf_params, imgs, sigma)


def conjugate_gradient(op, b, x0, iterations, eps=1e-16, verbose=False):
    """Apply the conjugate gradient method to solve Ax=b, where:

    op(x): Performs Ax for Hermitian positive-definite matrix A.
    """

    r = b - op(x0)

    x = x0
    p = r
    x_all = []
    # for k in tqdm(range(iterations)):
    for k in range(iterations):
        rkTrk = jnp.sum(jnp.conj(r) * r)
        Ap = op(p)

        alpha = rkTrk / jnp.sum(jnp.conj(p) * Ap)

        x = x + alpha * p
        r = r - alpha * Ap

        norm_r = jnp.linalg.norm(r.ravel(), 2)
        if norm_r < eps:
            # print("  cg iter", k, "||r|| =", norm_r)
            return x, k

        beta = jnp.sum(jnp.conj(r) * r) / rkTrk
        p = r + beta * p

        x_all.append(x)
        if verbose and jnp.mod(k, 10) == 0:
            print("  cg iter", k, "||r|| =", norm_r)

    return x, k, x_all


def get_cg_vol_ops(
    grad_loss_volume_sum, angles, shifts, ctf_params, imgs_f, vol_shape, sigma=1
):
    zero = jnp.zeros(vol_shape).astype(jnp.complex128)
    Abfun = grad_loss_volume_sum(zero, angles, shifts, ctf_params, imgs_f, sigma)

    Ab = -jnp.conj(Abfun)
    AA = (
        lambda vv: jnp.conj(
            grad_loss_volume_sum(vv, angles, shifts, ctf_params, imgs_f, sigma)
        )
        + Ab
    )

    return AA, Ab


# Notebook use (notebooks/sanity_checks/Reconstruction_simple.ipynb):
# AA, Ab = get_cg_vol_ops(gradv.grad_loss_volume_sum, angles, shifts, ctf_params, imgs_f, v0.shape)
# vcg, max_iter, _ = conjugate_gradient(AA, Ab, v0, 50, verbose=True)
