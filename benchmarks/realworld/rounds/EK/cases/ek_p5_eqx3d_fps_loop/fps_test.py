# Source: https://github.com/beneisner/eqx3d/blob/3f3aaf19afa3b2e26e4d99a6cbe85f32cc3287f1/tests/fps_test.py
# Title: eqx3d tests/fps_test.py
# Cut: dropped the torch_cluster benchmark; kept the JAX benchmark and unit test; import adapted to the local module.
import time

import jax
import jax.numpy as jnp
import pytest

import fps


@pytest.mark.skipif(not jax.local_devices(), reason="No JAX devices.")
def test_benchmark_fps(benchmark):
    # Create a random point cloud.
    rng = jax.random.PRNGKey(0)

    # Do a batch of 10 point clouds.
    num_points = 10000
    num_samples = 1000
    points = jax.random.uniform(rng, (10, num_points, 3))
    rngs = jax.random.split(rng, 10)

    # Do it once to compile.
    samples = jax.vmap(fps.fps, in_axes=(0, None, 0))(points, num_samples, rngs)

    def _benchmark():
        rng = jax.random.PRNGKey(time.time_ns())
        rngs_all = jax.random.split(rng, 11)
        rng, rngs = rngs_all[0], rngs_all[1:]
        samples = jax.vmap(fps.fps, in_axes=(0, None, 0))(points, num_samples, rngs)

    benchmark(_benchmark)


def test_fps():
    rng = jax.random.PRNGKey(0)

    num_points = 1000
    num_samples = 100
    points = jax.random.uniform(rng, (1, num_points, 3))

    rngs = jax.random.split(rng, 1)
    vmap_fps = jax.vmap(fps.fps, in_axes=(0, None, 0))

    samples = vmap_fps(points, num_samples, rngs)

    assert len(jnp.unique(samples[0])) == num_samples
