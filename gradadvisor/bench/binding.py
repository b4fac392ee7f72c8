"""Split a bench's positional arguments into traced arrays and Python values.

Arrays (and pytrees of arrays) become arguments of the jitted functions;
Python values (ints used as loop counts, strings, ...) are closed over as
constants, so ``range(n)`` in user code keeps working under ``jax.jit``.
Differentiated arguments are always traced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from gradadvisor.bench.loader import UsageError


def _is_array_tree(value: Any) -> bool:
    import jax
    import numpy as np

    leaves = jax.tree_util.tree_leaves(value)
    return bool(leaves) and all(
        isinstance(leaf, (jax.Array, np.ndarray, np.generic)) for leaf in leaves
    )


@dataclass
class Binding:
    """Which positions are traced, their values, and the constants."""

    n_args: int
    traced_positions: tuple[int, ...]
    traced_args: tuple[Any, ...]
    constants: dict[int, Any]
    grad_argnums: tuple[int, ...]  # positions within traced_args

    def bind(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a function of the traced arguments only."""
        positions = self.traced_positions
        constants = self.constants
        n_args = self.n_args

        def bound(*traced: Any) -> Any:
            args = [None] * n_args
            for position, value in zip(positions, traced):
                args[position] = value
            for position, value in constants.items():
                args[position] = value
            return fn(*args)

        bound.__name__ = getattr(fn, "__name__", "bound")
        return bound


def bind_arguments(args: tuple[Any, ...], argnums: tuple[int, ...], device: Any = None) -> Binding:
    """Decide what is traced; put traced arrays on ``device``."""
    import jax
    import jax.numpy as jnp

    if not isinstance(args, tuple):
        raise UsageError(
            f"inputs() must return a tuple of arguments, got {type(args).__name__}"
        )
    for n in argnums:
        if not -len(args) <= n < len(args):
            raise UsageError(
                f"argnums {argnums} out of range: inputs() returned {len(args)} argument(s)"
            )
    argnums = tuple(n % len(args) for n in argnums)
    traced_positions = []
    constants = {}
    traced_args = []
    for position, value in enumerate(args):
        if position in argnums:
            value = jax.tree_util.tree_map(jnp.asarray, value)
        if position in argnums or _is_array_tree(value):
            traced_positions.append(position)
            traced_args.append(jax.device_put(value, device) if device is not None else value)
        else:
            constants[position] = value
    grad_argnums = tuple(traced_positions.index(n) for n in argnums)
    return Binding(
        n_args=len(args),
        traced_positions=tuple(traced_positions),
        traced_args=tuple(traced_args),
        constants=constants,
        grad_argnums=grad_argnums,
    )


def same_layout(first: Binding, second: Binding) -> bool:
    """True when ``second``'s traced arguments fit ``first``'s compiled executables.

    Same traced positions, equal Python constants, and the same tree
    structure, shapes and dtypes.
    """
    import jax

    if first.traced_positions != second.traced_positions or first.constants.keys() != second.constants.keys():
        return False
    for position, value in first.constants.items():
        try:
            if not bool(value == second.constants[position]):
                return False
        except Exception:  # values that cannot say whether they are equal
            return False
    a, a_def = jax.tree_util.tree_flatten(first.traced_args)
    b, b_def = jax.tree_util.tree_flatten(second.traced_args)
    return a_def == b_def and all(
        getattr(x, "shape", None) == getattr(y, "shape", None)
        and getattr(x, "dtype", None) == getattr(y, "dtype", None)
        for x, y in zip(a, b)
    )
