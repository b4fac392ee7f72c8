# Source: https://github.com/jax-ml/jax/issues/19498
# Title: jax-ml/jax#19498 "Computing Jacobian w.r.t. parameters used in lax.associative_scan is unexpectedly slow"
# Cut: kept the author's scan and for_loop versions; the associative_scan version and the benchmark table
#      are dropped; the jitted jacrev call is written out from the title.
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
    for x_t in input_sequence:
        h_t = weight * h_t + x_t
        ys.append(h_t)
    return h_t, jnp.stack(ys)


T, state_size = 128, 16
weight = jnp.full((state_size,), 0.9)
input_sequence = jnp.ones((T, state_size))
init_state = jnp.zeros((state_size,))

jac_loop = jax.jit(jax.jacrev(lambda w: for_loop(w, input_sequence, init_state)[0]))
jac_scan = jax.jit(jax.jacrev(lambda w: scan(w, input_sequence, init_state)[0]))
