# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/control-flow.md
# Cut from: benchmarks/realworld/cases/p3_jaxdocs_control_flow_unrolled_sum
# Cut: the docs' two jitted accumulation loops, called on 120 values instead of 3 (the docs'
#      point: the loop is unrolled, one add per element), and differentiated too. The rewrite:
#      jnp.sum(x) (or jnp.sum(x[:n])), or lax.fori_loop for a real recurrence.
import jax
import jax.numpy as jnp
from jax import jit


@jit
def g(x):
  y = 0.
  for i in range(x.shape[0]):
    y = y + x[i]  # cliff: unrolled-loop
  return y


def f(x, n):
  y = 0.
  for i in range(n):
    y = y + x[i]  # cliff: unrolled-loop
  return y

f = jit(f, static_argnames='n')

x = jnp.linspace(0.0, 2.0, 120)
print(f"{float(g(x)):.4f} {float(f(x, 100)):.4f} {float(jnp.sum(jit(jax.grad(g))(x))):.4f}")
