"""Gradient context: which functions JAX traces or differentiates, and why.

A function (or lambda) is *differentiated* when it is decorated with or passed to
a differentiation transform (``jax.grad``, ``value_and_grad``, ``jacrev``, ``vjp``,
``custom_vjp`` rules, ``eqx.filter_grad``...), *traced* when only a tracing
transform reaches it (``jit``, ``vmap``, ``lax.scan`` bodies, flax/equinox/haiku
module ``__call__``...), and *unknown* otherwise. Levels propagate through the
module's own call graph: a function referenced from a traced function, and a
function or lambda nested in one, is traced at the same level.

Built on demand (one traversal) the first time a rule asks, so files without a
candidate never pay for it. Cross-file resolution is out of scope.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from enum import IntEnum
from typing import Callable, Iterator

import libcst as cst

from gradadvisor.analysis.names import ImportMap
from gradadvisor.engine.walk import walk


class Level(IntEnum):
    UNKNOWN = 0
    TRACED = 1
    DIFFERENTIATED = 2


#: Transforms that differentiate the function they receive.
DIFFERENTIATING = frozenset(
    {
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacrev",
        "jax.jacfwd",
        "jax.jacobian",
        "jax.hessian",
        "jax.vjp",
        "jax.jvp",
        "jax.linearize",
        "jax.custom_vjp",
        "jax.custom_jvp",
        "jax.experimental.jet.jet",
        "equinox.filter_grad",
        "equinox.filter_value_and_grad",
        "equinox.filter_jvp",
        "equinox.filter_vjp",
        "flax.linen.grad",
        "flax.linen.value_and_grad",
        "flax.nnx.grad",
        "flax.nnx.value_and_grad",
        "autograd.grad",
        "autograd.value_and_grad",
        "autograd.elementwise_grad",
        "autograd.jacobian",
        "autograd.hessian",
    }
)

#: Transforms that trace (but do not by themselves differentiate) the function they receive.
TRACING = frozenset(
    {
        "jax.jit",
        "jax.pjit",
        "jax.experimental.pjit.pjit",
        "jax.vmap",
        "jax.pmap",
        "jax.xmap",
        "jax.checkpoint",
        "jax.remat",
        "jax.named_call",
        "jax.eval_shape",
        "jax.make_jaxpr",
        "jax.shard_map",
        "jax.experimental.shard_map.shard_map",
        "jax.lax.scan",
        "jax.lax.fori_loop",
        "jax.lax.while_loop",
        "jax.lax.cond",
        "jax.lax.switch",
        "jax.lax.map",
        "jax.lax.associative_scan",
        "jax.lax.custom_root",
        "jax.lax.custom_linear_solve",
        "jax.numpy.vectorize",
        "equinox.filter_jit",
        "equinox.filter_vmap",
        "equinox.filter_pmap",
        "equinox.filter_checkpoint",
        "equinox.filter_eval_shape",
        "equinox.internal.scan",
        "haiku.transform",
        "haiku.transform_with_state",
        "haiku.without_apply_rng",
        "haiku.vmap",
        "haiku.scan",
        "haiku.remat",
        "flax.linen.jit",
        "flax.linen.vmap",
        "flax.linen.scan",
        "flax.linen.remat",
        "flax.linen.checkpoint",
        "flax.nnx.jit",
        "flax.nnx.vmap",
        "flax.nnx.scan",
        "flax.nnx.remat",
    }
)

#: Transforms that compile the function they receive: arrays it closes over become
#: constants of the compiled program.
COMPILING = frozenset(
    {
        "jax.jit",
        "jax.pjit",
        "jax.experimental.pjit.pjit",
        "jax.pmap",
        "equinox.filter_jit",
        "equinox.filter_pmap",
        "flax.linen.jit",
        "flax.nnx.jit",
    }
)

#: Top-level functions that make a file a bench file (``gradadvisor bench`` differentiates
#: ``baseline`` and ``candidate``).
BENCH_FILE_FUNCTIONS = frozenset({"inputs", "baseline", "candidate"})

#: Positions of the function arguments of transforms that do not take it first.
FUNCTION_ARGUMENTS = {
    "jax.lax.fori_loop": (2,),
    "jax.lax.while_loop": (0, 1),
    "jax.lax.cond": (1, 2),
    "jax.lax.switch": (1,),
}

#: Base classes whose ``__call__`` (and ``@compact`` methods) run under a trace.
MODULE_BASES = {
    "flax.linen.Module": "a flax.linen Module",
    "flax.linen.module.Module": "a flax.linen Module",
    "flax.nnx.Module": "a flax.nnx Module",
    "equinox.Module": "an equinox Module",
    "haiku.Module": "a haiku Module",
}
COMPACT = frozenset({"flax.linen.compact", "flax.linen.module.compact", "flax.linen.nowrap"})

FunctionNode = cst.FunctionDef | cst.Lambda


def _canonical(qualified: str | None) -> str | None:
    """Spellings of the same transform: ``jax.api.jit``-style paths are rare; map the common aliases."""
    if qualified is None:
        return None
    for prefix, replacement in (("eqx.", "equinox."), ("hk.", "haiku."), ("nn.", "flax.linen.")):
        if qualified.startswith(prefix):
            return replacement + qualified[len(prefix) :]
    return qualified


@dataclass
class Reason:
    """Why a function has its level: a seed (transform, decorator, module) or a link to another."""

    level: Level
    text: str
    node: cst.CSTNode | None = None
    parent: "FunctionNode | None" = None
    #: The transform's qualified name, for seeds that are a transform.
    transform: str | None = None


@dataclass
class FunctionInfo:
    node: FunctionNode
    name: str
    outer: FunctionNode | None
    klass: cst.ClassDef | None
    references: list[tuple[str, cst.CSTNode]]


class _Collector(cst.CSTVisitor):
    """One pass: functions, what each references, transform calls and decorators."""

    def __init__(self, names: ImportMap) -> None:
        super().__init__()
        self.names = names
        self.functions: dict[FunctionNode, FunctionInfo] = {}
        self.stack: list[cst.CSTNode] = []
        self.seeds: list[tuple[FunctionNode | str, Reason, FunctionNode | None, cst.ClassDef | None]] = []
        self.class_kinds: dict[cst.ClassDef, str] = {}

    def _outer_function(self) -> FunctionNode | None:
        for node in reversed(self.stack):
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                return node
        return None

    def _class(self) -> cst.ClassDef | None:
        for node in reversed(self.stack):
            if isinstance(node, cst.ClassDef):
                return node
            if isinstance(node, (cst.FunctionDef, cst.Lambda)):
                return None
        return None

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        for base in node.bases:
            kind = MODULE_BASES.get(_canonical(self.names.resolve(base.value)) or "")
            if kind:
                self.class_kinds[node] = kind
        self.stack.append(node)

    def leave_ClassDef(self, original_node: cst.ClassDef) -> None:
        self.stack.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        klass = self._class()
        self.functions[node] = FunctionInfo(node, node.name.value, self._outer_function(), klass, [])
        for decorator in node.decorators:
            self._decorator_seed(node, decorator.decorator)
        if klass is not None and klass in self.class_kinds:
            kind = self.class_kinds[klass]
            compact = any(
                _canonical(self.names.resolve(d.decorator)) in COMPACT for d in node.decorators
            )
            if node.name.value == "__call__" or compact:
                how = "a @compact method" if compact else "__call__"
                self.seeds.append((node, Reason(Level.TRACED, f"{how} of {kind}, run under a JAX trace", node), None, klass))
        self.stack.append(node)

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.stack.pop()

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self.functions[node] = FunctionInfo(node, "<lambda>", self._outer_function(), None, [])
        self.stack.append(node)

    def leave_Lambda(self, original_node: cst.Lambda) -> None:
        self.stack.pop()

    def _transform(self, expr: cst.BaseExpression) -> tuple[str, Level] | None:
        """The transform named by ``expr`` (``jax.jit``, ``partial(jax.jit, ...)``, ``eqx.filter_jit(...)``)."""
        if isinstance(expr, cst.Call):
            if _canonical(self.names.resolve(expr.func)) == "functools.partial" and expr.args:
                return self._transform(expr.args[0].value)
            return self._transform(expr.func)
        qualified = _canonical(self.names.resolve(expr))
        if qualified in DIFFERENTIATING:
            return qualified, Level.DIFFERENTIATED
        if qualified in TRACING:
            return qualified, Level.TRACED
        return None

    def _decorator_seed(self, node: cst.FunctionDef, decorator: cst.BaseExpression) -> None:
        found = self._transform(decorator)
        if found is not None:
            name, level = found
            self.seeds.append((node, Reason(level, f"decorated with @{_short(name)}", decorator, transform=name), None, None))

    def visit_Call(self, node: cst.Call) -> None:
        outer = self._outer_function()
        if outer is not None:
            self._note_reference(outer, node.func)
        # f.defvjp(fwd, bwd) / f.defjvp(jvp): the rules are differentiated code.
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in ("defvjp", "defjvp", "defjvps"):
            for arg in node.args:
                self._seed_argument(arg.value, Reason(Level.DIFFERENTIATED, f"a custom derivative rule ({node.func.attr.value})", node))
            return
        if isinstance(node.func, cst.Call) or isinstance(node.func, cst.Attribute) or isinstance(node.func, cst.Name):
            found = self._transform(node.func)
        else:
            found = None
        if found is None:
            return
        name, level = found
        positions = FUNCTION_ARGUMENTS.get(name, (0,))
        positional = [arg for arg in node.args if arg.keyword is None and arg.star == ""]
        for position in positions:
            if position < len(positional):
                self._seed_argument(positional[position].value, Reason(level, f"passed to {_short(name)}", node, transform=name))
        for arg in node.args:
            if arg.keyword is not None and arg.keyword.value in ("fun", "f", "body_fun", "cond_fun", "true_fun", "false_fun"):
                self._seed_argument(arg.value, Reason(level, f"passed to {_short(name)}", node, transform=name))

    def _seed_argument(self, value: cst.BaseExpression, reason: Reason) -> None:
        if isinstance(value, cst.Lambda):
            self.seeds.append((value, reason, None, None))
        elif isinstance(value, (cst.List, cst.Tuple)):
            for element in value.elements:
                self._seed_argument(element.value, reason)
        elif isinstance(value, cst.Call) and _canonical(self.names.resolve(value.func)) == "functools.partial" and value.args:
            self._seed_argument(value.args[0].value, reason)
        elif isinstance(value, cst.Call) and self._transform(value.func) is not None and value.args:
            # jax.jit(jax.vmap(f)): the inner call seeds f itself (at its own level or higher).
            self._seed_argument(value.args[0].value, reason)
        else:
            name = _reference_name(value)
            if name is not None:
                self.seeds.append((name, reason, self._outer_function(), self._class_of_self()))

    def _class_of_self(self) -> cst.ClassDef | None:
        for node in reversed(self.stack):
            if isinstance(node, cst.ClassDef):
                return node
        return None

    def visit_Arg(self, node: cst.Arg) -> None:
        outer = self._outer_function()
        if outer is not None:
            self._note_reference(outer, node.value)

    def _note_reference(self, function: FunctionNode, expr: cst.BaseExpression) -> None:
        name = _reference_name(expr)
        if name is not None:
            self.functions[function].references.append((name, expr))


def _reference_name(expr: cst.BaseExpression) -> str | None:
    """``f`` for ``f``, ``self.f`` for ``self.f`` / ``cls.f``; None for anything else."""
    if isinstance(expr, cst.Name):
        return expr.value
    if isinstance(expr, cst.Attribute) and isinstance(expr.value, cst.Name) and expr.value.value in ("self", "cls"):
        return "self." + expr.attr.value
    return None


def _short(qualified: str) -> str:
    for prefix, short in (("jax.lax.", "lax."), ("equinox.", "eqx."), ("haiku.", "hk."), ("flax.linen.", "nn."), ("flax.nnx.", "nnx.")):
        if qualified.startswith(prefix):
            return short + qualified[len(prefix) :]
    return qualified


class GradientContext:
    """Levels and reasons for every function in one module."""

    def __init__(self, module: cst.Module, names: ImportMap, position: Callable[[cst.CSTNode], int] | None = None) -> None:
        self._position = position
        collector = _Collector(names)
        walk(module, collector)
        self.functions = collector.functions
        self.reasons: dict[FunctionNode, Reason] = {}
        #: Functions a compiling transform (jit, pmap) reaches: directly, or by calls and nesting.
        self.compiled: set[FunctionNode] = set()
        for target, reason, scope, klass in collector.seeds:
            for function in self._resolve(target, scope, klass):
                self._raise(function, reason)
                if reason.transform in COMPILING:
                    self.compiled.add(function)
        self._seed_bench_file(module)
        self._propagate()
        self._propagate_compiled()

    def _seed_bench_file(self, module: cst.Module) -> None:
        """A bench file (top-level ``inputs``, ``baseline`` and ``candidate``) is run by
        ``gradadvisor bench``, which differentiates ``baseline`` and ``candidate`` under jit."""
        top = {stmt.name.value: stmt for stmt in module.body if isinstance(stmt, cst.FunctionDef)}
        if not BENCH_FILE_FUNCTIONS <= top.keys():
            return
        reason = Reason(Level.DIFFERENTIATED, "run under jax.grad by `gradadvisor bench` (this is a bench file)", None, transform="jax.jit")
        for name in ("baseline", "candidate"):
            self._raise(top[name], reason)
            self.compiled.add(top[name])

    # -- resolution ---------------------------------------------------------------

    def _resolve(self, target: FunctionNode | str, scope: FunctionNode | None, klass: cst.ClassDef | None) -> Iterator[FunctionNode]:
        if not isinstance(target, str):
            yield target
            return
        if target.startswith("self."):
            name = target[5:]
            for info in self.functions.values():
                if info.name == name and info.klass is not None and info.klass is klass:
                    yield info.node
            return
        # Lexical lookup: the innermost enclosing function that defines it, else module level.
        candidates = [info for info in self.functions.values() if info.name == target and info.klass is None]
        current = scope
        while True:
            found = [info.node for info in candidates if info.outer is current]
            if found:
                yield from found
                return
            if current is None:
                return
            current = self.functions[current].outer if current in self.functions else None

    def _raise(self, function: FunctionNode, reason: Reason) -> bool:
        existing = self.reasons.get(function)
        if existing is not None and existing.level >= reason.level:
            return False
        self.reasons[function] = reason
        return True

    @cached_property
    def _children(self) -> dict[FunctionNode, list[FunctionNode]]:
        """Functions and lambdas defined directly inside each function."""
        children: dict[FunctionNode, list[FunctionNode]] = {}
        for other in self.functions.values():
            if other.outer is not None:
                children.setdefault(other.outer, []).append(other.node)
        return children

    def _callees(self, function: FunctionNode) -> Iterator[tuple[FunctionNode, str]]:
        """What ``function`` reaches in this module: what it calls or names, and what it defines."""
        info = self.functions.get(function)
        if info is None:
            return
        for name, _ in info.references:
            for callee in self._resolve(name, function, info.klass or self._class_of(function)):
                if callee is not function:
                    yield callee, "called from"
        for child in self._children.get(function, ()):
            yield child, "defined inside"

    def _propagate(self) -> None:
        """Spread each level from seeds to what they reach."""
        work = list(self.reasons)
        while work:
            function = work.pop()
            level = self.reasons[function].level
            for callee, how in self._callees(function):
                if self._raise(callee, Reason(level, how, None, function)):
                    work.append(callee)

    def _propagate_compiled(self) -> None:
        """Spread ``compiled`` to the functions compiled ones call or define."""
        work = list(self.compiled)
        while work:
            for callee, _ in self._callees(work.pop()):
                if callee not in self.compiled:
                    self.compiled.add(callee)
                    work.append(callee)

    def is_compiled(self, function: FunctionNode | None) -> bool:
        """True when jit (or pmap) compiles ``function``, directly or through a caller in this module."""
        return function is not None and function in self.compiled

    def _class_of(self, function: FunctionNode) -> cst.ClassDef | None:
        current: FunctionNode | None = function
        while current is not None:
            info = self.functions.get(current)
            if info is None:
                return None
            if info.klass is not None:
                return info.klass
            current = info.outer
        return None

    # -- questions rules ask ------------------------------------------------------------

    def level(self, function: FunctionNode | None) -> Level:
        if function is None:
            return Level.UNKNOWN
        reason = self.reasons.get(function)
        return reason.level if reason else Level.UNKNOWN

    def is_differentiated(self, function: FunctionNode | None) -> bool:
        return self.level(function) == Level.DIFFERENTIATED

    def is_traced(self, function: FunctionNode | None) -> bool:
        return self.level(function) >= Level.TRACED

    def name_of(self, function: FunctionNode) -> str:
        info = self.functions.get(function)
        if info is None or info.name == "<lambda>":
            line = self._line(function)
            return f"the lambda at line {line}" if line else "a lambda"
        return f"`{info.name}`"

    def _line(self, node: cst.CSTNode | None) -> int | None:
        if node is None or self._position is None:
            return None
        try:
            return self._position(node)
        except KeyError:
            return None

    def explain(self, function: FunctionNode | None) -> str | None:
        """``"`loss` is differentiated: passed to jax.grad at line 40; `forward` is called from `loss`"``."""
        if function is None or function not in self.reasons:
            return None
        chain: list[FunctionNode] = [function]
        while len(chain) < 6:
            parent = self.reasons[chain[-1]].parent
            if parent is None or parent in chain or parent not in self.reasons:
                break
            chain.append(parent)
        root = chain[-1]
        seed = self.reasons[root]
        level = "differentiated" if seed.level == Level.DIFFERENTIATED else "traced"
        line = self._line(seed.node)
        where = f" at line {line}" if line else ""
        parts = [f"{self.name_of(root)} is {level}: {seed.text}{where}"]
        for inner, outer in zip(reversed(chain[:-1]), reversed(chain[1:])):
            parts.append(f"{self.name_of(inner)} is {self.reasons[inner].text} {self.name_of(outer)}")
        return "; ".join(parts)


#: Transforms whose result computes a gradient (or a Jacobian) each time it is called.
GRADIENT_FUNCTIONS = frozenset(
    {
        "jax.grad",
        "jax.value_and_grad",
        "jax.jacrev",
        "jax.jacfwd",
        "jax.jacobian",
        "jax.hessian",
        "equinox.filter_grad",
        "equinox.filter_value_and_grad",
    }
)
#: Wrappers that leave a gradient function a gradient function (``jax.jit(jax.grad(loss))``).
GRADIENT_KEEPING_WRAPPERS = frozenset({"jax.jit", "equinox.filter_jit"})


def gradient_transform(expr: cst.BaseExpression, names: ImportMap) -> str | None:
    """The gradient transform that ``expr`` builds a function with, or None.

    ``"jax.grad"`` for ``jax.grad(loss)``, ``jax.jit(jax.grad(loss))`` and
    ``partial(jax.grad, argnums=1)(loss)``; ``"jax.value_and_grad"`` likewise.
    """
    if not isinstance(expr, cst.Call):
        return None
    func = expr.func
    if isinstance(func, cst.Call) and _canonical(names.resolve(func.func)) == "functools.partial" and func.args:
        func = func.args[0].value
    qualified = _canonical(names.resolve(func))
    if qualified in GRADIENT_FUNCTIONS:
        return qualified
    if qualified in GRADIENT_KEEPING_WRAPPERS and expr.args and expr.args[0].keyword is None and not expr.args[0].star:
        return gradient_transform(expr.args[0].value, names)
    return None


def gradient_decorator(function: cst.FunctionDef, names: ImportMap) -> str | None:
    """The gradient transform a ``def`` is decorated with (``@jax.grad``, ``@partial(jax.grad, argnums=1)``)."""
    for decorator in function.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and _canonical(names.resolve(expr.func)) == "functools.partial" and expr.args:
            expr = expr.args[0].value
        qualified = _canonical(names.resolve(expr))
        if qualified in GRADIENT_FUNCTIONS:
            return qualified
    return None
