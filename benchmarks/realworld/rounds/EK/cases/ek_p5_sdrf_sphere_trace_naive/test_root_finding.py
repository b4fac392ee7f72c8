# Source: https://github.com/AnimatedRNG/nerf-jax/blob/a4e37140fb6a88818ae3b977aaafbfaddbdd96a5/tests/test_root_finding.py
# Title: nerf-jax (sdrf branch) tests/test_root_finding.py
# Cut: kept the helpers and the naive sphere-trace test; dropped the while_loop/batched tests.
import jax
import jax.numpy as jnp
from jax import jit, vmap, grad

from root_finding import sphere_trace_naive


def create_sphere(pt, origin=jnp.array([0.0, 0.0, 0.0]), radius=2.0):
    return jnp.linalg.norm(pt - origin, ord=2) - radius


def perform_radius_test(fn, initial_radius, target_radius):
    params = [jnp.array([0.0, 0.0, 0.0]), jnp.array(initial_radius)]

    radius_fwd = lambda origin, radius: jnp.linalg.norm(fn(origin, radius), ord=2)

    lr = jnp.array(1e-1)

    grad_program = jit(
        grad(
            lambda origin, radius: (target_radius - radius_fwd(origin, radius)) ** 2,
            argnums=(1,),
        )
    )

    for i in range(100):
        params[1] = params[1] - grad_program(params[0], params[1])[0] * lr
        print(params)

    assert abs(radius_fwd(*params) - target_radius) < 1e-3


def test_sphere_trace_naive():
    ro = jnp.array([-4.0, 0.0, -1.0])
    rd = jnp.array([1.0, 0.0, 0.0])

    truncation_dist = 1.0

    fn = lambda origin, radius: sphere_trace_naive(
        create_sphere, ro, rd, 20, truncation_dist, origin, radius
    )

    perform_radius_test(fn, 2.0, 3.0)
