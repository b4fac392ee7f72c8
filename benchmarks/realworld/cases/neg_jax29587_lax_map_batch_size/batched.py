# Source: https://github.com/jax-ml/jax/issues/29587
# Title: jax-ml/jax#29587 "Batched version of jax.vmap"
# Cut: kept the lax.map example from the issue (including its `return ...` placeholder; its `x` typo is
#      written `arr`); the proposed vmap(batch_size=...) API is dropped.
import jax


def f_vmap(arr: jax.Array, static_arg: bool) -> jax.Array:
    f_wrapped = lambda x: f(x, static_arg)
    return jax.lax.map(f_wrapped, arr, batch_size=10)

def f(arr: jax.Array, static_arg: bool) -> jax.Array:
    return ...
