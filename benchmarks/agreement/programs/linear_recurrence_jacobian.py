# Source: https://github.com/jax-ml/jax/issues/19498
# Cut from: benchmarks/realworld/cases/p5_linear_recurrence_for_loop_jacobian
# Cut: the author's scan and for_loop versions at the thread's T = 128 and state size 16; the
#      associative_scan version and the benchmark table are dropped; the jitted jacrev calls are
#      written out from the title, as jit(jacrev(f)) of each version with the input sequence an argument
#      (closed over, jax 0.10.2 fails to iterate a concrete 128-row array under jit:
#      TracerIntegerConversionError in Array._chunk_iter). The rewrite is the scan version next to it.
import jax
import jax.numpy as jnp


def scan(weight, input_sequence, init_state, unroll=1):
    # input sequence has shape (T, state_size)
    def scan_fn(h_t, x_t):
        h_t = weight * h_t + x_t
        return h_t, h_t
    carry, ys = jax.lax.scan(scan_fn, init=init_state, xs=input_sequence, unroll=unroll)
    return carry, ys


def for_loop(weight, input_sequence, init_state):
    # input sequence has shape (T, state_size)
    h_t = init_state
    ys = []
    for x_t in input_sequence:  # cliff: unrolled-loop
        h_t = weight * h_t + x_t  # cliff: unrolled-loop
        ys.append(h_t)
    return h_t, jnp.stack(ys)


T, state_size = 128, 16
weight = jnp.full((state_size,), 0.9)
input_sequence = jnp.ones((T, state_size))
init_state = jnp.zeros((state_size,))

jac_loop = jax.jit(jax.jacrev(for_loop))
jac_scan = jax.jit(jax.jacrev(scan))
(a, a_ys), (b, b_ys) = jac_loop(weight, input_sequence, init_state), jac_scan(weight, input_sequence, init_state)
print(f"{float(jnp.sum(a)):.4f} {float(jnp.sum(a_ys)):.4f} {bool(jnp.allclose(a, b, rtol=1e-4))} "
      f"{bool(jnp.allclose(a_ys, b_ys, rtol=1e-4))}")
