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
import sys
from enum import IntEnum
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

from gradadvisor.analysis import values as v
from gradadvisor.analysis.captures import self_attributes
from gradadvisor.analysis.library import project_module
from gradadvisor.analysis.names import ImportMap, canonical


class Level(IntEnum):
    UNKNOWN = 0
    TRACED = 1
    DIFFERENTIATED = 2

    def __reduce_ex__(self, protocol: object) -> tuple:
        # By value, on every Python: 3.11.0-3.11.4 pickle enum members through ``getattr``,
        # which the cache's restricted unpickler refuses (the whole phase-1 cache was lost).
        return (type(self), (int(self),))


#: The library table (``transforms.toml``, beside this module): the entry points that trace,
#: differentiate or compile the functions they receive, per library.
TABLE_PATH = Path(__file__).with_name("transforms.toml")


def _load_table(data: bytes | None = None) -> dict:
    return tomllib.loads((TABLE_PATH.read_bytes() if data is None else data).decode("utf-8"))


_TABLE_BYTES = TABLE_PATH.read_bytes()


def _entries(items: list) -> dict[str, tuple[tuple[int, ...], frozenset[str]]]:
    """name -> (argument positions, extra keywords) for a ``differentiates``/``traces`` list."""
    found = {}
    for item in items:
        if isinstance(item, str):
            found[item] = ((0,), frozenset())
        else:
            found[item["name"]] = (tuple(item.get("arguments", (0,))), frozenset(item.get("keywords", ())))
    return found


_TABLE = _load_table(_TABLE_BYTES)
_LIBRARIES = _TABLE["library"].values()
_METHODS = {name: where for library in _LIBRARIES for name, where in _entries(library.get("instance_methods", [])).items()}
_DIFFERENTIATING = {name: where for library in _LIBRARIES for name, where in _entries(library.get("differentiates", [])).items()} | _METHODS
#: Methods of an instance that differentiate the function they receive (``opt.step(cost, w)``):
#: named ``class.method``; a file holds a call of one only if it binds such an instance.
METHOD_TRANSFORMS = frozenset(_METHODS)
_TRACING = {name: where for library in _LIBRARIES for name, where in _entries(library.get("traces", [])).items()}

#: Top-level modules of the libraries in the table (``jax``, ``flax``, ``numpyro``...).
LIBRARY_MODULES = frozenset(module for library in _LIBRARIES for module in library["modules"])
#: Transforms that differentiate the function they receive.
DIFFERENTIATING = frozenset(_DIFFERENTIATING)
#: Transforms that trace (but do not by themselves differentiate) the function they receive.
TRACING = frozenset(_TRACING)
#: Transforms that compile the function they receive.
COMPILING = frozenset(name for library in _LIBRARIES for name in library.get("compiles", ()))
#: Transforms that recompute the function in the backward pass (checkpoint/remat): a memory choice.
REMATERIALISING = frozenset(name for library in _LIBRARIES for name in library.get("rematerialises", ()))
#: Transforms that map a function over a batch axis: a loop calling one per step is chunked.
BATCHING = frozenset(name for library in _LIBRARIES for name in library.get("batches", ()))
#: Library helpers that run a function once per step of a sequence in a Python loop -> their scan form.
UNROLLING = {name: scanned for library in _LIBRARIES for name, scanned in library.get("unrolls", {}).items()}
#: Entry points that call the function right away -> what they return ("array", "pair", "value").
APPLIES = {name: kind for library in _LIBRARIES for name, kind in library.get("applies", {}).items()}
#: Transforms whose result computes a gradient (or a Jacobian) each time it is called.
GRADIENT_FUNCTIONS = frozenset(name for library in _LIBRARIES for name in library.get("gradient_functions", ()))

#: Transforms whose result calls the function with the very arguments it is given (``vmap``
#: slices them, ``scan`` and ``fori_loop`` build them): a call of the result is a call of the
#: function, for what its parameters receive.
SAME_ARGUMENTS = frozenset(name for library in _LIBRARIES for name in library.get("same_arguments", ()))

#: transform -> the keyword naming the arguments it differentiates (``argnums``, ``argnum``).
DIFFERENTIATED_ARGUMENTS = {name: keyword for library in _LIBRARIES for name, keyword in library.get("differentiated_arguments", {}).items()}


def differentiated_positions(call: ast.Call, transform: str) -> tuple[int, ...] | None:
    """The positions of the arguments ``call`` (of ``transform``) differentiates the function
    with respect to: ``jax.grad(f)`` the first, ``jax.grad(f, argnums=(0, 2))`` the first and
    third; None when the transform is not in the table or the positions are not literal."""
    keyword = DIFFERENTIATED_ARGUMENTS.get(transform)
    if keyword is None:
        return None
    given = next((item.value for item in call.keywords if item.arg == keyword), None)
    if given is None and len(call.args) > 1:
        given = call.args[1]
    if given is None:
        return (0,) if not any(item.arg is None for item in call.keywords) else None
    items = given.elts if isinstance(given, (ast.Tuple, ast.List)) else [given]
    found = [item.value for item in items if isinstance(item, ast.Constant) and type(item.value) is int and item.value >= 0]
    return tuple(found) if len(found) == len(items) and found else None


#: Transforms whose result computes a derivative each time it is called: gradient functions, and
#: the VJP / JVP functions that ``jax.vjp`` and ``jax.linearize`` return with the outputs.
DERIVATIVE_FUNCTIONS = GRADIENT_FUNCTIONS | {"jax.vjp", "jax.linearize"}
#: Transforms that compute a derivative right away when called (``jax.jvp(f, (w,), (v,))``).
DIRECT_DERIVATIVES = frozenset({"jax.jvp", "jax.vjp", "jax.linearize"})
#: Transforms that return the outputs together with a derivative function: (outputs, function).
PAIR_TRANSFORMS = frozenset({"jax.vjp", "jax.linearize"})


#: Transforms that map or compile a function and keep what it computes (a gradient function
#: passed through them still computes gradients).
WRAPPING_TRANSFORMS = frozenset({"jax.jit", "jax.vmap", "jax.pmap", "equinox.filter_jit", "equinox.filter_vmap"})
#: Calls that make a new function of the one they are given (a compiled, mapped, differentiated,
#: rematerialised or partially applied one), as opposed to calling it (``lax.scan``).
FUNCTION_MAKERS = WRAPPING_TRANSFORMS | GRADIENT_FUNCTIONS | REMATERIALISING | {"functools.partial", "jax.custom_vjp", "jax.custom_jvp"}

#: qualified transform -> the level it gives the function it receives.
TRANSFORM_LEVELS = {name: Level.DIFFERENTIATED for name in DIFFERENTIATING} | {name: Level.TRACED for name in TRACING}

#: Keywords that pass the function to any transform (``fun=``, ``body_fun=``...).
FUNCTION_KEYWORDS = frozenset(_TABLE["common"]["keywords"])
#: Positions of the function arguments of transforms that do not take it first.
FUNCTION_ARGUMENTS = {name: where[0] for name, where in (_TRACING | _DIFFERENTIATING).items() if where[0] != (0,)}
#: Further keywords that pass the function to one transform (``NUTS(model=...)``).
TRANSFORM_KEYWORDS = {name: where[1] for name, where in (_TRACING | _DIFFERENTIATING).items() if where[1]}

#: Base classes whose ``__call__`` (and ``@compact`` methods) run under a trace.
MODULE_BASES = {base: kind for library in _LIBRARIES for base, kind in library.get("module_bases", {}).items()}
COMPACT = frozenset(name for library in _LIBRARIES for name in library.get("compact", ()))
#: The methods that run under a trace, for the bases whose subclasses run others than ``__call__``.
BASE_METHODS = {base: frozenset(methods) for library in _LIBRARIES for base, methods in library.get("base_methods", {}).items()}
#: Calls that make the function calling them a model its library traces and differentiates
#: (``numpyro.sample``) -> the library's inference entry point the seed names.
MODEL_CALLS = {name: entry for library in _LIBRARIES for name, entry in library.get("model_calls", {}).items()}
#: Class decorators that compile the public methods of the class (``@evox.jit_class``) -> the
#: kind of class they make.
CLASS_DECORATORS = {name: kind for library in _LIBRARIES for name, kind in library.get("class_decorators", {}).items()}
#: The kind a base's subclasses are (``MODULE_BASES``) -> the methods that run under a trace.
KIND_METHODS = {MODULE_BASES[base]: methods for base, methods in BASE_METHODS.items() if base in MODULE_BASES}


def function_keywords(transform: str) -> frozenset[str]:
    """The keyword names through which ``transform`` receives a function."""
    return FUNCTION_KEYWORDS | TRANSFORM_KEYWORDS.get(transform, frozenset())


#: Top-level functions that make a file a bench file (``gradadvisor bench`` differentiates
#: ``baseline`` and ``candidate`` under jit).
BENCH_FILE_FUNCTIONS = frozenset({"inputs", "baseline", "candidate"})
#: Methods that attach custom derivative rules: the functions passed are differentiated code.
CUSTOM_RULE_METHODS = frozenset({"defvjp", "defjvp", "defjvps"})
#: The functions of JAX's first custom-derivative API (``custom_transforms``): ``jax.defvjp_all(f, rule)``.
CUSTOM_RULE_FUNCTIONS = frozenset({"jax.defvjp_all", "jax.defvjp", "jax.defjvp_all", "jax.defjvp"})


def short(qualified: str) -> str:
    """``lax.scan`` for ``jax.lax.scan``, ``eqx.filter_jit`` for ``equinox.filter_jit``."""
    for prefix, replacement in (("jax.lax.", "lax."), ("equinox.", "eqx."), ("haiku.", "hk."), ("flax.linen.", "nn."), ("flax.nnx.", "nnx.")):
        if qualified.startswith(prefix):
            return replacement + qualified[len(prefix) :]
    return qualified


def transform_name(expr: ast.AST, names: ImportMap, depth: int = 0) -> str | None:
    """The transform ``expr`` names or builds: ``jax.jit``, ``partial(jax.jit, ...)``,
    ``jax.jit(static_argnums=0)``, ``eqx.filter_jit(...)``, or a module-level name bound once to
    one of these."""
    if isinstance(expr, ast.Call):
        func = canonical(names.resolve(expr.func))
        if func == "functools.partial" and expr.args:
            return transform_name(expr.args[0], names, depth)
        if func in TRANSFORM_LEVELS and not expr.args:
            return func  # @jax.jit(static_argnames=...) style
        return transform_name(expr.func, names, depth)
    if isinstance(expr, ast.Name) and expr.id in names.bound_calls and depth < 3:
        return transform_name(names.bound_calls[expr.id], names, depth + 1)  # jit_method = partial(jax.jit, ...); @jit_method
    qualified = canonical(names.resolve(expr))
    if qualified is None and isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in names.instances:
        qualified = f"{canonical(names.instances[expr.value.id])}.{expr.attr}"  # opt.step(cost, w): a method of an instance
    return qualified if qualified in TRANSFORM_LEVELS else None


def gradient_transform(expr: ast.AST, names: ImportMap) -> str | None:
    """The gradient transform that ``expr`` builds a function with: ``jax.grad(loss)``,
    ``jax.jit(jax.grad(loss))``, ``jax.pmap(jax.grad(loss))``, ``partial(jax.grad, argnums=1)(loss)``;
    else None."""
    if not isinstance(expr, ast.Call):
        return None
    func = expr.func
    if isinstance(func, ast.Call) and canonical(names.resolve(func.func)) == "functools.partial" and func.args:
        func = func.args[0]
    qualified = canonical(names.resolve(func))
    if qualified in GRADIENT_FUNCTIONS:
        return qualified
    if qualified in COMPILING and expr.args and not isinstance(expr.args[0], ast.Starred):
        return gradient_transform(expr.args[0], names)  # jit(grad(f)), pmap(grad(f))
    return None


#: What ``gradient_call`` answers (with ``held=True``) for ``obj.attr(...)`` on an object of
#: another class: ``(HELD, "." + attr)``; phase 2 asks the project whether a class holds a
#: gradient function under that name (``Project.held_gradient``).
HELD = "held"
#: What ``gradient_call`` answers (with ``held=True``) for ``name(...)`` with ``name`` imported
#: from another module of the project: ``(IMPORTED, "@" + name)``; phase 2 asks whether that module
#: binds a gradient function to it (``Project.imported_gradient``).
IMPORTED = "imported"


def gradient_call(node: ast.Call, ctx, held: bool = False) -> tuple[str, str | None] | None:
    """``(transform, None)`` when ``node`` calls a gradient function (``jax.grad(loss)(p, x)``,
    ``g(p, x)`` with ``g = jax.jit(jax.value_and_grad(loss))`` or a ``def`` decorated
    ``@jax.grad``, ``partial(jax.grad, argnums=1)(loss)``...); ``("parameter", name)`` when it
    calls a parameter of the enclosing function, which only call sites can show to be one;
    None otherwise. ``ctx`` is a rule's context (``resolve``, ``value``, ``function``, ``scope``,
    ``statement``): the one question "does this call compute a derivative?" that the loop rules
    share."""
    qualified = ctx.resolve(node.func)
    if qualified in DIRECT_DERIVATIVES:
        return qualified, None
    value = ctx.value(node.func)
    if value.kind == v.CALLABLE and value.transform in DERIVATIVE_FUNCTIONS:
        return value.transform, None
    returned = _returns_derivative(node.func, ctx) or _held_gradient(node.func, ctx) or _mapped_gradient(node.func, ctx)
    if returned is not None:
        return returned, None
    func = node.func
    if held and isinstance(func, ast.Attribute) and value.kind == v.UNKNOWN and isinstance(func.value, (ast.Attribute, ast.Name)):
        root = func.value
        while isinstance(root, ast.Attribute):
            root = root.value
        # ``self.dyn.jac_x(x)``, ``model.grad_fn(p, x)``: an attribute of another object
        if isinstance(root, ast.Name) and (root.id in ("self", "cls") and isinstance(func.value, ast.Attribute) or ctx.value(root).kind == v.PARAM):
            return HELD, "." + func.attr
    if held and isinstance(func, ast.Name) and func.id in ctx.names.aliases and project_module(ctx.names.aliases[func.id]):
        # ``from .grads import grad_fn``: a gradient function only if that module binds one so named
        return IMPORTED, "@" + func.id
    if held and isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and (module := ctx.value(func.value)).kind == v.MODULE \
            and module.function and project_module(f"{module.function}.{func.attr}"):
        # ``import thermo; thermo.cv(beta)``: the same question of the module's own name ``cv``
        return IMPORTED, f"@{func.value.id}.{func.attr}"
    if isinstance(func, ast.Name) and ctx.function is not None and (value.kind == v.PARAM or value.kind == v.CALLABLE and value.transform is None and value.function is None):
        scope = ctx.scope
        if func.id in scope.params and func.id not in scope.packed:
            bindings = scope.reaching(func.id, scope.position_of(ctx.statement))
            if bindings and all(binding.kind == "param" for binding in bindings):
                return "parameter", func.id
    return None


def gradient_calls(node: ast.AST, variables: set[str], ctx, held: bool = False) -> list[tuple[ast.Call, str, str | None]]:
    """The calls in ``node`` that compute a derivative of a loop variable: each passes one of
    ``variables`` in its arguments, does not read one in its function, and ``gradient_call``
    answers for it; with the transform (and the parameter, for a gradient function received as
    one). Nested functions, lambdas and inner loops are not searched: they run on their own terms."""
    from gradadvisor.analysis.syntax import child_nodes, reads_any

    found: list[tuple[ast.Call, str, str | None]] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current is not node and isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.For, ast.While)):
            continue
        if isinstance(current, ast.Call):
            arguments = [*current.args, *(item.value for item in current.keywords)]
            if any(reads_any(arg, variables) for arg in arguments) and not reads_any(current.func, variables) or closes_over(current, variables, ctx):
                transform = gradient_call(current, ctx, held)
                if transform is not None:
                    found.append((current, *transform))
        stack.extend(reversed(child_nodes(current)))
    return found


def _mapped_gradient(func: ast.AST, ctx) -> str | None:
    """The transform, when ``func`` maps or compiles a gradient function right where it is
    called (``jax.vmap(grad_fn, in_axes=(0, None))(pts, w)``, ``jax.jit(jax.grad(f))(x)``):
    the call computes that derivative (a batch of them, through ``vmap``)."""
    while isinstance(func, ast.Call) and func.args and canonical(ctx.resolve(func.func)) in WRAPPING_TRANSFORMS:
        func = func.args[0]
        value = ctx.value(func)
        if value.kind == v.CALLABLE and value.transform in DERIVATIVE_FUNCTIONS and value.transform not in DIRECT_DERIVATIVES:
            return value.transform
    return None


def _returns_derivative(func: ast.AST, ctx, depth: int = 0) -> str | None:
    """The transform, when ``func`` names a function of this module (``single_grad``, or
    ``self.method`` of the class around) whose every ``return`` gives a derivative computed in
    it (``return jax.grad(lambda p: loss(p, x))(params)``, or a part of ``jax.jvp``/``jax.vjp``,
    a Hessian-vector product ``jax.jvp(jax.grad(f), (x,), (v,))[1]``): calling it computes that
    derivative."""
    definition = called_definition(func, ctx)
    if definition is None or definition is ctx.function:
        return None
    from gradadvisor.analysis.syntax import walk_local

    returns = [node for node in walk_local(definition) if isinstance(node, ast.Return)]
    pullbacks = _pullbacks(definition, ctx)
    transforms = [_derivative_transform(statement.value, ctx, pullbacks) for statement in returns]
    if not any(transforms):
        return _inner_derivative(definition, ctx, depth)
    if None in transforms:
        return None  # some return gives no derivative
    return transforms[0] if len(set(transforms)) == 1 else None


def called_definition(func: ast.AST, ctx) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The ``def`` a call's function names: a function of this module (``helper``), a method of
    the class around through ``self`` (``self.helper``), or a method of a class of this module
    through an instance of it (``net.helper`` with ``net = Net()`` or ``net: Net``); None
    otherwise."""
    if isinstance(func, ast.Name):
        return ctx.local_function(func.id)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self":
        return method_around(func.attr, ctx)
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        # ``net.dparams(y, p)`` where ``net = Net()`` or ``net: Net``: the method of that class of this module
        receiver = ctx.value(func.value)
        name = receiver.function if receiver.kind == v.OBJECT else receiver.annotation if receiver.kind == v.PARAM else None
        found = ctx.scope.definition(name, "class") if name and name.isidentifier() else None
        if found is not None and isinstance(found[0], ast.ClassDef):
            return next((item for item in found[0].body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == func.attr), None)
    return None


def method_around(name: str, ctx) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """The method ``name`` of the class around (what ``self.name`` calls), or None."""
    owner = class_around(ctx)
    if owner is None:
        return None
    return next((item for item in owner.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == name), None)


def class_around(ctx) -> ast.ClassDef | None:
    """The class of the method the rule is in (``self`` is its first parameter)."""
    scopes = ctx.scopes
    return next((scopes[k - 1] for k in range(len(scopes) - 1, 0, -1)
                 if isinstance(scopes[k], (ast.FunctionDef, ast.AsyncFunctionDef)) and isinstance(scopes[k - 1], ast.ClassDef)), None)


def _held_gradient(func: ast.AST, ctx) -> str | None:
    """The transform, when ``func`` is ``self.<attr>`` and the class assigns that attribute once,
    to a gradient function (``self.dlog = jax.jit(jax.vmap(jax.grad(self._ll)))`` in
    ``__init__``): calling it computes that derivative (a batch of them, through ``vmap``)."""
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
        return None
    owner = class_around(ctx)
    if owner is None:
        return None
    answers = ctx.memo("held_gradients")
    if id(owner) not in answers:
        answers[id(owner)] = held_gradients(owner, ctx.names)
    found = answers[id(owner)].get(func.attr)
    return found[0] if found is not None else None


def held_gradients(owner: ast.ClassDef, names: ImportMap) -> dict[str, tuple[str, int]]:
    """``attr -> (transform, line)`` for each attribute the class assigns once, to a gradient
    function, perhaps compiled or mapped (``self.jac_x = jax.jit(jax.jacobian(self.f, 0))``)."""
    found: dict[str, tuple[str, int]] = {}
    for attr, assigned in self_attributes(owner).items():
        if len(assigned) != 1:
            continue
        value = assigned[0][2]
        while isinstance(value, ast.Call) and canonical(names.resolve(value.func)) in WRAPPING_TRANSFORMS and value.args:
            inner = value.args[0]
            if gradient_transform(value, names) is not None or not isinstance(inner, ast.Call):
                break
            value = inner
        transform = gradient_transform(value, names)
        if transform is not None:
            found[attr] = (transform, assigned[0][1].lineno)
    return found


def _pullbacks(definition: ast.AST, ctx) -> dict[str, str]:
    """Names the function binds to the pullback a derivative transform returns (``_, vjp_fn =
    jax.vjp(f, x)``, ``pull = jax.vjp(f, x)[1]``) -> that transform."""
    from gradadvisor.analysis.syntax import int_value, walk_local

    found: dict[str, str] = {}
    for node in walk_local(definition):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Tuple) and len(target.elts) == 2:
            target = target.elts[1]  # ``_, vjp_fn = jax.vjp(f, x)``
        elif isinstance(value, ast.Subscript) and int_value(value.slice) == 1:
            value = value.value  # ``pull = jax.vjp(f, x)[1]``
        else:
            continue
        transform = ctx.resolve(value.func) if isinstance(value, ast.Call) else None
        if transform in PAIR_TRANSFORMS and isinstance(target, ast.Name):
            found[target.id] = transform
    return found


def _derivative_transform(value: ast.AST | None, ctx, pullbacks: dict[str, str] | None = None) -> str | None:
    """The transform when ``value`` is (a part of) a derivative computed in place:
    ``jax.grad(f)(x)``, ``jax.jvp(...)[1]`` (``return jax.jvp(jax.grad(f), (x,), (v,))[1]``),
    a pullback applied where it is made (``jax.vjp(f, x)[1](ct)[0]``) or through the name the
    function binds it to (``pullbacks``: ``_, vjp_fn = jax.vjp(f, x)``, then ``vjp_fn(ct)[0]``)."""
    while isinstance(value, ast.Subscript):
        value = value.value
    if not isinstance(value, ast.Call):
        return None
    direct = ctx.resolve(value.func)
    if direct in DIRECT_DERIVATIVES:
        return direct
    func = value.func
    if isinstance(func, ast.Subscript) and isinstance(func.value, ast.Call) and ctx.resolve(func.value.func) in DIRECT_DERIVATIVES:
        return ctx.resolve(func.value.func)  # ``jax.vjp(f, x)[1](ct)``: the pullback applied at once
    if isinstance(func, ast.Name) and pullbacks and func.id in pullbacks:
        return pullbacks[func.id]  # ``_, vjp_fn = jax.vjp(f, x)`` ... ``return vjp_fn(v)[0]``
    transform = ctx.resolve(func.func) if isinstance(func, ast.Call) else None
    return transform if transform in GRADIENT_FUNCTIONS else None


def _inner_derivative(definition: ast.FunctionDef | ast.AsyncFunctionDef, ctx, depth: int = 0) -> str | None:
    """The transform, when the function computes a derivative at what it is passed and returns
    something made from it (``def fisher(x): s = jax.grad(logp)(x); return jnp.sum(s ** 2)``):
    called once per sample, it is a per-example gradient all the same."""
    def named(func: ast.expr) -> str | None:
        # ``gfun(w, row)`` with ``gfun = jax.grad(loglik)``, or a helper that itself computes a
        # derivative at what it is passed (``self.dd(a, b)``), two calls deep at most
        return bound_transform(func, ctx) or (_returns_derivative(func, ctx, depth + 1) if depth < 2 else None)

    answers = ctx.memo("inner_derivative")
    key = (id(definition), depth)
    if key not in answers:
        answers[key] = None  # (a helper calling itself)
        answers[key] = derivative_at_parameters(definition, ctx.resolve, named)
    return answers[key]


def bound_transform(func: ast.expr, ctx) -> str | None:
    """The transform a called name is bound to (``gfun(w, row)`` with ``gfun = jax.grad(loglik)``)."""
    value = ctx.value(func)
    return value.transform if value.kind == v.CALLABLE else None


def derivative_at_parameters(definition: ast.FunctionDef | ast.AsyncFunctionDef, resolve, named=None) -> str | None:
    """The transform with which ``definition`` computes a derivative at what it is passed
    (``jax.grad(cost)(x, u)``, ``jax.jacfwd(jax.jacrev(cost))(x, u)`` with ``x`` a parameter, or
    ``gfun(w, row)`` with ``gfun = jax.grad(loglik)`` bound by the module: ``named`` answers the
    transform a called name is bound to), the first in the text when it computes several (a
    gradient and a Hessian); None when it computes none. ``resolve`` qualifies a name (an import
    map's or a context's): the summary asks it of a module's functions, for callers in other modules."""
    found = _derivatives_at_parameters(definition, resolve, named)
    return min(found)[2] if found else None


def differentiated_parameters(definition: ast.FunctionDef | ast.AsyncFunctionDef, resolve, named=None) -> set[str]:
    """The parameters of ``definition`` read by the arguments of the derivatives it computes at
    what it is passed (``def rhs(t, s): return jax.grad(h)(s)``: ``{"s"}``)."""
    return {param for found in _derivatives_at_parameters(definition, resolve, named) for param in found[3]}


def _derivatives_at_parameters(definition, resolve, named) -> list[tuple[int, int, str, set[str]]]:
    from gradadvisor.analysis.syntax import names_read, parameter_names, walk_local

    params = parameter_names(definition.args)
    found = []
    for node in walk_local(definition):
        if not isinstance(node, ast.Call):
            continue
        transform = resolve(node.func.func) if isinstance(node.func, ast.Call) else named(node.func) if named is not None and isinstance(node.func, (ast.Name, ast.Attribute)) else None
        read = {name for arg in [*node.args, *(item.value for item in node.keywords)] for name in names_read(arg)} & params
        if transform in GRADIENT_FUNCTIONS and read:
            found.append((node.lineno, node.col_offset, transform, read))
    return found


def closes_over(node: ast.Call, variables: set[str], ctx) -> bool:
    """``jax.grad(lambda p: loss(p, x, y))(params)``: the derivative of a function written in
    place that reads the sample (a new function per sample, differentiated once each)."""
    from gradadvisor.analysis.syntax import names_read

    func = node.func
    if not isinstance(func, ast.Call) or not func.args or ctx.resolve(func.func) not in GRADIENT_FUNCTIONS:
        return False
    inner = func.args[0]
    if isinstance(inner, ast.Call) and ctx.resolve(inner.func) == "functools.partial" and inner.args:
        return bool(names_read(inner) & variables) and not names_read(inner.args[0]) & variables
    return isinstance(inner, ast.Lambda) and bool(names_read(inner.body) & variables) and not names_read(func.func) & variables


def kept_transform(outer: str, inner: str | None) -> str:
    """What a function built by ``outer`` around one built by ``inner`` computes, as a transform:
    ``jit(grad(f))`` still computes a gradient (``inner``); ``vmap(grad(f))`` a batch of them, and a
    derivative of anything is its own (``outer``); ``pmap(grad(f))`` compiles it, over a device
    axis, and still computes a gradient a call. A pullback or a linearised function compiled
    (``hvp = jit(hvp)`` after ``_, hvp = linearize(grad(f), x)``) still computes its product."""
    if outer not in GRADIENT_FUNCTIONS and (outer not in BATCHING or outer in COMPILING) and inner in DERIVATIVE_FUNCTIONS:
        return inner
    return outer


def derivative_kind(transform: str) -> str:
    """What one call of a function built by ``transform`` computes: "gradient", "Jacobian",
    "Hessian", "vector-Jacobian product" or "Jacobian-vector product"."""
    if transform == "jax.vjp":
        return "vector-Jacobian product"
    if transform in ("jax.jvp", "jax.linearize"):
        return "Jacobian-vector product"
    last = transform.rpartition(".")[2]
    if last in ("jacrev", "jacfwd", "jacobian"):
        return "Jacobian"
    if last == "hessian":
        return "Hessian"
    return "gradient"


def is_autograd(transform: str, names: ImportMap) -> bool:
    """The derivative is autograd's: an ``autograd.`` transform, or a gradient function received
    as a parameter in a file that computes with ``autograd.numpy`` (autograd has no ``vmap``)."""
    return transform.startswith("autograd.") or transform == "parameter" and names.numpy_module() == "autograd.numpy"


def gradient_shown(project, path: str, scopes: tuple[str, ...] | list[str], called: str) -> str | None:
    """What the project shows of a name a loop calls that phase 1 could not prove computes a
    gradient (``gradient_call``'s answer with ``held``), as one line of evidence; None when it shows
    nothing. ``called``: ``"@name"`` imported from another module of the project (which binds a
    gradient function to it, or defines one that differentiates at what it is passed), ``".attr"``
    held by another object (a class of the project holds one there), or a parameter of the
    function (a call site passes it a gradient function)."""
    if called.startswith("@"):
        imported = project.imported_gradient(path, called[1:])
        return f"`{called[1:]}` is a {short(imported[1])} function ({imported[0]}:{imported[2]})" if imported else None
    if called.startswith("."):
        held = project.held_gradient(called[1:])
        return f"`{held[0][1]}{called}` holds a {short(held[0][2])} function ({held[0][0]}:{held[0][3]})" if held else None
    proofs = gradients_passed(project, path, scopes[0], called) if scopes else []
    return f"{proofs[0].evidence}, passed for `{called}` at {proofs[0].path}:{proofs[0].line}" if proofs else None


def gradients_passed(project, path: str, function_key: str, param: str) -> list:
    """The call sites across the project that pass ``param`` of a function a gradient function
    (``fit(jax.grad(loss), xs)``): the proof that calling the parameter computes a gradient."""
    return [fact for fact in project.arguments(path, function_key, param) if fact.kind == "gradient"]
