# Source: https://github.com/f0uriest/quadax/blob/3496207ce930ba45db7d5d8461681db98ac45ddb/quadax/fixed_order.py
# Title: quadax/fixed_order.py (AbstractQuadratureRule.integrate)
# Cut: only the start of integrate kept, up to the batched evaluation of the integrand through wrap_func.
from typing import Any, Callable

import equinox as eqx
import jax
import jax.numpy as jnp

from .utils import wrap_func


class AbstractQuadratureRule(eqx.Module):
    _batch_size: int | None

    @eqx.filter_jit
    def integrate(
        self,
        fun: Callable[..., jax.Array],
        a: float,
        b: float,
        args: tuple[Any, ...],
    ) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array]:
        """Integrate a function from a to b using a nested rule."""
        # The dtype of the limits is the statement of what precision was asked for: the
        # abscissae, and so the `x` the user's integrand sees, follow it.
        xtype = jnp.result_type(a, b)
        vfun = wrap_func(fun, args, xtype, self._batch_size)
        xh, wh_table, wl_table = self._nodes_weights(xtype)

        def falsefun():

            halflength = (b - a) / 2
            center = (b + a) / 2
            f: jax.Array = vfun(center + halflength * xh)
            ...
        ...
