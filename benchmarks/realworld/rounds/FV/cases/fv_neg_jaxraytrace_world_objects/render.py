# Source: https://github.com/google-research/google-research/blob/1d4d2f1aa6f2883a790d2ae46a6ee8ab150d8f31/jaxraytrace/render.py
# Title: jaxraytrace/render.py ("Rendering library in JAX", A Simple Ray Tracer in JAX)
# Cut: licence header and correct_gamma cut; type annotations dropped; bodies kept.
import functools

import jax
import jax.numpy as jnp

from jaxraytrace import color


def compute_color(ray, world, config, rng):
  """Computes a color for the ray."""

  def compute_color_at_background(ray):
    mixing_factor = (ray.unit().y() + 1) / 2
    background_1 = color.get_color(config.first_background_color)
    background_2 = color.get_color(config.second_background_color)
    return color.linear_interpolation(background_1, background_2, mixing_factor)

  # We avoid recursion because that leads to long JAX compilation times.
  # Instead, we use a JAX-special while loop,
  # with a terminating condition on recursive depth.
  max_depth = config.max_recursion_depth

  def check_depth(args):
    depth = args[2]
    return depth < max_depth

  def ray_trace_at_depth(args):

    def compute_next_ray(ray, ray_color, depth, rng, hit_record):
      depth_rng = jax.random.fold_in(rng, depth)
      ray, sampled_color, did_scatter = hit_record.material.scatter(
          ray, hit_record, rng=depth_rng)
      ray_color, depth = jax.lax.cond(
          did_scatter,
          lambda: (ray_color.elementwise_multiply(sampled_color), depth + 1),
          lambda: (color.Color(*[0, 0, 0]), max_depth),
      )
      return ray, ray_color, depth, rng

    def compute_background_color(ray, ray_color, depth, rng, hit_record):
      del hit_record
      sampled_ray_color = compute_color_at_background(ray)
      ray_color = ray_color.elementwise_multiply(sampled_ray_color)
      depth = max_depth
      return ray, ray_color, depth, rng

    ray = args[0]
    hit_record, did_hit = world.hits(ray, t_min=0.001, t_max=jnp.inf)
    return jax.lax.cond(did_hit, compute_next_ray, compute_background_color,
                        *args, hit_record)

  init_depth = 0
  init_color = color.Color(*[1, 1, 1])
  ray_color = jax.lax.while_loop(
      check_depth,
      ray_trace_at_depth,
      (ray, init_color, init_depth, rng),
  )[1]
  return ray_color


def generate_image(height, width, scene_camera, world, config):
  """Generates an image of dimensions (height x width x 3) from the given camera."""

  def process_pixel(position, num_samples, rng):
    j, i = position

    def get_color_at_sample(u, v, sample_rng):
      ray = scene_camera.get_ray(u, v)
      return compute_color_fn(ray, rng=sample_rng).array()

    pixel_rng = jax.random.fold_in(rng, width * i + j)
    pixel_rng, i_rng, j_rng = jax.random.split(pixel_rng, num=3)

    # Random samples for anti-aliasing.
    random_is = jax.random.uniform(i_rng, shape=(num_samples,))
    random_js = jax.random.uniform(j_rng, shape=(num_samples,))

    us = (j + random_js) / width
    vs = (i + random_is) / height
    sample_rngs = jax.random.split(pixel_rng, num=num_samples)

    colors = jax.vmap(get_color_at_sample)(us, vs, sample_rngs)
    colors = jnp.mean(colors, axis=0)
    return colors

  num_samples = config.num_antialiasing_samples
  rng = jax.random.PRNGKey(config.rng_seed)

  compute_color_fn = functools.partial(compute_color, world=world, config=config)
  process_pixel_fn = functools.partial(process_pixel, num_samples=num_samples, rng=rng)
  process_pixel_fn = jax.vmap(jax.vmap(process_pixel_fn))

  grid = jnp.dstack(jnp.meshgrid(jnp.arange(width), jnp.arange(height)))
  image = process_pixel_fn(grid)
  return image
