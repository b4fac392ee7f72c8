# Source: https://github.com/pypi-data/pypi-mirror-396/blob/66eb6abf85dd02f32abdbcfd64bb9d9d615cba6e/packages/flow-gym-suite/flow_gym_suite-0.1.0.tar.gz/flow_gym_suite-0.1.0/src/flowgym/flow/dis/process.py
# Title: flowgym/flow/dis/process.py (DIS optical flow for PIV images in JAX, flow-gym-suite 0.1.0)
# Cut: kept the batched entry point, the variational refinement (fixed-point and red/black SOR loops) and its helpers; dropped flow_between (pyramid levels run by lax.scan over lax.switch), patch extraction and densification.
import jax
import jax.numpy as jnp
from jax import lax

from flowgym.common.filters import sobel
from flowgym.flow.process import apply_flow_to_image_backward as warp_image


def estimate_dis_flow(
    prev_batch: jnp.ndarray,
    curr_batch: jnp.ndarray,
    start_level: int,
    levels: int,
    level_steps: int,
    grad_desc_iters: int,
    patch_stride: int,
    patch_size: int,
    output_full_res: bool,
    starting_flow: jnp.ndarray,
    var_refine_iters: int,
) -> jnp.ndarray:
    """Batch version of the DIS optical flow estimation algorithm."""
    return jax.vmap(
        flow_between, in_axes=(0, 0, 0, None, None, None, None, None, None, None, None)
    )(
        prev_batch,
        curr_batch,
        starting_flow,
        start_level,
        levels,
        level_steps,
        grad_desc_iters,
        patch_stride,
        patch_size,
        output_full_res,
        var_refine_iters,
    )


def variational_refinement(
    I0: jnp.ndarray,
    I1: jnp.ndarray,
    flow: jnp.ndarray,
    patch_size: int,
    fixed_iters: int,
    *,
    sor_iters: int = 5,
    alpha: float = 10.0,
    gamma: float = 10.0,
    delta: float = 5.0,
    omega: float = 1.6,
    zeta: float = 0.1,
    eps: float = 0.001,
) -> jnp.ndarray:
    """Refines the optical flow using a variational approach."""
    # Gaussian kernel for structure tensor
    # TODO: try to precompute this
    box_filter_kernel = jnp.ones((patch_size, patch_size)) / (patch_size**2)

    # unpack flow
    u, v = flow[..., 0], flow[..., 1]
    H, W = u.shape

    # structure tensor on I0
    # TODO: try to precompute this
    I0xx, I0xy, I0yy = prepare_structure_tensor(I0, box_filter_kernel)

    # build a fixed red/black mask
    ii, jj = jnp.ogrid[:H, :W]
    red_mask = (ii + jj) % 2 == 0

    def fp_step(_, uv):
        u, v = uv

        flow = jnp.stack([u, v], axis=-1)

        # warp I1 → I1w with current (u,v)
        I1w = warp_image(I1, -flow)  # TODO verify this is correct, invert flow

        # compute residuals
        Ix, Iy = sobel_grad(I1w)
        Iz = I1w - I0

        # robust norms
        PsiI = jnp.sqrt(Iz**2 + eps**2)
        PsiG = jnp.sqrt((Ix**2 + Iy**2) + eps**2)

        # smoothness weights (same formula OpenCV uses)
        u_x, u_y = sobel_grad(u)
        v_x, v_y = sobel_grad(v)
        w_s = 1.0 / jnp.sqrt(u_x**2 + u_y**2 + v_x**2 + v_y**2 + zeta**2)

        # assemble per-pixel linear system coefficients exactly like OpenCV:
        Au11 = delta / PsiI + gamma * (I0xx / PsiG) + alpha * w_s
        Au22 = delta / PsiI + gamma * (I0yy / PsiG) + alpha * w_s
        Au12 = gamma * (I0xy / PsiG)

        bu = -(Ix * Iz) / PsiI
        bv = -(Iy * Iz) / PsiI

        # initialize increments
        dWu = jnp.zeros_like(u)
        dWv = jnp.zeros_like(v)

        # inner SOR: alternate red/black passes
        def sor_body(_, dW):
            dWu, dWv = dW
            # red pass
            dWu, dWv = sor_pass(dWu, dWv, Au11, Au12, Au22, bu, bv, omega, red_mask)
            # black pass
            dWu, dWv = sor_pass(dWu, dWv, Au11, Au12, Au22, bu, bv, omega, ~red_mask)
            return (dWu, dWv)

        dWu, dWv = jax.lax.fori_loop(0, sor_iters, sor_body, (dWu, dWv))

        # update flow
        return (u + dWu, v + dWv)

    # outer fixed-point
    u, v = jax.lax.fori_loop(0, fixed_iters, fp_step, (u, v))
    return jnp.stack([u, v], axis=-1)


def sobel_grad(img: jnp.ndarray) -> tuple[jnp.ndarray, jnp.ndarray]:
    """Computes the Sobel gradient of an image using a separable kernel."""
    sobel_x, sobel_y = sobel()
    Ix = conv2d(img, sobel_x)
    Iy = conv2d(img, sobel_y)
    return Ix, Iy


def prepare_structure_tensor(
    I0: jnp.ndarray, kernel: jnp.ndarray
) -> tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """Computes the structure tensor of an image using Sobel gradients."""
    I0x, I0y = sobel_grad(I0)
    # Convolve squared products
    Ixx = conv2d(I0x * I0x, kernel)
    Ixy = conv2d(I0x * I0y, kernel)
    Iyy = conv2d(I0y * I0y, kernel)
    return Ixx, Ixy, Iyy


def conv2d(img: jnp.ndarray, kernel: jnp.ndarray) -> jnp.ndarray:
    """Perform a 2D convolution on a single-channel image using a separable kernel."""
    kh, kw = kernel.shape
    img_nhwc = img[None, ..., None]  # shape (1,H,W,1)
    kernel_hwio = kernel[..., None, None]
    out = lax.conv_general_dilated(
        lhs=img_nhwc,
        rhs=kernel_hwio,
        window_strides=(1, 1),
        padding=[(kh // 2, kh // 2), (kw // 2, kw // 2)],  # SAME padding
        dimension_numbers=("NHWC", "HWIO", "NHWC"),
    )
    return out[0, ..., 0]


def sor_pass(
    dWu: jnp.ndarray,
    dWv: jnp.ndarray,
    Au11: jnp.ndarray,
    Au12: jnp.ndarray,
    Au22: jnp.ndarray,
    bu: jnp.ndarray,
    bv: jnp.ndarray,
    omega: float,
    red_mask: jnp.ndarray,
) -> tuple[jnp.ndarray, jnp.ndarray]:
    """Performs a single SOR pass on the red/black checkerboard."""
    # compute the unconstrained updates
    upd_u = (bu - Au12 * dWv) / Au11
    upd_v = (bv - Au12 * upd_u) / Au22

    # relaxation
    new_dWu = dWu + omega * (upd_u - dWu)
    new_dWv = dWv + omega * (upd_v - dWv)

    # only apply on the selected checkerboard
    dWu = jnp.where(red_mask, new_dWu, dWu)
    dWv = jnp.where(red_mask, new_dWv, dWv)
    return dWu, dWv
