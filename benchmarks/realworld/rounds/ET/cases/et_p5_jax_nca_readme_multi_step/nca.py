# Source: https://github.com/shyamsn97/jax-nca/blob/7c9a7cdb3c90327e80424a5127c189df1d72a4ab/jax_nca/nca.py
# Title: jax_nca/nca.py (the library's actual multi-step: jitted lax.scan)
# Cut: kept nca_multi_step and the NCA.multi_step wrapper; the Flax NCA module body is dropped.
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("apply_fn", "num_steps"))
def nca_multi_step(apply_fn, params, current_state: jnp.array, rng, num_steps: int):
    def forward(carry, inp):
        carry = apply_fn({"params": params}, carry, rng)
        return carry, carry

    x, outs = jax.lax.scan(forward, current_state, None, length=num_steps)
    return x, outs


class NCA:
    def multi_step(self, params, current_state: jnp.array, rng, num_steps: int = 2):
        return nca_multi_step(self.apply, params, current_state, rng, num_steps)
