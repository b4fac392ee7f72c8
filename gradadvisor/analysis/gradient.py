"""Gradient context: the transforms that make JAX trace or differentiate a function.

A function is *differentiated* when it is decorated with or passed to a
differentiation transform (``jax.grad``, ``value_and_grad``, ``jacrev``, ``vjp``,
``custom_vjp`` rules, ``eqx.filter_grad``, ``autograd.grad``...), *traced* when
only a tracing transform reaches it (``jit``, ``vmap``, ``lax.scan`` bodies,
flax/equinox/haiku module ``__call__``...), *compiled* when ``jit``/``pmap``
reaches it (arrays it closes over become constants of the program). Levels
spread along calls, across modules: the project index (``analysis/project.py``)
does that from each file's summary (``analysis/summary.py``). This module holds
the tables and the per-expression questions they share.
"""

from __future__ import annotations

import ast
from enum import IntEnum

from gradadvisor.analysis.names import ImportMap, canonical


class Level(IntEnum):
    UNKNOWN = 0
    TRACED = 1
    DIFFERENTIATED = 2


#: Transforms that differentiate the function they receive.
DIFFERENTIATING = frozenset(
    {
        "jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.jacobian", "jax.hessian", "jax.vjp",
        "jax.jvp", "jax.linearize", "jax.custom_vjp", "jax.custom_jvp", "jax.experimental.jet.jet",
        "equinox.filter_grad", "equinox.filter_value_and_grad", "equinox.filter_jvp", "equinox.filter_vjp",
        "flax.linen.grad", "flax.linen.value_and_grad", "flax.nnx.grad", "flax.nnx.value_and_grad",
        "autograd.grad", "autograd.value_and_grad", "autograd.elementwise_grad", "autograd.jacobian",
        "autograd.hessian", "autograd.grad_and_aux", "autograd.multigrad_dict", "autograd.holomorphic_grad",
    }
)

#: Transforms that trace (but do not by themselves differentiate) the function they receive.
TRACING = frozenset(
    {
        "jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.vmap", "jax.pmap", "jax.xmap", "jax.checkpoint",
        "jax.remat", "jax.named_call", "jax.eval_shape", "jax.make_jaxpr", "jax.shard_map",
        "jax.experimental.shard_map.shard_map", "jax.lax.scan", "jax.lax.fori_loop", "jax.lax.while_loop",
        "jax.lax.cond", "jax.lax.switch", "jax.lax.map", "jax.lax.associative_scan", "jax.lax.custom_root",
        "jax.lax.custom_linear_solve", "jax.numpy.vectorize", "equinox.filter_jit", "equinox.filter_vmap",
        "equinox.filter_pmap", "equinox.filter_checkpoint", "equinox.filter_eval_shape", "equinox.internal.scan",
        "haiku.transform", "haiku.transform_with_state", "haiku.without_apply_rng", "haiku.vmap", "haiku.scan",
        "haiku.remat", "flax.linen.jit", "flax.linen.vmap", "flax.linen.scan", "flax.linen.remat",
        "flax.linen.checkpoint", "flax.nnx.jit", "flax.nnx.vmap", "flax.nnx.scan", "flax.nnx.remat",
    }
)

#: Transforms that compile the function they receive.
COMPILING = frozenset(
    {"jax.jit", "jax.pjit", "jax.experimental.pjit.pjit", "jax.pmap", "equinox.filter_jit", "equinox.filter_pmap", "flax.linen.jit", "flax.nnx.jit"}
)

#: Transforms whose result computes a gradient (or a Jacobian) each time it is called.
GRADIENT_FUNCTIONS = frozenset(
    {
        "jax.grad", "jax.value_and_grad", "jax.jacrev", "jax.jacfwd", "jax.jacobian", "jax.hessian",
        "equinox.filter_grad", "equinox.filter_value_and_grad", "autograd.grad", "autograd.value_and_grad",
        "autograd.elementwise_grad", "autograd.jacobian", "autograd.hessian", "flax.nnx.grad", "flax.nnx.value_and_grad",
    }
)

#: Transforms whose result calls the function with the very arguments it is given (``vmap``
#: slices them, ``scan`` and ``fori_loop`` build them): a call of the result is a call of the
#: function, for what its parameters receive.
SAME_ARGUMENTS = frozenset(
    {
        "jax.grad", "jax.value_and_grad", "jax.jit", "jax.checkpoint", "jax.remat", "jax.named_call",
        "equinox.filter_jit", "equinox.filter_grad", "equinox.filter_value_and_grad", "equinox.filter_checkpoint",
        "autograd.grad", "autograd.value_and_grad",
    }
)

#: qualified transform -> the level it gives the function it receives.
TRANSFORM_LEVELS = {name: Level.DIFFERENTIATED for name in DIFFERENTIATING} | {name: Level.TRACED for name in TRACING}

#: Positions of the function arguments of transforms that do not take it first.
FUNCTION_ARGUMENTS = {
    "jax.lax.fori_loop": (2,),
    "jax.lax.while_loop": (0, 1),
    "jax.lax.cond": (1, 2),
    "jax.lax.switch": (1,),
}
FUNCTION_KEYWORDS = frozenset({"fun", "f", "body_fun", "cond_fun", "true_fun", "false_fun", "fn"})

#: Base classes whose ``__call__`` (and ``@compact`` methods) run under a trace.
MODULE_BASES = {
    "flax.linen.Module": "a flax.linen Module",
    "flax.linen.module.Module": "a flax.linen Module",
    "flax.nnx.Module": "a flax.nnx Module",
    "equinox.Module": "an equinox Module",
    "haiku.Module": "a haiku Module",
}
COMPACT = frozenset({"flax.linen.compact", "flax.linen.module.compact", "flax.linen.nowrap"})

#: Top-level functions that make a file a bench file (``gradadvisor bench`` differentiates
#: ``baseline`` and ``candidate`` under jit).
BENCH_FILE_FUNCTIONS = frozenset({"inputs", "baseline", "candidate"})
#: Methods that attach custom derivative rules: the functions passed are differentiated code.
CUSTOM_RULE_METHODS = frozenset({"defvjp", "defjvp", "defjvps"})


def short(qualified: str) -> str:
    """``lax.scan`` for ``jax.lax.scan``, ``eqx.filter_jit`` for ``equinox.filter_jit``."""
    for prefix, replacement in (("jax.lax.", "lax."), ("equinox.", "eqx."), ("haiku.", "hk."), ("flax.linen.", "nn."), ("flax.nnx.", "nnx.")):
        if qualified.startswith(prefix):
            return replacement + qualified[len(prefix) :]
    return qualified


def transform_name(expr: ast.AST, names: ImportMap) -> str | None:
    """The transform ``expr`` names or builds: ``jax.jit``, ``partial(jax.jit, ...)``,
    ``jax.jit(static_argnums=0)``, ``eqx.filter_jit(...)``."""
    if isinstance(expr, ast.Call):
        func = canonical(names.resolve(expr.func))
        if func == "functools.partial" and expr.args:
            return transform_name(expr.args[0], names)
        if func in TRANSFORM_LEVELS and not expr.args:
            return func  # @jax.jit(static_argnames=...) style
        return transform_name(expr.func, names)
    qualified = canonical(names.resolve(expr))
    return qualified if qualified in TRANSFORM_LEVELS else None


def gradient_transform(expr: ast.AST, names: ImportMap) -> str | None:
    """The gradient transform that ``expr`` builds a function with: ``jax.grad(loss)``,
    ``jax.jit(jax.grad(loss))``, ``partial(jax.grad, argnums=1)(loss)``; else None."""
    if not isinstance(expr, ast.Call):
        return None
    func = expr.func
    if isinstance(func, ast.Call) and canonical(names.resolve(func.func)) == "functools.partial" and func.args:
        func = func.args[0]
    qualified = canonical(names.resolve(func))
    if qualified in GRADIENT_FUNCTIONS:
        return qualified
    if qualified in ("jax.jit", "equinox.filter_jit") and expr.args and not isinstance(expr.args[0], ast.Starred):
        return gradient_transform(expr.args[0], names)
    return None
