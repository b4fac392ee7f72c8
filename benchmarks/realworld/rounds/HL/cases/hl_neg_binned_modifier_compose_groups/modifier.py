# Source: https://github.com/pfackeldey/evermore/blob/a7d069a3f6a6c64511a4fb1ac9754baa031b1378/src/evermore/binned/modifier.py
# Title: src/evermore/binned/modifier.py (Compose: apply many histogram modifiers together)
# Cut: kept imports and the Compose class (docstring shortened) with its unroll helper; other modifier classes dropped.
from __future__ import annotations
import abc
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, runtime_checkable
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, Bool, Float, PyTree
from evermore.binned.effect import DEFAULT_EFFECT, OffsetAndScale
from evermore.parameters.parameter import Parameter
from evermore.util import tree_stack
from evermore.visualization import SupportsTreescope


class ModifierLike(Protocol):
    def offset_and_scale(self, hist): ...
    def __call__(self, hist): ...


class ModifierBase(eqx.Module):
    """Base class for all modifiers (apply / matmul-compose helpers in the source)."""


class Compose(ModifierBase):
    """
    Composition of multiple modifiers, in order to correctly apply them *together*.
    It behaves like a single modifier, but it is composed of multiple modifiers; it can be arbitrarily nested.

    Example:

        composition = mu_mod @ sigma_mod @ evm.modifier.Where(hist < 15, sigma2_mod, sigma_mod)
        eqx.filter_jit(composition)(hist)
    """

    modifiers: list[ModifierLike]

    def __init__(self, *modifiers: ModifierLike) -> None:
        if not modifiers:
            msg = "At least one modifier must be provided to Compose."
            raise ValueError(msg)
        # unpack the modifiers, if they are already a Compose instance
        # this allows for nested compositions, e.g.:
        # `Compose(Modifier1, Compose(Modifier2, Modifier3))`
        # will flatten to `Compose(Modifier1, Modifier2, Modifier3)`
        self.modifiers = list(unroll(modifiers))

    def __len__(self) -> int:
        return len(self.modifiers)

    def offset_and_scale(self, hist: Float[Array, "..."]) -> OffsetAndScale:  # noqa: UP037
        from collections import defaultdict

        # initial scale and offset
        scale = jnp.ones_like(hist)
        offset = jnp.zeros_like(hist)

        groups = defaultdict(list)
        # first group modifiers into same tree structures
        for mod in self.modifiers:
            groups[hash(jax.tree.structure(mod))].append(mod)
        # then do the `jax.vmap` trick to calculate the scale factors in parallel per group.
        for _, group_mods in groups.items():
            # skip empty groups
            if not group_mods:
                continue
            # Essentially we are turning an array of modifiers (AOS) into a single modifier of stacked leaves (SOA).
            # Then we can use XLA's vectorization/loop constructs (e.g.: `jax.vmap` or `jax.lax.scan`) to calculate
            # the scale factors without having to compile the fully unrolled loop.
            stack = tree_stack(group_mods, broadcast_leaves=True)
            dynamic_stack, static_stack = eqx.partition(stack, eqx.is_array)

            def calc_sf(_hist, _dynamic_stack, _static_stack):
                stack = eqx.combine(_dynamic_stack, _static_stack)
                return stack.offset_and_scale(_hist)

            # Vectorize over the first axis of the stack.
            # Using `jax.vmap` is the most efficient way to do this,
            # however it needs `hist` and `dynamic_stack` to fit into memory.
            # If this is not the case, we should consider using `jax.lax.scan` instead.
            # See: https://github.com/jax-ml/jax/discussions/19114#discussioncomment-7996283
            vec_calc_sf = jax.vmap(
                jax.tree_util.Partial(calc_sf, _static_stack=static_stack),
                in_axes=(None, 0),  # vectorize over the batch axis of the dynamic_stack
                out_axes=0,  # return a tree of scale factors
            )
            os = vec_calc_sf(hist, dynamic_stack)
            scale *= jnp.prod(os.scale, axis=0)
            offset += jnp.sum(os.offset, axis=0)

        return OffsetAndScale(offset=offset, scale=scale)


def unroll(modifiers: Iterable) -> Iterator[ModifierLike]:
    # Helper to recursively flatten nested Compose instances into a single list
    for mod in modifiers:
        if isinstance(mod, Compose):
            # recursively yield from the modifiers of the Compose instance
            yield from unroll(mod.modifiers)
        elif isinstance(mod, ModifierLike):
            # yield the modifier if it is a ModifierLike instance
            yield mod
        else:
            # raise an error if the modifier is not a ModifierLike instance
            msg = f"Modifier {mod} is not a ModifierLike instance."
            raise TypeError(msg)
