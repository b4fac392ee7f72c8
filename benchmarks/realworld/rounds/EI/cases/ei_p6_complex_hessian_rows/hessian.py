# Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/_src/hessian.py
# Title: jrystal/_src/hessian.py (Hessian for Complex-Valued Functions)
# Cut: license header and docstring shortened; function body kept verbatim.
from typing import Callable

import jax
import jax.numpy as jnp


def complex_hessian(
  f: Callable[[jnp.ndarray], jnp.ndarray],
  primal: jnp.ndarray,
) -> jnp.ndarray:
  """Compute the Hessian of a complex-valued function at a point."""
  dtype = primal.dtype
  dim = primal.shape[-1]

  def grad_f(x):
    value, vjp_fn = jax.vjp(f, x)
    return vjp_fn(jnp.ones(value.shape, dtype=dtype))[0]

  def hessian_vec_prod(x, v):
    _, vjp_fn = jax.vjp(grad_f, x)
    return vjp_fn(v)[0]

  # x = jnp.ones(dim, dtype=dtype)
  return jnp.array(
    [
      hessian_vec_prod(primal, jnp.eye(dim, dtype=dtype)[i])
      for i in range(dim)
    ]
  )
