# Source: https://github.com/tarod13/rl_jax_lib/blob/7566a11b5a8faf16982b791726e412400f4ea005/src/utils/pytrees.py
# Title: src/utils/pytrees.py
# Cut: whole file
import jax
import jax.numpy as jnp


def tree_norm(pytree):
    """Compute the global L2 norm of a pytree of arrays."""
    leaves = jax.tree_util.tree_leaves(pytree)
    return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in leaves))
