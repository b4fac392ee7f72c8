"""Phase 1 of a scan, per file: a small, serialisable summary of what other files need.

A ``FileSummary`` holds the module's functions (with their nesting, parameters and
the names they reference), the transforms applied to functions (``jax.grad(loss)``,
``@jax.jit``, a flax ``__call__``...: *seeds*), calls to functions that may live in
the project (with what each argument holds, so phase 2 can tell what a parameter
receives), module-level arrays (with their size in bytes when the code shows it),
and the imports that link it to other files. Phase 2 (``analysis/project.py``)
joins the summaries of every scanned file; the cache stores them by content hash.

Building it costs a statement-level walk of the module plus regex-filtered looks
at the few statements that name a transform or call a project function: it never
walks every expression of a file.
"""

from __future__ import annotations

import ast
import builtins
import re
from bisect import bisect_left
from dataclasses import dataclass, field, replace

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import SMALL_RANGE
from gradadvisor.analysis.facts import Facts, Scope, arithmetic, instance_assignments
from gradadvisor.analysis.gradient import (
    derivative_at_parameters,
    BATCHING,
    BENCH_FILE_FUNCTIONS,
    COMPACT,
    CUSTOM_RULE_FUNCTIONS,
    CUSTOM_RULE_METHODS,
    FUNCTION_ARGUMENTS,
    GRADIENT_FUNCTIONS,
    CLASS_DECORATORS,
    KIND_METHODS,
    METHOD_TRANSFORMS,
    MODEL_CALLS,
    MODULE_BASES,
    SAME_ARGUMENTS,
    TRANSFORM_LEVELS,
    Level,
    differentiated_positions,
    gradient_transform,
    held_gradients,
    function_keywords,
    short,
    transform_name,
)
from gradadvisor.analysis.library import EXTERNAL
from gradadvisor.analysis.host_code import CONVERSION, FRAME_HINT, host_reason, jax_flags, without_jax
from gradadvisor.analysis.lines import any_between, literal_lines, match_lines
from gradadvisor.analysis.names import ImportMap, canonical, module_statements
from gradadvisor.analysis.statement_nodes import nodes_with_statements
from gradadvisor.analysis.testcode import is_test_module
from gradadvisor.analysis.vectorize import ARRAY_ATTRIBUTES
from gradadvisor.analysis.syntax import (
    Source, dotted, int_value, leaves, names_read, nested_statements, one_line, own_expressions, parameter_names, positional, target_names, walk_local, word_regex,
)

#: A statement whose text names one of these may apply a transform.
TRANSFORM_WORDS = frozenset({name.rsplit(".", 1)[-1] for name in [*TRANSFORM_LEVELS, *CUSTOM_RULE_FUNCTIONS] if name not in METHOD_TRANSFORMS} | CUSTOM_RULE_METHODS)
TRANSFORM_WORD = word_regex(TRANSFORM_WORDS)
#: What host code's text holds (``yield``, ``if jnp.allclose(...)``, ``.item()``, ``plt.``):
#: only such a function is asked why no trace can run it.
HOST_HINT = re.compile(
    r"\byield\b|\.(?:all|any|allclose|array_equal|isclose|item)\s*\(|\bplt\.|^[ \t]*(?:if|elif|while|assert)\b[^\n]*[<>][^\n]*(?:\bjnp\.|tol\b|eps\b|norm\b)|" + FRAME_HINT.pattern,
    re.MULTILINE,
)
#: A name, or the first two parts of a dotted name, not preceded by a word or a dot, nor followed
#: by a single ``=`` (a keyword argument's name, ``fit=False``, or a name assigned: not a reference).
#: (The look-behind sits after the first letter: the engine then skips to letters quickly.)
REFERENCE = re.compile(r"([A-Za-z_](?<![\w.][A-Za-z_])\w*+)(?:[ \t]*\.[ \t]*([A-Za-z_]\w*+))?(?![ \t]*=(?!=))")
#: ``pkg.sub.fn(``: a call through a module's submodule (a third part ``REFERENCE`` does not keep).
SUBMODULE_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*\(")
#: ``Name(...)(``: a call whose result is called at once (one level of nested parentheses).
INSTANCE_CALL = re.compile(r"(?<![\w.])([A-Z]\w*)[ \t]*\((?:[^()]|\([^()]*\))*\)[ \t]*\(")
#: The kinds of class a class decorator makes (``@evox.jit_class``): their public methods compile.
CLASS_DECORATED = frozenset(CLASS_DECORATORS.values())
#: ``Solver(cfg).run(x)``: a method called on an instance made at once.
INSTANCE_METHOD_CALL = re.compile(r"(?<![\w.])([A-Z]\w*)[ \t]*\((?:[^()]|\([^()]*\))*\)[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*\(")
#: Methods of arrays, containers, strings, random keys and library objects (a flax Module's
#: ``apply``, an optimizer's ``update``): a parameter calling one is no evidence of a class of the
#: project.
COMMON_METHODS = ARRAY_ATTRIBUTES | frozenset(
    {
        "append", "extend", "insert", "pop", "remove", "index", "count", "keys", "values", "items", "get", "update",
        "setdefault", "add", "discard", "union", "join", "split", "format", "strip", "replace", "startswith",
        "endswith", "lower", "upper", "apply", "init", "init_with_output", "bind", "set", "multiply",
        "sample", "log_prob", "mode", "entropy", "read", "write", "close", "call", "cast", "numpy", "cpu", "to", "detach",
    }
)
CALLED_NAME = re.compile(r"(?<![\w.])([A-Za-z_]\w*)[ \t]*\(")
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
#: ``self.f = self.cost``: an attribute bound to a method of the same object.
SELF_ALIAS = re.compile(r"^[ \t]*self\.\w+[ \t]*=[ \t]*self\.\w+[ \t]*(?:#.*)?$", re.M)
#: A name (or ``self.name``) or a lambda in an argument's place: ``f(cost, ...)``, ``fun=loss``.
PASSED = re.compile(r"[(,=][ \t]*(?:self\.)?([A-Za-z_]\w*)[ \t]*(?=[,)]|$)|[(,=][ \t]*(lambda)\b", re.M)


def _positional(args: ast.arguments, bound: bool) -> tuple[int, int | None]:
    """(required, at most) positional arguments a call passes (``bound``: less the instance)."""
    ordered = [*args.posonlyargs, *args.args]
    skip = 1 if bound and ordered else 0
    required = max(len(ordered) - len(args.defaults) - skip, 0)
    return required, None if args.vararg is not None else len(ordered) - skip


def _static(node: ast.AST) -> bool:
    return any(isinstance(decorator, ast.Name) and decorator.id == "staticmethod" for decorator in getattr(node, "decorator_list", ()))


def _method_arities(node: ast.AST, methods: set[str]) -> dict[str, list[int | None]]:
    """``obj.step(x)`` -> ``{"step": [1]}``: the positional arguments of each call of ``methods``
    on a name or an attribute (``self.solver.step(x)``) in ``node`` (None for a call that
    unpacks ``*args``)."""
    found: dict[str, list[int | None]] = {}
    for call in ast.walk(node):
        if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in methods and isinstance(call.func.value, (ast.Name, ast.Attribute))
                and not (isinstance(call.func.value, ast.Name) and call.func.value.id in ("self", "cls"))):
            count = None if any(isinstance(arg, ast.Starred) for arg in call.args) else len(call.args)
            found.setdefault(call.func.attr, []).append(count)
    return found


def accepts(function: "FunctionSummary", counts: list[int | None]) -> bool:
    """Some call passing ``counts`` positional arguments fits the function's signature (no
    count known: any fits)."""
    if not counts:
        return True
    required, most = function.positional
    return any(count is None or count >= required and (most is None or count <= most) for count in counts)


def function_key(node: ast.AST, qualname: str) -> str:
    if isinstance(node, ast.Lambda):
        return f"<lambda>:{node.lineno}:{node.col_offset}"
    return f"{qualname}:{node.lineno}"


@dataclass
class Seed:
    """A transform applied to a function: what reaches it and from where."""

    target: str  # a name, ``self.name``, ``alias.attr``, or a function key (``key:...``)
    scope: str | None  # the function key where the reference is written (None: module level)
    klass: str | None  # the class whose ``self`` a ``self.`` target means
    level: int
    transform: str
    line: int
    text: str  # "passed to jax.grad", "decorated with @jax.jit"
    #: The positions of the parameters a differentiating transform takes the derivative with
    #: respect to (``jax.grad(f, argnums=1)``: ``(1,)``); None when not known or not one.
    argnums: tuple[int, ...] | None = None
    #: For a batching transform, the parameters it does not map: a position (``in_axes`` None
    #: there, or bound by ``partial``), or a name for a keyword ``partial`` binds.
    unmapped: tuple[int | str, ...] = ()
    #: The transform is a guess from a name (a project decorator named for compiling): a finding
    #: it supports is at most medium.
    guess: bool = False


@dataclass
class CallSite:
    caller: str | None
    callee: str  # a name, ``self.name`` or ``alias.attr`` as written
    line: int
    #: What each argument holds: (kind, evidence). Kinds: array, size, ``int:N`` (a literal), gradient,
    #: callable, ``seq:N`` (a list or tuple of N items), ``stack:N`` (a list of N > 16 arrays made
    #: alike, by one comprehension: stackable), sequence, ``param:NAME`` (the caller's own
    #: parameter), other, unknown.
    args: list[tuple[str, str]] = field(default_factory=list)
    keywords: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: Array arguments whose byte size is shown or that are data, by position (``"0"``) or keyword:
    #: ``(nbytes or None, data)``.
    arrays: dict[str, tuple[int | None, bool]] = field(default_factory=dict)
    #: Array arguments with what the caller's code shows of them, by position or keyword:
    #: ``(shape or None, dtype or None, host)`` (host: a NumPy array). Absent when the call
    #: unpacks ``*args``/``**kwargs``.
    types: dict[str, tuple[tuple | None, str | None, bool]] = field(default_factory=dict)


@dataclass
class FunctionSummary:
    key: str
    name: str
    qualname: str
    line: int
    end_line: int
    parent: str | None  # the enclosing function's key
    klass: str | None  # the class's qualname, for methods
    params: list[str]
    references: list[str] = field(default_factory=list)
    calls: list[CallSite] = field(default_factory=list)
    #: "array", "scalar", "size", ... : what the function returns, when phase 1 could tell.
    returns: str = "unknown"
    #: Parameters the function hands to a transform (``def descend(g, w): dg = grad(g)``):
    #: param -> (level, transform, line). What callers pass there is transformed.
    transformed_params: dict[str, tuple[int, str, int]] = field(default_factory=dict)
    #: Names bound once in the function to a transform or a ``partial`` of a function
    #: (``loss_and_grad = jax.value_and_grad(block_loss)``) -> that function's name: calling
    #: the name runs the function.
    aliases: dict[str, str] = field(default_factory=dict)
    #: Methods the function calls on an object of unknown class: a parameter, its own or an
    #: enclosing function's (``model.encode(x)`` in ``def loss(model, xs)``), or an attribute of
    #: ``self`` (``self.dynamics.step(x, u)``): the project resolves each to the one class that
    #: defines a method of that name (``Project.method_owners``).
    object_methods: list[str] = field(default_factory=list)
    #: How many positional arguments each of those calls passes (None: unpacked ``*args``):
    #: a method whose signature cannot take them is not the one called.
    object_method_arities: dict[str, list[int | None]] = field(default_factory=dict)
    #: The positional arguments the function takes, less ``self``/``cls`` for a method:
    #: (required, at most; None with ``*args``).
    positional: tuple[int, int | None] = (0, None)
    #: Why no trace can run a top-level function (``host_code.host_reason``: it branches on
    #: array values, converts one to a number, compiles its own step...): what it calls
    #: directly runs on the host too, where nothing else calls that (``Project.eager_only``).
    host: str | None = None


@dataclass
class ClassSummary:
    name: str
    qualname: str
    line: int
    bases: list[str]
    module_kind: str | None  # "a flax.linen Module" etc.
    methods: dict[str, str] = field(default_factory=dict)
    #: ``self.f = self.cost`` in a method: an attribute that only ever names a method -> it.
    method_aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: ``self.kernel = RBF(1.0)``: an attribute that only ever holds instances of one class (as
    #: written: this file's class or an imported name) -> that class; ``self.kernel(x)`` calls its
    #: ``__call__``.
    instance_classes: dict[str, str] = field(default_factory=dict)
    #: ``self.jac_x = jax.jit(jax.jacobian(self.f))``: attributes holding a gradient function ->
    #: (the transform, the line); another object's ``dyn.jac_x(x)`` calls one.
    held_gradients: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: ``self.warm = warm``, a def of the method (``__init__``): attribute -> (method, function name).
    closures: dict[str, tuple[str, str]] = field(default_factory=dict)


@dataclass
class ModuleArray:
    name: str
    line: int
    elements: int | None
    nbytes: int | None
    dtype: str | None
    data: bool
    host: bool
    evidence: str


@dataclass
class FileSummary:
    path: str
    module: str
    package: str
    imports: dict[str, str] = field(default_factory=dict)
    functions: dict[str, FunctionSummary] = field(default_factory=dict)
    #: Module-level names bound by ``def`` -> function key.
    top_level: dict[str, str] = field(default_factory=dict)
    #: ``score = jax.vmap(jax.grad(loglik))`` at module level: a call of ``score`` runs ``loglik``.
    module_aliases: dict[str, str] = field(default_factory=dict)
    #: ``grad_fn = jax.jit(jax.grad(loss))`` at module level: a name bound once to a gradient
    #: function -> (the gradient transform, the line), and a module-level ``def`` that computes a
    #: derivative at what it is passed (``def quad_cost(c, x): return jax.grad(c)(x)``); what
    #: another module imports and calls per item computes one gradient per item (GA102,
    #: ``Project.imported_gradient``).
    module_gradients: dict[str, tuple[str, int]] = field(default_factory=dict)
    classes: dict[str, ClassSummary] = field(default_factory=dict)
    seeds: list[Seed] = field(default_factory=list)
    arrays: dict[str, ModuleArray] = field(default_factory=dict)
    #: Module-level names bound once to an int (``M = 50``) -> (the int, its line).
    constants: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: Module-level names bound by something other than ``def``/``class``/import.
    assigned: list[str] = field(default_factory=list)
    #: Calls made by module-level code.
    module_calls: list[CallSite] = field(default_factory=list)
    #: What module-level code calls, as written (``main``, ``train.run``): every call, not only
    #: those with argument facts (``module_calls``).
    module_called: list[str] = field(default_factory=list)
    bench_file: bool = False
    #: A test module (``analysis/testcode.py``): summarised for the project, never walked.
    test_module: bool = False
    #: Module-level names bound to what a factory of this file returns (``op = make_op()``
    #: where ``make_op`` returns a function it defines) -> those functions' keys.
    factory_results: dict[str, list[str]] = field(default_factory=dict)
    #: Functions used as values (``map(f, xs)``, ``fs = [f]``, ``partial(f, 1)``, ``return f``):
    #: calls through them are not seen. ``(reference, scope key, class)``, resolved like seeds.
    escapes: list[tuple[str, "str | None", "str | None"]] = field(default_factory=list)
    #: Functions of this file passed to a call (``descend(cost, w0)``, ``fit(self.loss)``):
    #: ``(callee as written, position or keyword, the function as written, scope key, class, line)``.
    function_arguments: list[tuple[str, str, str, "str | None", "str | None", int]] = field(default_factory=list)


#: ``.step(``: an attribute called.
CALLED_ATTRIBUTE = re.compile(r"\.[ \t]*([A-Za-z_]\w*)[ \t]*\(")
#: ``self.dynamics.step(``: a method called on an object an attribute holds.
ATTRIBUTE_CALL = re.compile(r"\bself[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*\.[ \t]*([A-Za-z_]\w*)[ \t]*\(")
#: A class whose text names a derivative transform may hold a gradient function on ``self``.
HELD_WORD = re.compile(r"\b(?:grad|value_and_grad|jacobian|jacrev|jacfwd|hessian|elementwise_grad)\b")
#: A module-level line binding a name to int arithmetic (``M = 50``, ``N_GRID = 2 ** 11``).
CONSTANT_LINE = re.compile(r"^([A-Za-z_]\w*)[ \t]*(?::[ \t]*int[ \t]*)?=[ \t]*([\d_ \t()*+\-/]+?)[ \t]*(?:#[^\n]*)?$", re.MULTILINE)
ASSIGNED_LINE = re.compile(r"^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?[-+*/]?=(?!=)", re.MULTILINE)


def stated_constants(text: str) -> dict[str, tuple[int, int]]:
    """The ints a module that is not parsed (it never names jax: a settings module) binds once at
    module level, read from its lines: ``M = 50`` -> ``{"M": (50, line)}``."""
    found: dict[str, tuple[int, int]] = {}
    if "=" not in text:
        return found
    counts: dict[str, int] = {}
    for match in ASSIGNED_LINE.finditer(text):
        counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    for match in CONSTANT_LINE.finditer(text):
        name = match.group(1)
        if counts.get(name) != 1 or not any(ch.isdigit() for ch in match.group(2)):
            continue
        try:
            value = _int_arithmetic(ast.parse(match.group(2).strip(), mode="eval").body)
        except (SyntaxError, ValueError, RecursionError):
            continue
        if value is not None:
            found[name] = (value, text.count("\n", 0, match.start()) + 1)
    return found


def _int_arithmetic(node: ast.AST) -> int | None:
    """The int ``node`` computes from int literals alone (``2 ** 11 + 1``), else None."""
    value = int_value(node)
    if value is None and isinstance(node, ast.BinOp):
        value = arithmetic(node.op, _int_arithmetic(node.left), _int_arithmetic(node.right))
    return value if type(value) is int else None


def enclosing_params(functions: dict[str, "FunctionSummary"], key: str | None) -> set[str]:
    """The parameters of the function ``key`` and of the functions around it (a lambda reading its
    enclosing function's ``model``), ``self`` and ``cls`` left out."""
    found: set[str] = set()
    function = functions.get(key) if key is not None else None
    while function is not None:
        found.update(function.params)
        function = functions.get(function.parent) if function.parent else None
    return found - {"self", "cls"}


def module_name(display: str) -> tuple[str, str]:
    """``(module, package)`` for a path: ``pkg/sub/model.py`` -> ``("pkg.sub.model", "pkg.sub")``.

    The engine passes the path relative to the project root, so two files of the same name
    in different folders (``x/train.py``, ``y/train.py``) are different modules whatever
    folder the scan runs from; the project index resolves an import by the longest dotted
    suffix it can (``src/pkg/model.py`` is also ``pkg.model`` and ``model``), which covers
    import roots below the project root."""
    parts = [part for part in re.split(r"[\\/]", display) if part and part not in (".", "..")]
    if not parts:
        return "", ""
    last = parts[-1]
    for suffix in (".py", ".ipynb", ".pyi"):
        if last.endswith(suffix):
            last = last[: -len(suffix)]
    parts[-1] = last
    if last == "__init__":
        parts = parts[:-1]
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def unmapped_positions(call: ast.Call) -> tuple[int, ...]:
    """``(1,)`` for ``jax.vmap(f, in_axes=(0, None))``: the positions ``in_axes`` leaves unmapped."""
    given = next((item.value for item in call.keywords if item.arg == "in_axes"), call.args[1] if len(call.args) > 1 else None)
    if not isinstance(given, (ast.Tuple, ast.List)):
        return ()
    return tuple(position for position, item in enumerate(given.elts) if isinstance(item, ast.Constant) and item.value is None)


def partially_bound(call: ast.Call, unmapped: tuple[int | str, ...]) -> tuple[int | str, ...]:
    """``partial(f, a, b=c)`` handed to a batching transform: ``f``'s first parameter and ``b``
    are bound, not mapped; the transform's own unmapped positions move past the bound ones."""
    count = len(call.args) - 1
    moved = tuple(item + count if isinstance(item, int) else item for item in unmapped)
    return (*range(count), *moved, *(item.arg for item in call.keywords if item.arg is not None))


#: A decorator named for compiling: ``jit`` or ``compile`` as a word of its name (not numba's ``njit``).
COMPILING_NAME = re.compile(r"(?:^|_)(?:jit|jitted|compile|compiled)(?:$|_)", re.IGNORECASE)


#: Flax's lifted transforms of a Module class, which take the methods they lift (``methods=``).
LIFTED_TRANSFORMS = frozenset({"flax.linen.vmap", "flax.linen.jit", "flax.linen.scan", "flax.linen.remat", "flax.linen.checkpoint", "flax.linen.transforms.vmap"})


class SummaryBuilder:
    """Builds a ``FileSummary`` from a parsed module."""

    def __init__(
        self, display: str, tree: ast.Module, source: Source, names: ImportMap, facts: Facts, module: tuple[str, str] | None = None
    ) -> None:
        module, package = module if module is not None else module_name(display)
        self.tree = tree
        self.source = source
        self.names = names
        self.facts = facts
        self.summary = FileSummary(display, module, package, imports=dict(names.aliases))
        #: function key -> (node, scope) for every function and lambda found.
        self.nodes: dict[str, tuple[FunctionNode, Scope]] = {}
        #: Names bound to a transform of a function whose calls are recorded (``_transform_aliases``).
        self._aliases: dict[str, str] = {}
        self.keys: dict[int, str] = {}
        #: id(function) -> its ``if`` statements with the names their tests read (``_guarded_bound``).
        self._guards: dict[int, list[tuple[ast.If, set[str]]]] = {}
        self._callee_lines: dict[frozenset[str], list[int]] = {}
        self._imported = self._imported_callees()
        self._plots = names.imports_module("matplotlib")
        #: Names through which a function can reference another: defs anywhere in the file,
        #: imports, and self/cls (for methods).
        self._referable = {*names.aliases, "self", "cls"}  # and every def's name, added by the walk
        for name, qualified in _star_imported(tree, names).items():
            # ``from .mod import *``, then ``resid(a, b)``: what the project's module defines by that name
            self.summary.imports.setdefault(name, qualified)
            self._referable.add(name)
        #: ``HAS_JAX``: set when importing jax works; a branch run without it calls nothing traced.
        self._jax_flags = jax_flags(tree) if "except" in source.text and "jax" in source.text else frozenset()
        #: (function key, local name, factory reference, scope) for ``loss = make_loss(y)`` in a function.
        self._local_factories: list[tuple[str, str, str, Scope]] = []
        #: factory key -> the keys of the functions it returns (``_factory_returns``).
        self._factories: dict[str, list[str]] = {}
        self._defining: set[str | None] | None = None
        #: Imported names that may be the project's own packages (``import mylib``): their
        #: submodules' functions are called as ``mylib.sub.fn(...)``.
        self._packages = {alias for alias, qualified in names.aliases.items() if qualified.partition(".")[0] not in EXTERNAL}
        #: Top-level function key -> the (name, attribute) pairs its text holds, kept to the
        #: referable ones once the walk has seen every def.
        self._found_references: dict[str, list[tuple[str, str]]] = {}
        #: ``self.<attr>.<method>(`` in a method's text: (attr, method).
        self._attribute_calls: dict[str, list[tuple[str, str]]] = {}
        #: Seeds of functions that call ``numpyro.sample`` (``MODEL_CALLS``), added after all others;
        #: looked for only in files that import the library of such a call.
        self._model_seeds: list[Seed] = []
        roots = {call.partition(".")[0] for call in MODEL_CALLS}
        self._model_libraries = any(qualified.partition(".")[0] in roots for qualified in names.aliases.values())
        #: Names called and their result called at once (``RNN(w)(xs)``), per function.
        self._called_instances: dict[str, list[str]] = {}
        self._made_methods: dict[str, list[tuple[str, str]]] = {}
        self._called: dict[str, set[str]] = {}  # names called directly, per function (``_called_names``)
        #: Top-level function key -> its parameters whose default constructs, or whose
        #: annotation names, a class (perhaps one of this file's: ``build`` checks).
        self._typed_params: dict[str, dict[str, str]] = {}
        aliases = sorted(local for local, qualified in names.aliases.items() if canonical(qualified) in TRANSFORM_LEVELS)
        # ``opt.step(cost, w)`` with ``opt`` an instance of a class whose methods differentiate
        made = {canonical(qualified) for qualified in names.instances.values()}
        # ... or an instance a function makes of an imported class (``opt = qml.AdamOptimizer()``)
        imported = {canonical(qualified) for qualified in names.aliases.values()}
        made |= {klass for klass in {method.rpartition(".")[0] for method in METHOD_TRANSFORMS}
                 if any(klass == module or klass.startswith(f"{module}.") for module in imported if module)}
        aliases += sorted({method.rpartition(".")[2] for method in METHOD_TRANSFORMS if method.rpartition(".")[0] in made})
        self._transform_lines: list[int] | None = None
        #: Names the file assigns a call of a capitalised name (``model = Model(...)``), read once.
        self._class_calls: set[str] | None = None
        self._transform_word = word_regex([*TRANSFORM_WORDS, *aliases]) if aliases else TRANSFORM_WORD

    def build(self) -> FileSummary:
        self._module_level()
        self._walk_definitions()
        self._derivative_callers()
        self._factory_results()  # first: a closure a factory returns is a function argument too
        self._function_arguments()
        self._returned_closures()
        self._keep_references()
        self._module_calls(self._imported)
        self._module_called()
        self._record_escapes(self._imported, frozenset())
        self._bench_file()
        self._lifted_methods()
        self.summary.seeds.extend(self._model_seeds)  # last: a sampler in sight explains the level first
        self.summary.test_module = is_test_module(self.summary.path, self.tree)
        return self.summary

    def _lifted_methods(self) -> None:
        """``nn.vmap(Front, in_axes=0, methods=["embed"])``: a lifted transform of a Module class of
        this file names the methods it lifts besides ``__call__``; each runs under the trace the
        lifted module's ``apply`` is called in, as ``__call__`` does (a seed of each)."""
        if "methods" not in self.source.text:
            return
        for node in ast.walk(self.tree):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Name) and node.args[0].id in self.summary.classes):
                continue
            listed = next((item.value for item in node.keywords if item.arg == "methods"), None)
            if not isinstance(listed, (ast.List, ast.Tuple)) or canonical(self.names.resolve(node.func)) not in LIFTED_TRANSFORMS:
                continue
            klass = self.summary.classes[node.args[0].id]
            for item in listed.elts:
                key = klass.methods.get(item.value) if isinstance(item, ast.Constant) and isinstance(item.value, str) else None
                if key is not None:
                    how = f"lifted by {short(canonical(self.names.resolve(node.func)) or '')}(methods=[...])"
                    self.summary.seeds.append(Seed("key:" + key, None, None, Level.TRACED, "module", node.lineno, f"{item.value} of {klass.name}, {how}, run under a JAX trace"))

    def _function_arguments(self) -> None:
        """Calls that pass one of this file's functions (a def's name, ``self.method`` or an
        attribute that names one): a callee that transforms that parameter transforms it."""
        defs = {function.name for function in self.summary.functions.values() if function.name != "<lambda>"}
        aliases = {alias for klass in self.summary.classes.values() for alias in klass.method_aliases}
        # ``loss = make_loss(y)`` in a function (``_factory_results``): the closure by a local name
        made = {name for function in self.summary.functions.values() for name, target in function.aliases.items() if target.startswith("key:")}
        names = frozenset(defs | aliases | made)
        text = self.source.text
        offsets = [match.start() for match in PASSED.finditer(text) if (match.group(1) in names or match.group(2))]
        if not offsets:
            return
        lines = sorted({self.source.line_of(offset) for offset in offsets})
        for stmt, key, klass in self._statements_at(lines):
            if not any_between(lines, *self._own_lines(stmt)):
                continue
            for expr in own_expressions(stmt):
                for node in walk_local(expr):
                    if not isinstance(node, ast.Call):
                        continue
                    callee = _reference(node.func)
                    if callee is None or transform_name(node.func, self.names) is not None:
                        continue
                    passed = [(str(index), arg) for index, arg in enumerate(node.args) if not isinstance(arg, ast.Starred)]
                    passed += [(item.arg, item.value) for item in node.keywords if item.arg is not None]
                    for where, arg in passed:
                        if isinstance(arg, ast.Lambda):
                            # ``descend(lambda w: cost(w, X, y), w0)``: the lambda is the function passed
                            # (in a function, or in the module's own code)
                            self._lambda(arg, key, klass, self.facts.scope(*self.nodes[key]) if key is not None else self.facts.module_scope)
                            self.summary.function_arguments.append((callee, where, "key:" + self.keys[id(arg)], key, klass, node.lineno))
                            continue
                        reference = _reference(arg)
                        if reference is None or reference.rpartition(".")[2] not in names or reference.count(".") > 1:
                            continue
                        if "." in reference and reference.split(".")[0] not in ("self", "cls"):
                            continue
                        self.summary.function_arguments.append((callee, where, reference, key, klass, node.lineno))

    # -- module level --------------------------------------------------------------------

    def _module_level(self) -> None:
        summary = self.summary
        scope = self.facts.module_scope
        for stmt in module_statements(self.tree.body):
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                maybe_array = isinstance(stmt.value, (ast.Call, ast.BinOp, ast.Subscript, ast.Attribute, ast.Name))
                for target in targets:
                    if isinstance(target, ast.Name):
                        summary.assigned.append(target.id)
                        if maybe_array:
                            self._module_array(target.id, stmt, scope)
                        if isinstance(stmt.value, (ast.Constant, ast.BinOp)):
                            self._module_constant(target.id, stmt, scope)
                    elif isinstance(target, (ast.Tuple, ast.List)) and isinstance(stmt.value, (ast.Call, ast.Tuple, ast.List)):
                        # ``(x_train, y_train), _ = load_data()``: each part may be an array.
                        for name in target_names(target):
                            summary.assigned.append(name)
                            self._module_array(name, stmt, scope)

    def _keep_references(self) -> None:
        """Each top-level function's references: the names (and ``name.attr``) its text holds
        that can name a function of the project, now that the walk has seen every def."""
        heads, classes = self._referable, self.summary.classes
        for key, found in self._found_references.items():
            # ``integrals.expectation(...)`` with ``integrals=UKFIntegrals()`` as the default (or
            # ``integrals: UKFIntegrals``): the method of that class of this file.
            typed = {param: klass for param, klass in self._typed_params.get(key, {}).items() if klass in classes}
            if any(a not in heads and a not in typed and b for a, b in found):
                typed.update(self._local_instances(key, {a for a, b in found if b}))
            pairs = [(typed.get(a, a), b) for a, b in set(found) if a in heads or a in typed and b]
            # ``model = RNN(w); model(xs)``: calling a local instance runs its class's ``__call__``
            bare = {a for a, b in found if not b and a not in heads}
            instances = {name: typed[name] for name in bare if name in typed}
            instances.update(self._local_instances(key, bare - set(instances)) if bare - set(instances) else {})
            called = {f"{klass}.__call__" for name, klass in instances.items() if name in self._called_names(key)}
            # ``RNN(w)(xs)``: an instance made and called at once
            called |= {f"{name}.__call__" for name in self._called_instances.get(key, ()) if name in heads and self._is_class_name(name)}
            # ``Solver(cfg).run(x)``: the method of the instance made at once
            called |= {f"{name}.{method}" for name, method in self._made_methods.get(key, ()) if name in heads and self._is_class_name(name)}
            function = self.summary.functions[key]
            function.references = sorted({a for a, _ in pairs if a in heads} | {f"{a}.{b}" for a, b in pairs if b} | called)
            params = enclosing_params(self.summary.functions, key)
            if params:
                methods = {b for a, b in found if a in params and b and a not in heads and a not in typed and b not in COMMON_METHODS and not b.startswith("__")}
                if methods:
                    node = self.nodes[key][0]
                    text = self.source.block(node) if not isinstance(node, ast.Lambda) else self.source.segment(node)
                    function.object_methods = sorted(methods & set(CALLED_ATTRIBUTE.findall(text)))
                    function.object_method_arities = _method_arities(node, set(function.object_methods))
            self._attribute_methods(function, typed)

    def _attribute_methods(self, function: FunctionSummary, typed: dict[str, str]) -> None:
        """``self.dynamics.step(x, u)`` in a method: the method of the class ``self.dynamics``
        holds (``self.dynamics = Car(dt)``), else one found by its name (``object_methods``)."""
        calls = self._attribute_calls.get(function.key)
        klass = self.summary.classes.get(function.klass) if function.klass else None
        if not calls or klass is None:
            return
        references, methods = set(function.references), set(function.object_methods)
        for attr, method in calls:
            if method in COMMON_METHODS or method.startswith("__") or attr in klass.methods:
                continue
            held = klass.instance_classes.get(attr)
            if held is not None:
                references.add(f"{held}.{method}")
            else:
                methods.add(method)
        function.references, function.object_methods = sorted(references), sorted(methods)
        if set(function.object_methods) - set(function.object_method_arities):
            function.object_method_arities = _method_arities(self.nodes[function.key][0], set(function.object_methods))

    def _called_names(self, key: str) -> set[str]:
        """The names the function ``key`` calls directly (``name(``), read from its text on demand
        (only functions holding a local instance ask)."""
        found = self._called.get(key)
        if found is None:
            node = self.nodes[key][0]
            text = self.source.block(node) if not isinstance(node, ast.Lambda) else self.source.segment(node)
            found = self._called[key] = set(CALLED_NAME.findall(text))
        return found

    def _local_instances(self, key: str, heads: set[str]) -> dict[str, str]:
        """``model = LogisticRegression(...)`` (then perhaps ``model = model.fit(x, y)``) in the
        function ``key``: the locals among ``heads`` every binding of which makes an instance of one
        class (this file's, or imported from a scanned module) or calls a method of the local
        itself (a fluent ``fit`` returning ``self``) -> that class."""
        entry = self.nodes.get(key)
        if entry is None:
            return {}
        if self._class_calls is None:
            self._class_calls = _class_call_targets(self.source.text)  # once per file
        heads = heads & self._class_calls
        if not heads:
            return {}  # no local is assigned a call of a capitalised name: the cheap answer
        scope = self.facts.scope(entry[0], entry[1])
        found: dict[str, str] = {}
        # ``net = Plant(cfg)`` ... ``jax.jacrev(lambda z: net.limits(z))``: a name the function
        # (a lambda, a nested def) only reads is the enclosing function's instance
        parent = self.summary.functions[key].parent if key in self.summary.functions else None
        outer = {name for name in heads if not scope.bindings.get(name)}
        if outer and parent is not None:
            found.update(self._local_instances(parent, outer))
        for name in heads - outer:
            classes = set()
            for binding in scope.bindings.get(name, []):
                value = binding.value
                if binding.kind != "assign" or binding.path or not isinstance(value, ast.Call):
                    break
                if isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name) and value.func.value.id == name:
                    continue  # model = model.fit(x, y)
                if not (isinstance(value.func, ast.Name) and self._is_class_name(value.func.id)):
                    break
                classes.add(value.func.id)
            else:
                if len(classes) == 1:
                    found[name] = classes.pop()
        return found

    def _is_class_name(self, name: str) -> bool:
        """A class of this file, or a name imported from a scanned (non-library) module
        (``M = garch11()`` with ``from garch import garch11``: the project resolves
        ``garch11.logp`` there; a library's class is not ours to follow)."""
        defined = self.facts.module_scope.bindings.get(name, [])
        if defined and all(binding.kind == "class" for binding in defined):
            return True
        imported = self.names.aliases.get(name)
        return imported is not None and imported.split(".")[0] not in EXTERNAL and bool(defined) and all(binding.kind == "import" for binding in defined)

    def _returned_closures(self) -> None:
        """Seeds on a factory's call (``jax.jit(make())``, ``jit(self._make())``) reach the
        functions it defines and returns by name; a factory of another module is left alone."""
        summary = self.summary
        seeds: list[Seed] = []
        for seed in summary.seeds:
            if not seed.target.startswith("call:"):
                seeds.append(seed)
                continue
            returned = self._factory_returns(seed.target[5:], seed.klass, seed.scope)
            seeds.extend(replace(seed, target="key:" + key) for key in returned)
        summary.seeds = seeds

    def _factory_returns(self, reference: str, klass: str | None, scope: str | None) -> list[str]:
        """The keys of the functions a call of ``reference`` returns: of this module's
        ``make_loss``, or of ``self.make_loss`` of the class around ``scope`` (``klass`` when
        known), as ``_returned_functions`` reads them; worked out once per factory."""
        summary = self.summary
        head, _, attr = reference.partition(".")
        if head in ("self", "cls") and attr:
            while klass is None and scope is not None and scope in summary.functions:
                klass, scope = summary.functions[scope].klass, summary.functions[scope].parent
            factory = summary.classes[klass].methods.get(attr) if klass in summary.classes else None
        else:
            factory = summary.top_level.get(reference) if not attr else None
        if factory not in self._factories:
            if self._defining is None:  # only a function that defines functions can return one
                self._defining = {function.parent for function in summary.functions.values()}
            defines = factory in self.nodes and factory in self._defining
            self._factories[factory] = self._returned_functions(factory, self.nodes[factory][0]) if defines else []
        return self._factories[factory]

    def _returned_functions(self, factory: str, node: ast.AST) -> list[str]:
        """The keys of the functions ``factory`` defines and returns: by name (``return train``),
        through a lambda that calls them (``return lambda key: train(key, cfg)``) or a
        ``partial`` of them (``return partial(train, cfg=cfg)``)."""
        if isinstance(node, ast.Lambda):
            return []
        inner = {function.name: key for key, function in self.summary.functions.items() if function.parent == factory}
        found: list[str] = []
        for statement in self.facts.scope(node).returns:
            value = statement.value
            if isinstance(value, ast.Call) and canonical(self.names.resolve(value.func)) == "functools.partial" and value.args:
                value = value.args[0]
            if isinstance(value, ast.Lambda) and isinstance(value.body, ast.Call):
                value = value.body.func  # the lambda only forwards to the function it calls
            if isinstance(value, ast.Name) and value.id in inner:
                found.append(inner[value.id])
        return found

    def _factory_results(self) -> None:
        """``operator = build_operator()`` at module level, where ``build_operator`` returns a
        function defined inside it: ``operator(...)`` calls that function."""
        summary = self.summary
        for stmt in module_statements(self.tree.body):
            if not (
                isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
                and isinstance(stmt.value, ast.Call) and isinstance(stmt.value.func, ast.Name)
            ):
                continue
            returned = self._factory_returns(stmt.value.func.id, None, None)
            if returned:
                summary.factory_results[stmt.targets[0].id] = returned
                self._referable.add(stmt.targets[0].id)
        # in a function: ``loss = make_loss(y)`` or ``loss = self.make_loss(y)``, the name bound once
        for key, name, reference, scope in self._local_factories:
            function = summary.functions.get(key)
            if function is None or name in function.aliases or len(scope.bindings.get(name, [])) != 1:
                continue
            returned = self._factory_returns(reference, None, key)
            if len(returned) == 1:
                function.aliases[name] = f"key:{returned[0]}"
                self._referable.add(name)

    def _module_constant(self, name: str, stmt: ast.stmt, scope: Scope) -> None:
        """``M = 50``, ``N_GRID = 2 ** 11``: an int the module states once, which another module's
        loop may count to (``range(params.M)``)."""
        bindings = scope.bindings.get(name, [])
        value = self.facts.name_value(name, scope, None)
        if len(bindings) == 1 and value.kind == v.SCALAR and type(value.literal) is int:
            self.summary.constants[name] = (value.literal, stmt.lineno)
        elif value.kind == v.SCALAR and value.most is not None:
            self.summary.constants[name] = (value.most, stmt.lineno)  # ``if fast: M = 2`` ``else: M = 100``: the largest

    def _module_array(self, name: str, stmt: ast.stmt, scope: Scope) -> None:
        value = self.facts.name_value(name, scope, None)
        if value.kind != v.ARRAY:
            return
        evidence = value.evidence[0] if value.evidence else f"`{one_line(self.source.segment(stmt), 60)}` (line {stmt.lineno})"
        self.summary.arrays[name] = ModuleArray(
            name, stmt.lineno, value.elements, value.nbytes, value.dtype, value.data, value.host, evidence
        )

    # -- functions, classes and seeds ------------------------------------------------------

    def _walk_definitions(self) -> None:
        """Every def and class, nested ones included (a statement-level walk), and the
        transforms applied in statements that name one."""
        stack: list[tuple[ast.AST, str, str | None, str | None, Scope]] = [
            (stmt, "", None, None, self.facts.module_scope) for stmt in reversed(self.tree.body)
        ]
        while stack:
            node, prefix, parent_key, klass, scope = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._referable.add(node.name)
                qualname = f"{prefix}{node.name}"
                key = self._add_function(node, qualname, parent_key, klass, scope)
                if not prefix and self._mentions_transform(node):
                    self._derivative_helper(node)
                inner = self.facts.scope(node, scope)
                for child in reversed(node.body):
                    stack.append((child, f"{qualname}.", key, None, inner))
                self._decorators(node, key, klass)
                continue
            if isinstance(node, ast.ClassDef):
                self._referable.add(node.name)  # ``Class.method(...)``
                qualname = f"{prefix}{node.name}"
                self._add_class(node, qualname, parent_key)
                for child in reversed(node.body):
                    stack.append((child, f"{qualname}.", parent_key, qualname, scope))
                continue
            if not isinstance(node, ast.stmt):
                continue
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                # ``loss = lambda p, x: ...``: a function by another name.
                name = node.targets[0].id
                self._referable.add(name)
                key = self._add_function(node.value, f"{prefix}{name}", parent_key, klass, scope, name=name)
            elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda) and len(node.targets) == 1 and parent_key is not None
                  and isinstance(node.targets[0], ast.Attribute) and isinstance(node.targets[0].value, ast.Name) and node.targets[0].value.id == "self"):
                # ``self.obj = lambda th: ...`` in a method: what ``self.obj`` runs (``ClassSummary.closures``)
                self._lambda(node.value, parent_key, klass, scope)
            if isinstance(node, ast.Assign) and (parent_key is not None or klass is None):
                self._local_alias(node, parent_key, scope)
            if self._names_transform(node):
                self._transform_calls(node, parent_key, klass, scope)
            for field_name in ("body", "orelse", "finalbody"):
                for child in reversed(getattr(node, field_name, ()) or ()):
                    stack.append((child, prefix, parent_key, klass, scope))
            for handler in reversed(getattr(node, "handlers", ()) or ()):
                for child in reversed(handler.body):
                    stack.append((child, prefix, parent_key, klass, scope))
            for case in reversed(getattr(node, "cases", ()) or ()):
                for child in reversed(case.body):
                    stack.append((child, prefix, parent_key, klass, scope))

    def _local_alias(self, stmt: ast.Assign, parent_key: str | None, scope: Scope) -> None:
        """``g = jax.value_and_grad(f)``, ``g = jax.vmap(jax.grad(f))`` or ``g = partial(f, x)`` in
        a function (or the module: ``parent_key`` None), ``g`` bound once there (``_bound_function``):
        a call of ``g`` (from a function nested in it too) runs ``f``."""
        if len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name) or not isinstance(stmt.value, ast.Call):
            return
        func = stmt.value.func
        if parent_key is not None and (isinstance(func, ast.Name) or isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"):
            # ``loss = make_loss(y)``: the function the factory returns, once the walk has seen it (``_factory_results``)
            self._local_factories.append((parent_key, stmt.targets[0].id, ast.unparse(func), scope))
        if not self._names_transform(stmt) and "partial" not in self.source.segment(stmt.value.func):
            return  # the statement's lines name no transform (a literal-led search, once per file)
        name = stmt.targets[0].id
        bound = self._bound_function(name, scope)
        if parent_key is None and bound is stmt.value and (transform := gradient_transform(stmt.value, self.names)) is not None:
            self.summary.module_gradients[name] = (transform, stmt.lineno)
        for _ in range(3):  # ``jax.vmap(jax.grad(f))``: the innermost function
            if isinstance(bound, ast.Call) and bound.args and isinstance(bound.args[0], ast.Call) and self._wraps_function(bound.args[0]):
                bound = bound.args[0]
        if isinstance(bound, ast.Call) and isinstance(bound.args[0], ast.Name) and bound.args[0].id != name:
            aliases = self.summary.functions[parent_key].aliases if parent_key is not None else self.summary.module_aliases
            aliases[name] = bound.args[0].id
            self._referable.add(name)

    def _wraps_function(self, call: ast.Call) -> bool:
        """``partial(f, ...)`` or a transform of ``f``: a call that stands for a function."""
        return bool(call.args) and (canonical(self.names.resolve(call.func)) == "functools.partial" or transform_name(call.func, self.names) is not None)

    def _derivative_helper(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """``def quad_cost(cost, x): return jax.grad(cost)(x), ...`` at module level: a function
        computing a derivative at what it is passed, which another module's loop calling it once
        per item computes per item (``Project.imported_gradient``)."""
        # ``gfun(w, row)`` with ``gfun = jax.grad(loglik)`` bound above by the module counts too
        named = lambda func: (self.summary.module_gradients.get(func.id) or (None,))[0] if isinstance(func, ast.Name) else None  # noqa: E731
        transform = derivative_at_parameters(node, lambda expr: canonical(self.names.resolve(expr)), named)
        if transform is not None:
            self.summary.module_gradients.setdefault(node.name, (transform, node.lineno))

    def _derivative_callers(self) -> None:
        """A module-level function that passes its parameters to a derivative helper of the module
        (``def backward(c, x): gx, H = quad_cost(c, x)``) computes that derivative too: one call
        deeper, for callers in other modules (``module_gradients``)."""
        helpers = dict(self.summary.module_gradients)
        if not helpers:
            return
        for stmt in self.tree.body:
            if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) or stmt.name in helpers:
                continue
            params = parameter_names(stmt.args)
            for node in walk_local(stmt):
                found = helpers.get(node.func.id) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
                if found is not None and any(names_read(arg) & params for arg in [*node.args, *(item.value for item in node.keywords)]):  # type: ignore[attr-defined]
                    self.summary.module_gradients.setdefault(stmt.name, (found[0], stmt.lineno))
                    break

    def _mentions_transform(self, node: ast.AST) -> bool:
        """Whether a line of ``node`` (its whole extent) names a transform."""
        return self._transform_between(node.lineno, node.end_lineno or node.lineno)  # type: ignore[attr-defined]

    def _names_transform(self, stmt: ast.stmt) -> bool:
        """Whether the statement's own lines (a compound statement's header) name a transform."""
        end = stmt.end_lineno or stmt.lineno
        body = getattr(stmt, "body", None)
        if isinstance(body, list) and body:
            end = max(stmt.lineno, body[0].lineno - 1)
        return self._transform_between(stmt.lineno, end)

    def _transform_between(self, first: int, last: int) -> bool:
        """Whether a line from ``first`` to ``last`` names a transform (the file's lines that do are
        found once, by literal-led pieces: fast)."""
        if self._transform_lines is None:
            self._transform_lines = match_lines(self._transform_word, self.source)
        lines = self._transform_lines
        position = bisect_left(lines, first)
        return position < len(lines) and lines[position] <= last

    def _lines_of(self, callees: frozenset[str]) -> list[int]:
        """The sorted lines on which one of ``callees`` is called (``_callee_lines``)."""
        lines = self._callee_lines.get(callees)
        if lines is None:
            lines = self._callee_lines[callees] = _callee_lines(self.source, callees)
        return lines

    @staticmethod
    def _own_lines(stmt: ast.stmt) -> tuple[int, int]:
        """The first and last line of the statement itself (a compound statement's header)."""
        end = stmt.end_lineno or stmt.lineno
        body = getattr(stmt, "body", None)
        if isinstance(body, list) and body:
            end = body[0].lineno - 1
        return stmt.lineno, max(end, stmt.lineno)

    def _add_function(self, node: FunctionNode, qualname: str, parent_key: str | None, klass: str | None, scope: Scope, name: str | None = None) -> str:
        key = function_key(node, qualname)
        args = node.args
        params = [arg.arg for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
        name = name or getattr(node, "name", "<lambda>")
        text = self.source.block(node) if not isinstance(node, ast.Lambda) else self.source.segment(node)
        # Only what can name a function: this file's functions, its imports, self/cls methods
        # (kept once the walk has seen every def: ``build``). A nested function keeps its own:
        # a lambda handed to ``lax.cond`` does not call what the function around it calls.
        if self._jax_flags and any(flag in text for flag in self._jax_flags) and not isinstance(node, ast.Lambda):
            # ``if not HAS_JAX: return simulate_numpy(...)``: the fallback is no call a trace makes
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)])
            lines = text.splitlines(keepends=True)
            for start, end in without_jax(node, self._jax_flags):
                lines[start - first : end - first + 1] = ["\n"] * (end - start + 1)
            text = "".join(lines)
        self._found_references[key] = REFERENCE.findall(text)
        if self._packages and any(f"{alias}." in text for alias in self._packages):
            # ``mylib.sub.per_group(x)``: kept whole, the module path resolved by the project
            self._found_references[key] += [(a, f"{b}.{c}") for a, b, c in SUBMODULE_CALL.findall(text) if a in self._packages]
        if klass is not None and "self." in text:
            self._attribute_calls[key] = ATTRIBUTE_CALL.findall(text)
        if ")(" in text:
            self._called_instances[key] = INSTANCE_CALL.findall(text)
        if ")." in text:
            self._made_methods[key] = INSTANCE_METHOD_CALL.findall(text)
        typed = {**self._typed_params.get(parent_key, {}), **_typed_parameters(args)} if parent_key else _typed_parameters(args)
        if typed:
            self._typed_params[key] = typed
        function = FunctionSummary(key, name, qualname, node.lineno, node.end_lineno or node.lineno, parent_key, klass, params, [])
        function.positional = _positional(args, bound=klass is not None and not isinstance(node, ast.Lambda) and not _static(node))
        self.summary.functions[key] = function
        self.nodes[key] = (node, scope)
        self.keys[id(node)] = key
        if parent_key is None and klass is None and name != "<lambda>" and scope.is_module:
            self.summary.top_level[name] = key
        if klass is not None and klass in self.summary.classes and name != "<lambda>":
            self.summary.classes[klass].methods[name] = key
            kind = self.summary.classes[klass].module_kind
            if kind in CLASS_DECORATED and (name == "__call__" or not name.startswith("_")):
                # ``@jit_class``: each public method is compiled on its own, as ``jax.jit(method)``
                self.summary.seeds.append(Seed("key:" + key, None, None, Level.TRACED, "jax.jit", node.lineno, f"a public method of {kind}"))
            elif kind is not None:
                compact = any(canonical(self.names.resolve(d.func if isinstance(d, ast.Call) else d)) in COMPACT for d in node.decorator_list)
                traced = KIND_METHODS.get(kind, frozenset({"__call__"}))
                if name in traced or compact or "*" in traced and name != "__init__":
                    how = "a @compact method" if compact else name
                    self.summary.seeds.append(Seed("key:" + key, None, None, Level.TRACED, "module", node.lineno, f"{how} of {kind}, run under a JAX trace"))
        self._calls(node, key, scope, self._imported)
        if parent_key is None and not isinstance(node, ast.Lambda) and HOST_HINT.search(text):
            # what a host function calls may run on the host only: asked of callers alone (the
            # hand-offs to NumPy and SciPy are asked of a function holding a candidate only)
            function.host = host_reason(node, self.names.resolve, self._plots, CONVERSION.search(text) is not None, FRAME_HINT.search(text) is not None)
        if self._model_libraries and not isinstance(node, ast.Lambda) and ("sample(" in text or "factor(" in text):
            self._model(node, key, klass)
        return key

    def _model(self, node: FunctionNode, key: str, klass: str | None) -> None:
        """A function that calls ``numpyro.sample`` (``MODEL_CALLS``) is a model: the inference
        that receives it traces and differentiates it, wherever that is."""
        statements = list(node.body)  # type: ignore[union-attr]
        while statements:
            statement = statements.pop()
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue  # a nested definition is a function of its own
            statements.extend(nested_statements(statement))
            for expr in own_expressions(statement):
                for call in walk_local(expr):
                    qualified = canonical(self.names.resolve(call.func)) if isinstance(call, ast.Call) else None
                    if qualified in MODEL_CALLS:
                        transform = MODEL_CALLS[qualified]
                        self._model_seeds.append(Seed("key:" + key, None, klass, TRANSFORM_LEVELS[transform], transform, call.lineno,
                                                       f"calls `{short(qualified)}`: a model, which the sampler or SVI that runs it traces and differentiates"))
                        return

    def _add_class(self, node: ast.ClassDef, qualname: str, parent_key: str | None) -> None:
        bases = [canonical(self.names.resolve(base)) or (dotted(base) or "") for base in node.bases]
        kind = next((MODULE_BASES[base] for base in bases if base in MODULE_BASES), None)
        decorated = (canonical(self.names.resolve(d.func if isinstance(d, ast.Call) else d)) for d in node.decorator_list)
        kind = next((CLASS_DECORATORS[name] for name in decorated if name in CLASS_DECORATORS), kind)
        block = self.source.block(node)
        held = held_gradients(node, self.names) if ("grad" in block or "jac" in block or "hess" in block) and HELD_WORD.search(block) else {}
        self.summary.classes[qualname] = ClassSummary(node.name, qualname, node.lineno, bases, kind, method_aliases=_method_aliases(node, block),
                                                      instance_classes=_instance_classes(node, block), held_gradients=held,
                                                      closures=_closure_attributes(node))

    def _decorators(self, node: ast.FunctionDef | ast.AsyncFunctionDef, key: str, klass: str | None) -> None:
        for decorator in node.decorator_list:
            transform = transform_name(decorator, self.names)
            if transform is not None:
                level = TRANSFORM_LEVELS[transform]
                self.summary.seeds.append(Seed("key:" + key, None, klass, level, transform, decorator.lineno, f"decorated with @{short(transform)}"))
                continue
            if isinstance(decorator, ast.Attribute) and decorator.attr in CUSTOM_RULE_METHODS and isinstance(decorator.value, ast.Name):
                # ``@logdet.defjvp``: the rule of a custom derivative, run when it is differentiated
                self.summary.seeds.append(Seed("key:" + key, None, klass, Level.DIFFERENTIATED, "jax.custom_vjp", decorator.lineno,
                                               f"a custom derivative rule (@{decorator.value.id}.{decorator.attr})"))
                continue
            named = self._compiling_decorator(decorator)
            if named is not None:
                text = f"decorated with @{named}, a decorator of this project named for compiling (a guess from the name)"
                self.summary.seeds.append(Seed("key:" + key, None, klass, Level.TRACED, "jax.jit", decorator.lineno, text, guess=True))

    def _compiling_decorator(self, decorator: ast.expr) -> str | None:
        """The name of a decorator (or decorator factory) of this project named for compiling
        (``@fast_compile(...)``, ``@jit_method``, ``@utils.auto_jit``), imported from a module of the
        file's own package; None otherwise (a library's decorators are in the transform table)."""
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        qualified = canonical(self.names.resolve(target))
        package = self.summary.package.partition(".")[0]
        if qualified is None or not package or qualified.partition(".")[0] != package:
            return None
        name = qualified.rpartition(".")[2]
        return name if COMPILING_NAME.search(name) else None

    def _transform_calls(self, stmt: ast.stmt, scope_key: str | None, klass: str | None, scope: Scope) -> None:
        """Seeds from ``jax.grad(loss)``, ``lax.scan(step, ...)``, ``f.defvjp(fwd, bwd)`` in one
        statement (not in nested definitions: they are visited on their own)."""
        for expr in own_expressions(stmt):
            for node in walk_local(expr):
                if isinstance(node, ast.Lambda):
                    self._lambda(node, scope_key, klass, scope)
                if not isinstance(node, ast.Call):
                    continue
                func = node.func
                if isinstance(func, ast.Attribute) and func.attr in CUSTOM_RULE_METHODS:
                    for arg in node.args:
                        self._seed_argument(arg, scope_key, klass, Level.DIFFERENTIATED, "jax.custom_vjp", node.lineno, f"a custom derivative rule ({func.attr})", scope)
                    continue
                old_api = canonical(self.names.resolve(func))
                if old_api in CUSTOM_RULE_FUNCTIONS:
                    # the old API, ``jax.defvjp_all(f, rule)``: the rules after the function
                    for arg in node.args[1:]:
                        self._seed_argument(arg, scope_key, klass, Level.DIFFERENTIATED, "jax.custom_vjp", node.lineno, f"a custom derivative rule ({short(old_api)})", scope)
                    continue
                if isinstance(func, ast.Call) and transform_name(func.func, self.names) is not None and func.args:
                    # jax.jit(f)(x, y), jax.grad(loss)(w, xs): what the transformed function receives.
                    target = _reference(func.args[0])
                    if target is not None:
                        site = self._call_site(scope_key, target, node, scope, stmt)
                        if scope_key is None:
                            self.summary.module_calls.append(site)
                        else:
                            self.summary.functions[scope_key].calls.append(site)
                transform = transform_name(func, self.names) if not isinstance(func, ast.Lambda) else None
                if transform is None:
                    transform = self._local_instance_method(func, scope, stmt)
                if transform is None:
                    continue
                level = TRANSFORM_LEVELS[transform]
                text = f"passed to {short(transform)}"
                arguments = positional(node)
                argnums = differentiated_positions(node, transform)
                unmapped = unmapped_positions(node) if transform in BATCHING else ()
                for position in FUNCTION_ARGUMENTS.get(transform, (0,)):
                    if position < len(arguments):
                        self._seed_argument(arguments[position], scope_key, klass, level, transform, node.lineno, text, scope, argnums=argnums, unmapped=unmapped)
                keywords = function_keywords(transform)
                for item in node.keywords:
                    if item.arg in keywords:
                        self._seed_argument(item.value, scope_key, klass, level, transform, node.lineno, text, scope)

    def _lambda(self, node: ast.Lambda, scope_key: str | None, klass: str | None, scope: Scope) -> None:
        if id(node) in self.keys:
            return
        self._add_function(node, "<lambda>", scope_key, None, scope)

    def _seed_argument(
        self, value: ast.AST, scope_key: str | None, klass: str | None, level: int, transform: str, line: int, text: str, scope: Scope, depth: int = 0,
        argnums: tuple[int, ...] | None = None, unmapped: tuple[int | str, ...] = (),
    ) -> None:
        """Seed what ``value`` (passed to ``transform``) names; ``argnums``: the positions of its
        parameters the transform differentiates, kept only where ``value`` is the function itself;
        ``unmapped``: the parameters a batching transform does not map (``Seed.unmapped``)."""
        if isinstance(value, ast.Lambda):
            self._lambda(value, scope_key, klass, scope)
            self.summary.seeds.append(Seed("key:" + self.keys[id(value)], scope_key, klass, level, transform, line, text, argnums, unmapped))
            self._forwarded(value, scope_key, level, transform, line)
        elif isinstance(value, (ast.List, ast.Tuple)):
            for element in value.elts:
                self._seed_argument(element, scope_key, klass, level, transform, line, text, scope, argnums=argnums)
        elif isinstance(value, ast.Call):
            inner = canonical(self.names.resolve(value.func))
            if self._wraps_function(value):
                # partial(f, ...) and jax.jit(jax.vmap(f)): the innermost function is the target;
                # what ``partial`` binds is not mapped
                bound = partially_bound(value, unmapped) if inner == "functools.partial" and transform in BATCHING else ()
                self._seed_argument(value.args[0], scope_key, klass, level, transform, line, text, scope, depth, unmapped=bound)
            elif isinstance(value.func, ast.Name) and self._is_class_name(value.func.id):
                # ``jax.jit(Observable(cfg))``: calling the instance runs its ``__call__``
                self.summary.seeds.append(Seed(f"{value.func.id}.__call__", scope_key, klass, level, transform, line, text, argnums, unmapped))
            elif (reference := _reference(value.func)) is not None and inner is None:
                # jax.jit(make_loss(data)), jit(self._make()): the function the factory returns,
                # read once the walk has found every definition (``_returned_closures``).
                self.summary.seeds.append(Seed("call:" + reference, scope_key, klass, level, transform, line, f"{text} (the function `{reference}(...)` returns)"))
        elif isinstance(value, ast.Name) and (elements := self._literal_loop_items(value.id, scope)) is not None:
            for element in elements:  # for m in (model_a, model_b): NUTS(m)
                self._seed_argument(element, scope_key, klass, level, transform, line, text, scope, argnums=argnums)
        elif isinstance(value, ast.Name) and depth < 4 and (bound := self._bound_function(value.id, scope)) is not None:
            # ``loglike = partial(log_likelihood, data=d)``, ``jitted = jax.jit(loglike)``,
            # ``model = sir_model``: the name holds the function it was bound to.
            self._seed_argument(bound, scope_key, klass, level, transform, line, text, scope, depth + 1)
        else:
            reference = _reference(value)
            made = value.value if isinstance(value, ast.Attribute) else None
            if isinstance(made, ast.Call) and isinstance(made.func, ast.Name) and self._is_class_name(made.func.id):
                reference = f"{made.func.id}.{value.attr}"  # ``jax.jit(Conv(K).apply)``: the method of a fresh instance
            elif reference is not None:
                reference = self._through_instance(reference, scope)
            if reference is not None:
                self.summary.seeds.append(Seed(reference, scope_key, klass, level, transform, line, text, argnums, unmapped))
                function = self.summary.functions.get(scope_key) if scope_key is not None else None
                if function is not None and reference in function.params and reference not in function.transformed_params:
                    function.transformed_params[reference] = (level, transform, line)
                nested = scope.definition(reference, "def") if scope_key is not None else None
                if nested is not None and nested[1] is scope:  # a def of this very function
                    self._forwarded(nested[0], scope_key, level, transform, line)

    def _forwarded(self, nested: ast.AST, scope_key: str | None, level: int, transform: str, line: int) -> None:
        """``def trace(state, fn, n): def body(c, _): return fn(c), None; lax.scan(body, ...)``: a
        parameter of the function around that the transformed closure calls is transformed too
        (what callers pass for ``fn`` runs under the scan)."""
        function = self.summary.functions.get(scope_key) if scope_key is not None else None
        if function is None:
            return
        own = {node.id for node in walk_local(nested) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}
        if isinstance(nested, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            own |= {arg.arg for arg in [*nested.args.posonlyargs, *nested.args.args, *nested.args.kwonlyargs]}
        for node in walk_local(nested):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in function.params and node.func.id not in own:
                function.transformed_params.setdefault(node.func.id, (level, transform, line))

    def _bound_function(self, name: str, scope: Scope) -> ast.expr | None:
        """What ``name`` was bound to when its only binding (in ``scope``, else at module level) is
        an assignment of a ``partial`` or a transform of a function, or of another name; not a
        parameter, an import or a function definition (those are references already)."""
        bindings = scope.bindings.get(name) or self.facts.module_scope.bindings.get(name, [])
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path:
            return None
        bound = bindings[0].value
        if isinstance(bound, ast.Name) and bound.id != name:
            return bound
        if isinstance(bound, ast.Call) and self._wraps_function(bound):
            return bound
        return None

    def _literal_loop_items(self, name: str, scope: Scope) -> list[ast.expr] | None:
        """The names a loop variable takes when its only binding is ``for name in (f, g)``."""
        bindings = scope.bindings.get(name, [])
        if len(bindings) != 1 or bindings[0].kind != "for" or not isinstance(bindings[0].value, (ast.Tuple, ast.List)):
            return None
        target = bindings[0].statement.target if isinstance(bindings[0].statement, ast.For) else None
        items = bindings[0].value.elts
        if not isinstance(target, ast.Name) or not items or not all(isinstance(item, (ast.Name, ast.Attribute)) for item in items):
            return None
        return list(items)

    def _through_instance(self, reference: str, scope: Scope) -> str:
        """``reference`` read through an instance of a class of this module that a name holds:
        ``model.loss`` with ``model = DenseModel(...)`` is ``DenseModel.loss``, and ``obs`` with
        ``obs = Observable(cfg)`` (called, or transformed) is ``Observable.__call__``."""
        head, _, attr = reference.partition(".")
        owner = self._instance_class(head, scope)
        return reference if owner is None else f"{owner}.{attr or '__call__'}"

    def _instance_class(self, name: str, scope: Scope) -> str | None:
        """The class of this module that ``name`` holds an instance of: bound once, in ``scope``
        (or at module level), to a call of the class (``model = DenseModel(layers)``)."""
        if name in ("self", "cls"):
            return None
        bindings = scope.bindings.get(name) or self.facts.module_scope.bindings.get(name, [])
        if len(bindings) != 1 or bindings[0].kind != "assign" or not isinstance(bindings[0].value, ast.Call):
            return None
        func = bindings[0].value.func
        return func.id if isinstance(func, ast.Name) and self._is_class_name(func.id) else None

    # -- calls that may reach other project functions ---------------------------------------

    def _imported_callees(self) -> frozenset[str]:
        """Names through which this file may call a function of another scanned file: names
        imported from non-library modules, and aliases of non-library modules."""
        return frozenset(local for local, qualified in self.names.aliases.items() if qualified.split(".")[0] not in EXTERNAL)

    def record_local_calls(self, callees: set[str]) -> None:
        """Record calls to this file's own functions ``callees`` (their parameters matter to a
        candidate), from every function of the file and from module-level code."""
        names = frozenset(name for name in callees if name)
        if not names:
            return
        # ``g = jax.grad(f)`` then ``g(a, b)``: a call of ``f`` with ``a, b``.
        self._aliases = self._transform_aliases(names)
        self._record_escapes(names, frozenset(self._aliases))
        names = names | frozenset(self._aliases)
        for key, (node, scope) in self.nodes.items():
            self._calls(node, key, scope, names)
        self._module_calls(names)

    def _transform_aliases(self, names: frozenset[str]) -> dict[str, str]:
        """Names bound once, in this file, to ``jax.jit(f)`` / ``jax.grad(f)`` (a transform
        that passes its arguments through) of one of ``names``: alias -> ``f``."""
        found: dict[str, str] = {}
        bound: dict[str, int] = {}
        for stmt, _, _ in self._statements():
            if isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    for name in target_names(target):
                        bound[name] = bound.get(name, 0) + 1
                # ``jax.jit(jax.grad(f))``: transforms nested, each passing its arguments through
                inner = stmt.value
                while isinstance(inner, ast.Call) and inner.args and canonical(self.names.resolve(inner.func)) in SAME_ARGUMENTS:
                    inner = inner.args[0]
                if len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and inner is not stmt.value and isinstance(inner, ast.Name) and inner.id in names:
                    found[stmt.targets[0].id] = inner.id
        return {alias: name for alias, name in found.items() if bound.get(alias) == 1 and alias not in names and alias not in self.names.aliases}

    def _statements(self, lines: list[int] | None = None):
        """``(statement, function key or None, class)`` for every statement of the file, each
        with the function that holds it (nested definitions are their own). With ``lines``
        (sorted), only statements whose span, decorators included, holds one of them."""

        def spans(stmt: ast.stmt) -> bool:
            if lines is None:
                return True
            first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
            return any_between(lines, first, stmt.end_lineno or stmt.lineno)

        for stmt in module_statements(self.tree.body):
            if spans(stmt):
                yield stmt, None, None
        for key, (node, _) in self.nodes.items():
            if isinstance(node, ast.Lambda) or not spans(node):
                continue
            klass = self.summary.functions[key].klass
            stack = list(reversed(node.body))
            while stack:
                stmt = stack.pop()
                if not spans(stmt):
                    continue
                yield stmt, key, klass
                if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    stack.extend(reversed(nested_statements(stmt)))

    def _statements_at(self, lines: list[int]) -> list[tuple[ast.stmt, str | None, str | None]]:
        """``(statement, function key or None, class)`` for the statements (not definitions)
        that span one of ``lines`` (sorted), entering only what spans one."""
        found: list[tuple[ast.stmt, str | None, str | None]] = []
        stack: list[tuple[ast.stmt, str | None, str | None]] = [(stmt, None, None) for stmt in reversed(self.tree.body)]
        while stack:
            stmt, key, klass = stack.pop()
            if not any_between(lines, stmt.lineno, stmt.end_lineno or stmt.lineno):
                continue
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = self.keys.get(id(stmt))
                function = self.summary.functions.get(inner) if inner is not None else None
                stack.extend((child, inner, function.klass if function else None) for child in reversed(stmt.body))
                continue
            if isinstance(stmt, ast.ClassDef):
                stack.extend((child, key, klass) for child in reversed(stmt.body))
                continue
            found.append((stmt, key, klass))
            stack.extend((child, key, klass) for child in reversed(nested_statements(stmt)))
        return found

    def _record_escapes(self, names: frozenset[str], aliases: frozenset[str]) -> None:
        """Uses of ``names`` (and of their transform ``aliases``) that are not calls: the
        function is passed, stored or returned, and what it is called with is not seen."""
        lines = sorted({line for name in names | aliases for line in literal_lines(name, self.source)})
        if not lines:
            return
        for stmt, key, klass in self._statements(lines):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                expressions = [*stmt.decorator_list, *getattr(stmt, "bases", ()), *(item.value for item in getattr(stmt, "keywords", ()))]
            elif not any_between(lines, *self._own_lines(stmt)):
                continue
            else:
                expressions = list(own_expressions(stmt))
            for expr in expressions:
                called: set[int] = set()
                for node in walk_local(expr):
                    if isinstance(node, ast.Call):
                        called.add(id(node.func))
                        transform = canonical(self.names.resolve(node.func)) if node.args else None
                        if transform in SAME_ARGUMENTS and isinstance(stmt, ast.Assign) and stmt.value is node and node.args[0].__class__ is ast.Name and node.args[0].id in names and any(
                            isinstance(target, ast.Name) and target.id in aliases for target in stmt.targets
                        ):
                            called.add(id(node.args[0]))  # ``g = jax.grad(f)``: g's calls are f's
                        if transform in SAME_ARGUMENTS and isinstance(node.func, ast.AST) and any(
                            isinstance(parent, ast.Call) and parent.func is node for parent in walk_local(expr)
                        ):
                            called.add(id(node.args[0]))  # ``jax.grad(f)(a, b)``
                for node in walk_local(expr):
                    if id(node) in called or not isinstance(getattr(node, "ctx", None), ast.Load):
                        continue
                    reference = _reference(node)
                    if (
                        reference is not None
                        and reference.rpartition(".")[2] in names | aliases
                        and (
                            isinstance(node, ast.Name)
                            or reference.split(".")[0] in ("self", "cls")
                            or reference.split(".")[0] in self.names.aliases
                        )
                    ):
                        name = reference
                        if name in aliases:
                            name = self._aliases.get(name, name)
                        self.summary.escapes.append((name, key, klass))

    def _module_called(self) -> None:
        """What module-level statements call (not inside ``def``/``class``)."""
        found = self.summary.module_called
        for stmt in module_statements(self.tree.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            for expr in own_expressions(stmt):
                for call in walk_local(expr):
                    if isinstance(call, ast.Call):
                        callee = _reference(call.func)
                        if callee is not None and callee.count(".") == 1:
                            callee = self._through_instance(callee, self.facts.module_scope)  # ``ilqr.rollout()``
                        if callee is not None and callee not in found:
                            found.append(callee)

    def _module_calls(self, callees: frozenset[str]) -> None:
        """Calls made by module-level code (scripts call their training function there)."""
        lines = self._lines_of(callees) if callees else []
        if not lines:
            return
        scope = self.facts.module_scope
        for stmt in module_statements(self.tree.body):
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or not any_between(lines, *self._own_lines(stmt)):
                continue
            for expr in own_expressions(stmt):
                for call in walk_local(expr):
                    if not isinstance(call, ast.Call):
                        continue
                    callee = _reference(call.func)
                    if callee is None or not _calls_one_of(callee.split("."), callees):
                        continue
                    callee = self._aliases.get(callee, callee)
                    self.summary.module_calls.append(self._call_site(None, callee, call, scope, stmt))

    def _call_site(self, caller: str | None, callee: str, call: ast.Call, scope: Scope, statement: ast.AST) -> CallSite:
        site = CallSite(caller, callee, call.lineno)
        unpacks = any(isinstance(arg, ast.Starred) for arg in call.args) or any(item.arg is None for item in call.keywords)
        for index, arg in enumerate(positional(call)):
            site.args.append(self._argument_fact(arg, scope, statement))
            self._array_size(site, str(index), arg, scope, statement, not unpacks)
        for item in call.keywords:
            if item.arg is not None:
                site.keywords[item.arg] = self._argument_fact(item.value, scope, statement)
                self._array_size(site, item.arg, item.value, scope, statement, not unpacks)
        return site

    def _array_size(self, site: CallSite, where: str, expr: ast.AST, scope: Scope, statement: ast.AST, typed: bool = True) -> None:
        value = self.facts.value(expr, scope, statement)
        if value.kind == v.ARRAY and (value.nbytes is not None or value.data):
            site.arrays[where] = (value.nbytes, value.data)
        if typed and value.kind == v.ARRAY:
            site.types[where] = (value.shape, value.dtype, value.host)

    def _calls(self, node: FunctionNode, key: str, scope: Scope, callees: frozenset[str]) -> None:
        """Record calls of ``callees`` made directly in ``node``, with argument facts."""
        if not callees:
            return
        lines = self._lines_of(callees)
        if not any_between(lines, node.lineno, node.end_lineno or node.lineno):
            return
        inner = self.facts.scope(node, scope)
        function = self.summary.functions[key]
        for statement, call in nodes_with_statements(node, ast.Call, lines):
            callee = _reference(call.func)
            if callee is None or not _calls_one_of(callee.split("."), callees):
                continue
            callee = self._aliases.get(callee, callee)
            function.calls.append(self._call_site(key, callee, call, inner, statement))

    def _argument_fact(self, expr: ast.AST, scope: Scope, statement: ast.AST) -> tuple[str, str]:
        value = self.facts.value(expr, scope, statement)
        text = one_line(self.source.segment(expr), 40)
        if value.kind == v.ARRAY:
            shape = value.shape[0] if value.shape else None
            return "array", f"`{text}` is an array" + (f" of {shape} rows" if isinstance(shape, int) else "")
        guard = self._guarded_bound(expr, scope, statement) if value.kind in (v.PARAM, v.UNKNOWN, v.SIZE) else None
        if guard is not None:
            # ``if nx * ny <= 50: tiles(img, nx, ny)``: the caller bounds the count it passes
            return f"bound:{guard[0]}", f"`{text}` is at most {guard[0]} here (`if {guard[1]}`)"
        if value.kind == v.SIZE:
            return "size", f"`{text}` is a data size ({value.length})"
        if value.kind == v.SCALAR and type(value.literal) is int:
            return f"int:{value.literal}", f"`{text}` = {value.literal}"
        if value.kind == v.CALLABLE and value.transform in GRADIENT_FUNCTIONS:
            return "gradient", f"`{text}` is a gradient function ({short(value.transform)})"
        if value.kind == v.CALLABLE:
            return "callable", f"`{text}`"
        if value.kind == v.SEQUENCE:
            if isinstance(value.length, int) and value.length > SMALL_RANGE and value.item is not None and value.item.is_array:
                # ``[jnp.full(30, f) for f in range(50)]``: many arrays made alike, stackable
                return f"stack:{value.length}", f"`{text}` is a list of {value.length} arrays made alike"
            if isinstance(value.length, int):
                return f"seq:{value.length}", f"`{text}` is a list or tuple of {value.length} items"
            if isinstance(value.most, int):
                return f"seq:{value.most}", f"`{text}` is a list or tuple of at most {value.most} items"
            return "sequence", f"`{text}` is a list or tuple"
        if value.kind == v.PARAM and type(value.literal) is int:
            # the caller's own count parameter, judged by its literal default as a literal count is
            return f"int:{value.literal}", f"`{text}` (a parameter defaulting to {value.literal})"
        if value.kind == v.PARAM:
            return f"param:{value.param}", f"`{text}`"
        if value.kind in (v.SCALAR, v.STRING, v.NONE, v.MAPPING, v.OBJECT, v.MODULE):
            return "other", f"`{text}`"
        return "unknown", f"`{text}`"

    def _local_instance_method(self, func: ast.AST, scope: Scope, statement: ast.stmt) -> str | None:
        """``opt.step`` where ``opt`` is bound once, in the function, to an instance of a class
        whose method the table lists (``opt = qml.AdamOptimizer(0.02)`` in ``train()``): as an
        instance bound at module level is (``ImportMap.instances``)."""
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)) or scope.is_module or not scope.binds(func.value.id):
            return None
        bindings = self.facts.bindings_at(func.value.id, scope, statement)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or len(scope.bindings.get(func.value.id, [])) != 1:
            return None
        made = bindings[0].value
        if not isinstance(made, ast.Call):
            return None
        qualified = f"{canonical(self.names.resolve(made.func))}.{func.attr}"
        return qualified if qualified in METHOD_TRANSFORMS else None

    def _guarded_bound(self, expr: ast.AST, scope: Scope, statement: ast.AST) -> tuple[int, str] | None:
        """(K, the test) when ``statement`` runs only where ``expr`` (a name, or a factor of a
        product) is at most K: inside ``if n <= K:`` / ``if n < K + 1:``, or in the ``else`` of
        ``if n > K:`` / ``if n >= K + 1:``, with K an int the code states."""
        if not isinstance(expr, ast.Name) or not hasattr(statement, "lineno"):
            return None
        root = scope.node if scope.node is not None and not scope.is_module else self.tree
        where = (statement.lineno, statement.col_offset)  # type: ignore[attr-defined]
        guards = self._guards.get(id(root))
        if guards is None:  # once per function: its ``if`` statements comparing one thing, by the names they test
            guards = self._guards[id(root)] = [
                (node, {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}) for node in walk_local(root)
                if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1
            ]
        for node, tested in guards:
            if expr.id not in tested:
                continue
            in_body = _spans(node.body, where)
            # in the ``else``, or after an ``if`` whose body always leaves (``return``, ``raise``)
            after_exit = leaves(node.body) and (node.end_lineno or node.lineno) < where[0]
            if not in_body and not _spans(node.orelse, where) and not (after_exit and _same_block(root, node, statement)):
                continue
            left, op, right = node.test.left, node.test.ops[0], node.test.comparators[0]
            if _factor_of(right, expr.id):  # ``K >= n``: read as ``n <= K``
                left, right = right, left
                op = {ast.GtE: ast.LtE(), ast.Gt: ast.Lt(), ast.LtE: ast.GtE(), ast.Lt: ast.Gt()}.get(type(op), op)
            if not _factor_of(left, expr.id):
                continue
            limit = self.facts.value(right, scope, node)
            if limit.kind != v.SCALAR or type(limit.literal) is not int:
                continue
            bound = {(True, ast.LtE): limit.literal, (True, ast.Lt): limit.literal - 1,
                     (False, ast.Gt): limit.literal, (False, ast.GtE): limit.literal - 1}.get((in_body, type(op)))
            if bound is not None and bound >= 0:
                return bound, one_line(self.source.segment(node.test), 40)
        return None

    def _bench_file(self) -> None:
        if BENCH_FILE_FUNCTIONS <= self.summary.top_level.keys():
            self.summary.bench_file = True
            for name in ("baseline", "candidate"):
                self.summary.seeds.append(
                    Seed("key:" + self.summary.top_level[name], None, None, Level.DIFFERENTIATED, "jax.jit", 0, "run under jax.grad by `gradadvisor bench` (this is a bench file)")
                )



def _closure_attributes(node: ast.ClassDef) -> dict[str, tuple[str, str]]:
    """``def warm(obs): ...`` then ``self.warm = warm`` in a method (``__init__``): attributes
    assigned once, to a function the method defines -> (the method's name, the function's name;
    for ``self.obj = lambda th: ...``, the lambda's key). Calling ``self.warm(...)`` runs that
    closure, as calling a method runs the method."""
    found: dict[str, tuple[str, str]] = {}
    for method in node.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        defined = {item.name for item in method.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}
        for item in method.body:
            if (isinstance(item, ast.Assign) and len(item.targets) == 1 and isinstance(item.targets[0], ast.Attribute)
                    and isinstance(item.targets[0].value, ast.Name) and item.targets[0].value.id == "self"):
                if isinstance(item.value, ast.Name) and item.value.id in defined:
                    found[item.targets[0].attr] = (method.name, item.value.id)
                elif isinstance(item.value, ast.Lambda):
                    found[item.targets[0].attr] = (method.name, function_key(item.value, ""))
    if not found:
        return found
    assigned = instance_assignments(node)
    return {attr: where for attr, where in found.items() if len(assigned.get(attr, ())) == 1}


def _star_imported(tree: ast.Module, names: ImportMap) -> dict[str, str]:
    """``name -> module.name`` for the names the module calls but binds nowhere, when it star
    imports a module of the project (``from .mod import *``, not a library's): the last such
    module (a later star import shadows an earlier one) is where they come from."""
    if not names.project_stars:
        return {}
    module = names.project_stars[-1]
    bound: set[str] = set(names.aliases) | set(names.defined)
    called: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            called.add(node.func.id)
    return {name: f"{module}.{name}" for name in sorted(called - bound) if not hasattr(builtins, name)}


def _method_aliases(node: ast.ClassDef, text: str) -> dict[str, tuple[str, ...]]:
    """``self.f = self.cost`` in the class's methods (``text``: the class's source): the
    attributes every assignment of which names a method (``self.<name>``) -> those names (one
    per branch that picks it: ``if binary: self.step = self.step_bin`` ``else: self.step =
    self.step_ce``), in the order written."""
    if not SELF_ALIAS.search(text):
        return {}
    found: dict[str, tuple[str, ...]] = {}
    for attr, values in instance_assignments(node).items():
        named = [value.attr if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" else None for value in values]
        if named and None not in named and attr not in named:
            found[attr] = tuple(dict.fromkeys(named))  # type: ignore[arg-type]
    return found


#: ``= LogisticRegression(``: an assignment of a call of a capitalised name (anchored on ``=``).
CLASS_CALL_ASSIGNMENT = re.compile(r"=[ \t]*[A-Z]\w*\(")


def _class_call_targets(text: str) -> set[str]:
    """The names ``text`` assigns a call of a capitalised name (``model = Model(...)``): the
    word before each such ``=`` on its line."""
    found: set[str] = set()
    for match in CLASS_CALL_ASSIGNMENT.finditer(text):
        start = match.start()
        if start and text[start - 1] in "=!<>+-*/%&|^:":
            continue  # ``==``, ``+=``, ``:=``...: not a plain assignment
        before = text[text.rfind("\n", 0, start) + 1 : start].rstrip()
        name = before.rpartition(" ")[2]
        if name.isidentifier():
            found.add(name)
    return found
#: ``self.kernel = RBF(...)``: an attribute assigned a call of a capitalised name (a class, by
#: the convention ``_instance_classes`` then checks against what the project holds).
INSTANCE_ASSIGNMENT = re.compile(r"^[ \t]*self\.\w+[ \t]*(?::[^=]+)?=[ \t]*[A-Z]\w*\(", re.M)


def _instance_classes(node: ast.ClassDef, text: str) -> dict[str, str]:
    """``self.kernel = RBF(1.0)`` in the class's methods: the attributes every assignment of
    which calls one class name -> that name (``project.class_method`` resolves it)."""
    if not INSTANCE_ASSIGNMENT.search(text):
        return {}
    found: dict[str, str] = {}
    for attr, values in instance_assignments(node).items():
        named = {value.func.id if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id[:1].isupper() else None for value in values}
        if len(named) == 1 and None not in named:
            found[attr] = named.pop()  # type: ignore[assignment]
    return found


def _typed_parameters(args: ast.arguments) -> dict[str, str]:
    """Parameters whose default is ``Name(...)`` or whose annotation is a bare ``Name``: the
    class whose methods ``param.method(...)`` may call."""
    typed: dict[str, str] = {}
    positional = [*args.posonlyargs, *args.args]
    defaults = dict(zip(reversed(positional), reversed(args.defaults)))
    defaults.update((arg, default) for arg, default in zip(args.kwonlyargs, args.kw_defaults) if default is not None)
    for arg in [*positional, *args.kwonlyargs]:
        default = defaults.get(arg)
        if isinstance(default, ast.Call) and isinstance(default.func, ast.Name):
            typed[arg.arg] = default.func.id
        elif isinstance(arg.annotation, ast.Name):
            typed[arg.arg] = arg.annotation.id
    return typed


def _callee_lines(source: Source, callees: frozenset[str]) -> list[int]:
    """The sorted lines on which one of ``callees`` is called as ``f(``, ``f.method(``,
    ``self.f(`` or ``self.f.method(`` (strings and comments too: a superset, the AST has the
    last word). A substring search per name: a few names per file."""
    text, found = source.text, set()
    for name in callees:
        start = text.find(name)
        while start != -1:
            if _CALL_AFTER_NAME.match(text, start + len(name)) is not None:
                before = text[start - 1] if start else ""
                if not before or not (before.isalnum() or before in "_.") or (
                    before == "." and text.endswith("self.", 0, start) and not (start > 5 and (text[start - 6].isalnum() or text[start - 6] in "_."))
                ):
                    found.add(source.line_of(start))
            start = text.find(name, start + 1)
    return sorted(found)


#: What follows a callee's name in a call: an optional attribute, then ``(``.
_CALL_AFTER_NAME = re.compile(r"(?:\.\w+)?\s*\(")


def _calls_one_of(parts: list[str], callees: frozenset[str]) -> bool:
    """Whether a call head (``f``, ``f.method``, ``self.f``, ``self.f.method``, as parts) calls
    one of ``callees``."""
    if parts[0] == "self" and len(parts) > 1 and parts[1] in callees and len(parts) <= 3:
        return True
    return parts[0] in callees and len(parts) <= 2


def _reference(expr: ast.AST) -> str | None:
    """``f``, ``self.f`` or ``module.f`` as written; None for anything else."""
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        return f"{expr.value.id}.{expr.attr}"
    return None


def _spans(block: list[ast.stmt], where: tuple[int, int]) -> bool:
    """Whether a statement of ``block`` holds the position ``where`` (line, column)."""
    return any((stmt.lineno, stmt.col_offset) <= where <= (stmt.end_lineno or stmt.lineno, stmt.end_col_offset or 0) for stmt in block)


def _factor_of(expr: ast.AST, name: str) -> bool:
    """``name`` itself, or a factor of a product of names and counts (``nx * ny``)."""
    if isinstance(expr, ast.Name):
        return expr.id == name
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mult):
        return _factor_of(expr.left, name) or _factor_of(expr.right, name)
    return False


def _same_block(root: ast.AST, first: ast.stmt, later: ast.AST) -> bool:
    """Whether ``later`` follows ``first`` in one block of ``root`` (so it runs only once
    ``first`` is done)."""
    for node in walk_local(root):
        for block_field in ("body", "orelse", "finalbody"):
            block = getattr(node, block_field, None)
            if isinstance(block, list) and first in block and later in block:
                return block.index(first) < block.index(later)
    return False
