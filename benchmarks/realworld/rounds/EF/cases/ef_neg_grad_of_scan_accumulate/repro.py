# Source: https://github.com/jax-ml/jax/issues/3186
# Title: Unexpectedly high grad-of-scan memory usage
# Cut: the two snippets joined; n fixed to 10
import resource

import jax
import jax.lax
import jax.numpy as jnp


def f(x, ys):
    z = jnp.ones((3000, 3000))

    def scanned(carry, y):
        return carry + x * (y + z), None

    summed, _ = jax.lax.scan(scanned, jnp.zeros_like(z), ys)
    return summed.mean()


n = 10
print(f(1.0, jnp.ones(n)))
print(f"{1e-3 * resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}MB")

print(jax.grad(f)(1.0, jnp.ones(n)))
print(f"{1e-3 * resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}MB")
