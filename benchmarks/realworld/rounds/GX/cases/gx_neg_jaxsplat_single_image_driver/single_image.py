# Source: https://github.com/yklcs/jaxsplat/blob/502a10d513be2ec7774850929d54e905716429ce/examples/single_image.py
# Title: examples/single_image.py (fit 3D Gaussians to one image)
# Cut: init() (random Gaussian initialisation) and the argparse entry point removed; main and render_fn verbatim.
import jaxsplat
import jax
import jax.numpy as jnp
import imageio.v3 as iio
import optax
import argparse
import time


def main(
    iterations: int,
    num_points: int,
    lr: float,
    gt_path: str,
    out_img_path: str,
    out_vid_path: str,
):
    gt = jnp.array(iio.imread(gt_path)).astype(jnp.float32)[..., :3] / 255

    key = jax.random.key(0)
    params, coeffs = init(key, num_points, gt.shape[:2])

    optimizer = optax.adam(lr)
    optimizer_state = optimizer.init(params)

    def loss_fn(params):
        output = render_fn(params, coeffs)
        loss = jnp.mean(jnp.square(output - gt))
        return loss

    # @jax.jit
    def train_step(
        params,
        optimizer_state: optax.OptState,
    ):
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, optimizer_state = optimizer.update(grads, optimizer_state)
        params = optax.apply_updates(params, updates)

        return params, optimizer_state, loss

    log_every = 50
    with iio.imopen(out_vid_path, "w", plugin="pyav") as video:
        video.init_video_stream("h264")

        cum_time = 0
        cum_time_split = 0
        for i in range(iterations):
            img = (render_fn(params, coeffs) * 255).astype(jnp.uint8)
            video.write_frame(img)

            start = time.perf_counter()
            params, optimizer_state, loss = train_step(params, optimizer_state)
            end = time.perf_counter()

            cum_time += end - start
            cum_time_split += end - start

            if i % log_every == 0:
                print(
                    f"iter {i} loss {loss:.4f}, {cum_time_split/log_every*1000:.3f}ms avg per step"
                )
                cum_time_split = 0
        print(
            f"done training in {cum_time:.3f}s ({cum_time/iterations*1000:.3f}ms avg per step)"
        )

    out = render_fn(params, coeffs)
    iio.imwrite(out_img_path, (out * 255).astype(jnp.uint8))



def render_fn(params, coeffs):
    means3d = params["means3d"]
    quats = params["quats"] / (jnp.linalg.norm(params["quats"], axis=-1, keepdims=True))
    scales = params["scales"]
    colors = jax.nn.sigmoid(params["colors"])
    opacities = jax.nn.sigmoid(params["opacities"])

    img = jaxsplat.render(
        means3d=means3d,
        scales=scales,
        quats=quats,
        colors=colors,
        opacities=opacities,
        viewmat=coeffs["viewmat"],
        background=coeffs["background"],
        img_shape=coeffs["img_shape"],
        f=coeffs["f"],
        c=coeffs["c"],
        glob_scale=coeffs["glob_scale"],
        clip_thresh=coeffs["clip_thresh"],
        block_size=coeffs["block_size"],
    )

    return img

