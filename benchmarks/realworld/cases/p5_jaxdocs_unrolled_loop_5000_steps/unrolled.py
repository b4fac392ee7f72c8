# Source: https://github.com/jax-ml/jax/blob/cec06d116c05f0d52adfceee3d3b730fdbcb0ce5/docs/debugging/slow_tracing_compilation.md
# Title: JAX docs "Debugging slow JAX tracing and XLA compilation", Gotcha: Python Control Flow (Loop Unrolling in JIT)
# Cut: kept the example; the pprof instructions are dropped.
import jax
import jax.numpy as jnp


@jax.jit
def unrolled_loop(x):
  # Unrolls 5,000 identical add equations into the Jaxpr!
  for _ in range(5000):
    x = x + 1.0
  return x


# Run with JAX_DUMP_IR_TO=/tmp/jax_ir JAX_DUMP_IR_MODES=eqn_count_pprof
unrolled_loop(jnp.zeros(10))
