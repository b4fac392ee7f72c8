"""Infer what ``inputs(size)`` must return from how a function uses its parameters.

Read with stdlib ``ast``, never run. What decides a parameter's shape, first
match wins:

- a jaxtyping annotation (``Float[Array, "n d"]``; ``Int[...]`` gives
  integers) or a scanner evidence string ```x` has shape (n, d)``;
- iteration over data: ``for xi in x``, ``zip(x, y)``, ``enumerate(x)``,
  ``x[i]`` / ``x[:, j]`` with ``i`` from ``range(len(x))``,
  ``range(x.shape[k])`` or ``range(n)``: that axis has length ``size``, and
  the element's own uses give the rest of the shape;
- ``p["key"]``: a dict whose entries are inferred the same way;
- ``range(n)``: ``n`` is the int ``size``;
- uses that work for any shape (arithmetic, elementwise ``jnp`` functions,
  reductions): a scalar is enough;
- a call of a function of the same module: that function's parameter is
  inferred (three calls deep at most).

Anything else (a matrix product, an unknown call, other indexing) leaves the
parameter unknown: the skeleton still writes a runnable value, a ``(size, size)``
matrix (``ASSUMED``), with a ``# TODO`` to adjust it that says which use decided it.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from gradadvisor.bench.init.functions import FunctionNode

SIZE = "size"
MAX_DEPTH = 3
JAXTYPING = re.compile(r"^(Float|Float16|Float32|Float64|BFloat16|Inexact|Real|Num|Shaped|Int|Int8|Int16|Int32|"
                       r"Int64|UInt|UInt8|UInt32|Integer|Bool|Complex|Complex64)$")
EVIDENCE_SHAPE = re.compile(r"`(\w+)`[^`]*?\bshape\s*\(([^)]*)\)")
NUMPY_MODULES = ("jnp", "np", "numpy", "jax.numpy", "jax.nn", "jax.scipy.special", "lax", "jax.lax", "math", "onp")
ELEMENTWISE = frozenset("""
abs absolute add arccos arccosh arcsin arcsinh arctan arctan2 arctanh cbrt ceil clip conj conjugate cos cosh
deg2rad degrees divide exp exp2 expm1 float_power floor fmax fmin fmod hypot log log10 log1p log2 logaddexp
maximum minimum mod multiply negative power rad2deg radians real reciprocal relu remainder rint round rsqrt
sigmoid sign silu sin sinh softplus sqrt square subtract tan tanh true_divide where gelu elu erf erfc
logistic logit gammaln digamma xlogy xlog1py asarray array float32 float64 astype stop_gradient
""".split())
REDUCTIONS = frozenset("sum mean max min prod amax amin var std logsumexp nansum nanmean norm all any".split())
REDUCTION_METHODS = frozenset("sum mean max min prod var std".split())
#: Calls that read only an argument's shape and dtype.
SHAPE_ONLY = frozenset("zeros_like ones_like empty_like full_like shape ndim size result_type".split())
#: ``x.at[i].set(v)`` and friends.
AT_METHODS = frozenset("set add multiply mul divide min max power get apply".split())


@dataclass
class Spec:
    """What one argument must be.

    ``kind``: "any" (only used in ways any shape allows: a scalar is chosen),
    "unused", "array" (``shape`` of dims: ``SIZE``, an int, or a dim name),
    "int" (the value ``size``), "python-float" (a static argument of jax.jit),
    "dict" (``keys``), "unknown" (``reason`` says why).
    """

    kind: str
    shape: tuple = ()
    dtype: str = "float32"
    keys: dict[str, "Spec"] = field(default_factory=dict)
    reason: str = ""
    #: For "unknown": whether an array may stand in for it (False where no array can: the
    #: instance of a method, a keyword-only or a static parameter).
    array_may_do: bool = True

    @property
    def complete(self) -> bool:
        if self.kind == "unknown":
            return False
        return all(spec.complete for spec in self.keys.values())


def unknown(reason: str, array_may_do: bool = True) -> Spec:
    return Spec("unknown", reason=reason, array_may_do=array_may_do)


#: What stands in for an array whose shape the code does not state (a matrix product, an
#: unknown call): a square matrix, at the bench's size, which satisfies the findings' own
#: assumptions (GA202's operands are matrices; a per-sample loop's data has a sample axis)
#: and makes a cost that grows faster than the data visible. The bench file marks it with a
#: TODO to adjust.
ASSUMED = Spec("array", shape=(SIZE, SIZE))


def assumed(spec: Spec) -> Spec | None:
    """The array written for an unknown ``spec`` (None: no array can stand in for it)."""
    return ASSUMED if spec.kind == "unknown" and spec.array_may_do else None


def static(spec: Spec, name: str) -> Spec:
    """A parameter jax.jit keeps static: a Python number, not an array."""
    if spec.kind in ("any", "unused"):
        return Spec("python-float")
    if spec.kind == "int":
        return spec
    return unknown(f"`{name}` is static under jax.jit (a hashable Python value) but is used as {describe(spec)}", array_may_do=False)


def merge(first: Spec, second: Spec) -> Spec:
    """Two requirements on the same value: the stricter, or unknown when they conflict."""
    if first.kind == "unknown":
        return first
    if second.kind == "unknown":
        return second
    if first.kind in ("any", "unused"):
        return second if second.kind != "unused" else first
    if second.kind in ("any", "unused"):
        return first
    if first.kind == second.kind == "array" and first.shape == second.shape:
        return first
    if first.kind == second.kind == "int":
        return first
    if first.kind == second.kind == "dict":
        keys = dict(first.keys)
        for key, spec in second.keys.items():
            keys[key] = merge(keys[key], spec) if key in keys else spec
        return Spec("dict", keys=keys)
    return unknown(f"its uses disagree ({describe(first)} and {describe(second)})")


def describe(spec: Spec) -> str:
    """A short human description: 'an array of shape (size, 3)', 'a dict', ..."""
    if spec.kind == "array":
        dims = ", ".join(str(d if not isinstance(d, tuple) else d[1]) for d in spec.shape)
        return f"an array of shape ({dims}{',' if len(spec.shape) == 1 else ''})"
    return {"any": "a scalar", "unused": "unused", "int": "the int size", "dict": "a dict",
            "python-float": "a Python float (static under jax.jit)", "unknown": "unknown"}[spec.kind]


def _dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return f"{inner}.{node.attr}" if inner else ""
    return ""


def _short(node: ast.AST, limit: int = 60) -> str:
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def parse_dims(tokens: list[str]) -> tuple | None:
    """Dims from jaxtyping-style tokens ('n', '3', '#d'); None when one cannot be read."""
    dims: list = []
    for token in tokens:
        token = token.strip().lstrip("#")
        if not token:
            continue
        if token.isdigit():
            dims.append(int(token))
        elif token.isidentifier() and token != "_":
            dims.append(("name", token))
        else:  # '...', '*batch', '_', 'n+1'
            return None
    return tuple(dims)


def annotation_spec(annotation: ast.AST | None) -> Spec | None:
    """The spec a parameter's annotation states, when it states one completely."""
    if annotation is None:
        return None
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
    if isinstance(annotation, ast.Name) and annotation.id == "float":
        return Spec("array", shape=())
    if isinstance(annotation, ast.Name) and annotation.id == "int":
        return Spec("int")
    if not isinstance(annotation, ast.Subscript):
        return None
    kind = _dotted(annotation.value).rsplit(".", 1)[-1]
    if not JAXTYPING.match(kind):
        return None
    parts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
    if len(parts) != 2 or not (isinstance(parts[1], ast.Constant) and isinstance(parts[1].value, str)):
        return None
    dims = parse_dims(parts[1].value.split())
    if dims is None:
        return None
    dtype = "int32" if kind.startswith(("Int", "UInt", "Integer")) else "bool" if kind == "Bool" else "float32"
    return Spec("array", shape=dims, dtype=dtype)


def evidence_specs(evidence: tuple[str, ...]) -> dict[str, Spec]:
    """Shapes stated by scanner evidence strings: ```x` has shape (n, d)``."""
    specs: dict[str, Spec] = {}
    for text in evidence:
        for name, dims_text in EVIDENCE_SHAPE.findall(text):
            dims = parse_dims([t for t in dims_text.split(",")])
            if dims is not None:
                specs.setdefault(name, Spec("array", shape=dims))
    return specs


@dataclass
class Facts:
    """What the uses of one value (a parameter, an entry, an element) require."""

    used: bool = False
    elementwise: bool = False
    opaque: list[str] = field(default_factory=list)
    iterated_axes: set[int] = field(default_factory=set)
    index_rank: int = 0  # rank implied by x[:, j]-style indexing
    rank_at_least: int = 0
    keys: set[str] = field(default_factory=set)
    range_bound: bool = False
    helper_specs: list[Spec] = field(default_factory=list)


Path = tuple  # (parameter, ("key", k) | ("axis", k), ...)


class FunctionUses:
    """The facts about every parameter-derived value of one function."""

    def __init__(self, function: ast.AST, module_functions: dict[str, ast.AST], depth: int, cache: dict):
        self.function = function
        self.module_functions = module_functions
        self.depth = depth
        self.cache = cache
        self.facts: dict[Path, Facts] = {}
        self.env: dict[str, tuple] = {}
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(function):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        for arg in self._params():
            self.env[arg.arg] = ("value", (arg.arg,))
        self._bind_loops()
        self._classify_all()

    def _params(self) -> list[ast.arg]:
        args = self.function.args
        return [*args.posonlyargs, *args.args, *args.kwonlyargs]

    def fact(self, path: Path) -> Facts:
        return self.facts.setdefault(path, Facts())

    # -- what a name or expression refers to ------------------------------------

    def value_of(self, node: ast.AST) -> Path | None:
        """The parameter-derived value an expression is, if it is one we track."""
        if isinstance(node, ast.Name):
            bound = self.env.get(node.id)
            return bound[1] if bound and bound[0] == "value" else None
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, str):
            inner = self.value_of(node.value)
            return (*inner, ("key", node.slice.value)) if inner else None
        return None

    def _dim(self, node: ast.AST) -> tuple[Path | None, int] | None:
        """``len(v)``, ``v.shape[k]`` (give or take a constant) or a name bound to one: (value, axis)."""
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) \
                and isinstance(node.right, ast.Constant) and isinstance(node.right.value, int):
            return self._dim(node.left)
        if isinstance(node, ast.Call) and _dotted(node.func) == "len" and len(node.args) == 1:
            value = self.value_of(node.args[0])
            return (value, 0) if value else None
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "shape" and isinstance(node.slice, ast.Constant) \
                and isinstance(node.slice.value, int):
            value = self.value_of(node.value.value)
            return (value, node.slice.value) if value else None
        if isinstance(node, ast.Name) and self.env.get(node.id, ("",))[0] == "dim":
            return self.env[node.id][1], self.env[node.id][2]
        if isinstance(node, ast.Name) and self.env.get(node.id, ("",))[0] == "value" \
                and len(self.env[node.id][1]) == 1:
            self.fact(self.env[node.id][1]).range_bound = True  # range(n): n is an int
            self.fact(self.env[node.id][1]).used = True
            return (None, 0)
        return None

    # -- loops: what their targets are --------------------------------------------

    def _bind_loops(self) -> None:
        nodes = [n for n in ast.walk(self.function)
                 if isinstance(n, (ast.For, ast.comprehension, ast.Assign))]
        def position(node: ast.AST) -> tuple[int, int]:
            anchor = node.target if isinstance(node, ast.comprehension) else node
            return anchor.lineno, anchor.col_offset

        nodes.sort(key=position)
        for node in nodes:
            if isinstance(node, ast.Assign):
                if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                    dim = self._dim(node.value) if not isinstance(node.value, ast.Name) else None
                    if dim and dim[0] is not None:
                        self.env[node.targets[0].id] = ("dim", dim[0], dim[1])
                continue
            self._bind_target(node.target, node.iter)

    def _iterate(self, value: Path, target: ast.AST) -> None:
        facts = self.fact(value)
        facts.used = True
        facts.iterated_axes.add(0)
        element = (*value, ("axis", 0))
        self.fact(element)
        if isinstance(target, ast.Name):
            self.env[target.id] = ("value", element)
        else:
            self.fact(element).opaque.append(f"unpacked as `{_short(target)}`")

    def _bind_target(self, target: ast.AST, iterable: ast.AST) -> None:
        if isinstance(iterable, ast.Call) and _dotted(iterable.func) == "reversed" and len(iterable.args) == 1:
            iterable = iterable.args[0]
        value = self.value_of(iterable)
        if value is not None:
            self._iterate(value, target)
            return
        if not isinstance(iterable, ast.Call):
            return
        name = _dotted(iterable.func)
        if name == "zip":
            targets = target.elts if isinstance(target, ast.Tuple) else []
            for position, argument in enumerate(iterable.args):
                argument_value = self.value_of(argument)
                if argument_value is not None and position < len(targets):
                    self._iterate(argument_value, targets[position])
                elif argument_value is not None:
                    self.fact(argument_value).opaque.append("zipped into one target")
        elif name == "enumerate" and iterable.args and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            argument_value = self.value_of(iterable.args[0])
            if argument_value is not None:
                self._iterate(argument_value, target.elts[1])
                if isinstance(target.elts[0], ast.Name):
                    self.env[target.elts[0].id] = ("index", argument_value, 0)
        elif name == "range" and iterable.args and isinstance(target, ast.Name):
            stop = iterable.args[0] if len(iterable.args) == 1 else iterable.args[1]
            dim = self._dim(stop)
            if dim is not None:
                self.env[target.id] = ("index", dim[0], dim[1])

    # -- uses ----------------------------------------------------------------------

    def _classify_all(self) -> None:
        names = [n for n in ast.walk(self.function)
                 if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
        names.sort(key=lambda n: (n.lineno, n.col_offset))
        for name in names:
            if self._is_loop_iterable(name):
                continue
            value = self.value_of(name)
            if value is not None:
                self.fact(value).used = True
                self.classify(name, value)

    def _is_loop_iterable(self, node: ast.AST) -> bool:
        """The iterable of a for loop or comprehension, directly or inside zip/enumerate."""
        parent = self.parents.get(node)
        if isinstance(parent, ast.Call) and _dotted(parent.func) in ("zip", "enumerate", "reversed"):
            node, parent = parent, self.parents.get(parent)
        if isinstance(parent, ast.Call) and _dotted(parent.func) == "reversed":
            node, parent = parent, self.parents.get(parent)
        return isinstance(parent, (ast.For, ast.comprehension)) and parent.iter is node

    def classify(self, node: ast.AST, value: Path) -> None:
        """Record what the use of ``node`` (which is ``value``) requires, following elementwise results."""
        facts = self.fact(value)
        parent = self.parents.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node:
            self._subscript(parent, value)
        elif isinstance(parent, ast.Attribute):
            self._attribute(parent, value)
        elif isinstance(parent, ast.keyword):
            call = self.parents.get(parent)
            if isinstance(call, ast.Call):
                self._argument(call, value, keyword=parent.arg)
        elif isinstance(parent, ast.Call):
            if parent.func is node:
                facts.opaque.append(f"called as `{_short(parent)}`")
            else:
                self._argument(parent, value, position=parent.args.index(node) if node in parent.args else None)
        elif isinstance(parent, ast.BinOp):
            if isinstance(parent.op, ast.MatMult):
                facts.opaque.append(f"in the matrix product `{_short(parent)}`")
            else:
                facts.elementwise = True
                self.classify(parent, value)
        elif isinstance(parent, ast.UnaryOp):
            facts.elementwise = True
            self.classify(parent, value)
        elif isinstance(parent, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and parent.value is node:
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                self.env[targets[0].id] = ("value", value)  # an alias, or an elementwise result
            else:
                facts.opaque.append(f"unpacked in `{_short(parent)}`")
        elif isinstance(parent, ast.Starred):
            facts.opaque.append(f"unpacked as `{_short(parent)}`")
        else:
            facts.elementwise = True  # returned, compared, collected: any shape will do

    def _subscript(self, node: ast.Subscript, value: Path) -> None:
        facts = self.fact(value)
        index = node.slice
        if isinstance(index, ast.Constant) and isinstance(index.value, str):
            facts.keys.add(index.value)
            self.fact((*value, ("key", index.value))).used = True
            self.classify(node, (*value, ("key", index.value)))
            return
        if self._data_index(index) or _int_constant(index):
            facts.iterated_axes.add(0)  # x[i] over data, or x[0]: an element along axis 0
            self.fact((*value, ("axis", 0))).used = True
            self.classify(node, (*value, ("axis", 0)))
            return
        if isinstance(index, ast.Tuple):
            positions = [i for i, e in enumerate(index.elts) if self._data_index(e)]
            rest_full = all(isinstance(e, ast.Slice) and e.lower is None and e.upper is None and e.step is None
                            for i, e in enumerate(index.elts) if i not in positions)
            if len(positions) == 1 and rest_full:
                axis = positions[0]
                facts.iterated_axes.add(axis)
                facts.index_rank = max(facts.index_rank, len(index.elts))
                self.fact((*value, ("axis", axis))).used = True
                self.classify(node, (*value, ("axis", axis)))
                return
        facts.opaque.append(f"indexed as `{_short(node)}`")

    def _data_index(self, index: ast.AST) -> bool:
        """True when ``index`` is a loop index running over a data-sized range (``len(x)``, ``n``, ...)."""
        return isinstance(index, ast.Name) and self.env.get(index.id, ("",))[0] == "index"

    def _attribute(self, node: ast.Attribute, value: Path) -> None:
        facts = self.fact(value)
        grand = self.parents.get(node)
        if node.attr == "shape":
            if isinstance(grand, ast.Subscript) and isinstance(grand.slice, ast.Constant) \
                    and isinstance(grand.slice.value, int):
                facts.rank_at_least = max(facts.rank_at_least, grand.slice.value + 1)
        elif node.attr in ("ndim", "dtype", "size"):
            pass
        elif node.attr in REDUCTION_METHODS and isinstance(grand, ast.Call) and grand.func is node:
            facts.elementwise = True
        elif node.attr == "at" and isinstance(grand, ast.Subscript) and grand.value is node:
            facts.rank_at_least = max(facts.rank_at_least, 1)
            method, call = self.parents.get(grand), self.parents.get(self.parents.get(grand))
            if isinstance(method, ast.Attribute) and method.attr in AT_METHODS and isinstance(call, ast.Call):
                self.classify(call, value)  # the updated array has the shape of the original
            else:
                facts.opaque.append(f"used as `{_short(grand)}`")
        elif node.attr == "astype" and isinstance(grand, ast.Call) and grand.func is node:
            facts.elementwise = True
            self.classify(grand, value)
        else:
            facts.opaque.append(f"used as `{_short(node)}`")

    def _argument(self, call: ast.Call, value: Path, position: int | None = None,
                  keyword: str | None = None) -> None:
        facts = self.fact(value)
        name = _dotted(call.func)
        module, _, function = name.rpartition(".")
        if name == "len":
            facts.rank_at_least = max(facts.rank_at_least, 1)
        elif name == "range":
            facts.range_bound = True
        elif name in ("abs", "float", "max", "min") or (module in NUMPY_MODULES and function in ELEMENTWISE):
            facts.elementwise = True
            self.classify(call, value)
        elif module in NUMPY_MODULES and function in REDUCTIONS | SHAPE_ONLY:
            facts.elementwise = True
        elif isinstance(call.func, ast.Attribute) and call.func.attr in AT_METHODS \
                and isinstance(call.func.value, ast.Subscript) and isinstance(call.func.value.value, ast.Attribute) \
                and call.func.value.value.attr == "at":
            facts.elementwise = True  # the value written into x.at[i]
        elif not module and name in self.module_functions and self.depth < MAX_DEPTH:
            helper = self.module_functions[name]
            spec = parameter_spec(helper, self.module_functions, self._helper_param(helper, position, keyword),
                                  self.depth + 1, self.cache)
            if spec.kind == "unknown":  # say which value is passed, and as which parameter
                param = self._helper_param(helper, position, keyword)
                spec = unknown(f"`{_where(value)}` is passed to `{name}` as `{param}`, where {spec.reason}", spec.array_may_do)
            facts.helper_specs.append(spec)
        else:
            facts.opaque.append(f"passed to `{_short(call.func)}`")

    @staticmethod
    def _helper_param(helper: ast.AST, position: int | None, keyword: str | None) -> str | None:
        params = [a.arg for a in (*helper.args.posonlyargs, *helper.args.args)]
        if keyword is not None:
            return keyword
        if position is not None and position < len(params):
            return params[position]
        return None

    # -- the result ------------------------------------------------------------------

    def spec(self, value: Path, stated: Spec | None = None) -> Spec:
        """The spec of a value from its facts (``stated``: an annotation's, which wins)."""
        facts = self.facts.get(value, Facts())
        where = _where(value)
        if stated is not None:
            return stated
        if facts.opaque:
            return unknown(f"`{where}` is {facts.opaque[0]}")
        if facts.keys:
            if facts.iterated_axes or facts.range_bound:
                return unknown(f"`{where}` is used both as a dict and as an array")
            spec = Spec("dict", keys={k: self.spec((*value, ("key", k))) for k in sorted(facts.keys)})
        elif facts.range_bound:
            spec = Spec("int") if not facts.iterated_axes else unknown(f"`{where}` is both a range bound and an array")
        elif facts.iterated_axes:
            spec = self._iterated_spec(value, facts, where)
        elif facts.used or facts.helper_specs:
            spec = Spec("any")
        else:
            spec = Spec("unused")
        for helper in facts.helper_specs:
            spec = merge(spec, helper)
        if facts.rank_at_least and spec.kind in ("any", "unused"):
            spec = Spec("array", shape=(SIZE,) * facts.rank_at_least)
        elif facts.rank_at_least and spec.kind == "array" and len(spec.shape) < facts.rank_at_least:
            spec = unknown(f"`{where}` needs at least {facts.rank_at_least} axes (it reads .shape[{facts.rank_at_least - 1}])")
        return spec

    def _iterated_spec(self, value: Path, facts: Facts, where: str) -> Spec:
        axes = sorted(facts.iterated_axes)
        if len(axes) != 1:
            return unknown(f"`{where}` is iterated over several axes")
        axis = axes[0]
        element = self.spec((*value, ("axis", axis)))
        if element.kind == "unknown":
            return element
        if element.kind in ("any", "unused"):
            rank = max(facts.index_rank, 1)
            # axes the element's uses do not constrain: any length works; 3 is chosen
            return Spec("array", shape=tuple(SIZE if i == axis else 3 for i in range(rank)))
        if element.kind == "array" and axis == 0 and not facts.index_rank:
            return Spec("array", shape=(SIZE, *element.shape), dtype=element.dtype)
        return unknown(f"`{where}` is iterated, and its elements are {describe(element)}")


def _int_constant(node: ast.AST) -> bool:
    """``3`` or ``-1``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _where(value: tuple) -> str:
    """A value's path as code: ``xs``, ``xs[i]``, ``params['w']``."""
    return value[0] if len(value) == 1 else f"{value[0]}{''.join(_step(s) for s in value[1:])}"


def _step(step: tuple) -> str:
    kind, what = step
    return f"[{what!r}]" if kind == "key" else ("[i]" if what == 0 else f"[:, j] (axis {what})")


def parameter_spec(function: ast.AST, module_functions: dict[str, ast.AST], parameter: str | None,
                   depth: int = 0, cache: dict | None = None) -> Spec:
    """The spec of one parameter of ``function`` (helpers are analysed once per parameter)."""
    cache = {} if cache is None else cache
    if parameter is None:
        return unknown("passed where the parameter is not known")
    key = (id(function), parameter)
    if key in cache:
        return cache[key] or Spec("any")  # None: a recursive call in progress
    cache[key] = None
    uses = FunctionUses(function, module_functions, depth, cache)
    annotation = next((a.annotation for a in (*function.args.posonlyargs, *function.args.args,
                                                 *function.args.kwonlyargs) if a.arg == parameter), None)
    result = uses.spec((parameter,), annotation_spec(annotation))
    cache[key] = result
    return result


def module_functions(tree: ast.Module) -> dict[str, ast.AST]:
    """The module's top-level functions, by name."""
    return {node.name: node for node in tree.body if isinstance(node, FunctionNode)}


def sized_dims(specs: dict[str, Spec], function: ast.AST, module_funcs: dict[str, ast.AST]) -> dict[str, str]:
    """Dimension names bound to ``size``: those of an annotated axis the function iterates over data."""
    uses = FunctionUses(function, module_funcs, 0, {})
    sized: dict[str, str] = {}
    for name, spec in specs.items():
        if spec.kind != "array":
            continue
        facts = uses.facts.get((name,))
        for axis in sorted(facts.iterated_axes) if facts else []:
            if axis < len(spec.shape) and isinstance(spec.shape[axis], tuple):
                sized[spec.shape[axis][1]] = SIZE
    return sized
