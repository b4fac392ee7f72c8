"""How big a captured array is, as far as the code shows it.

GA401 reports an array jit would embed only when it may be large. What the code shows of a
value's size is one of (``SizeReader.judge``, in phase 1, on one file's facts):

- ``{"nbytes": N, "shape": ...}``: a shape and dtype from creation calls (bytes as jit embeds
  them: 64-bit dtypes are 32-bit unless x64 is on); under ``CAPTURED_CONSTANT_BYTES`` it is
  small and not a finding;
- ``{"data": True}``: loaded from outside (a file, a dataset, a data frame), or computed from
  such data (``ensure_batched(emissions)``, a shape ``(X.shape[0], 8)`` of it);
- ``{"param": NAME}``: computed from a parameter of the enclosing function, which callers fill
  (phase 2 reads what they pass);
- ``{"unknown": True}``: an array of a size the code does not show;
- None: not an array, a scalar (``jnp.float32(x)``, shape ``()``), or small.

``project_size`` turns such a record into the size a finding states, in phase 2, with the
project index: arrays imported from another scanned module, and the arguments every call site
passes to a factory's parameter (a call made under a trace passes tracers, not constants).
"""

from __future__ import annotations

import ast
import re
from typing import Callable

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import KEYS_NAME, names_data_rows
from gradadvisor.analysis.captures import CAPTURED_CONSTANT_BYTES, WIDE_DTYPES, captured_bytes, human_bytes
from gradadvisor.analysis.facts import Binding, Facts, Scope
from gradadvisor.analysis.gradient import Level
from gradadvisor.analysis.syntax import tail_name

IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
#: Functions that, by their name, load a dataset (``load_data``, ``read_grid``, ``get_dataset``,
#: ``fetch_mnist``): the tie-break for a captured value of unshown size that such a call returned.
LOADER_NAME = re.compile(r"^(?:load|read|fetch|download)(?:_\w+)?$|^(?:get|make|build|prepare)_\w*(?:data|dataset|datasets)$|^load\w+", re.IGNORECASE)
#: ...but not one that loads settings, text or a tokenizer (no array).
NOT_ARRAY_LOADED = re.compile(r"config|cfg|yaml|json|toml|settings|options|args|vocab|token|text|string|names|model$|module$|env|ckpt|checkpoint", re.IGNORECASE)


#: Methods of arrays (and data frames) whose result is still the array's data.
ARRAY_METHODS = lib.SAME_RANK_METHODS | lib.REDUCING_METHODS | lib.RESHAPING_METHODS | lib.DATA_METHODS


class SizeReader:
    """Reads sizes of captured values from one file's facts (``resolve`` names calls)."""

    def __init__(self, facts: Facts, resolve: Callable[[ast.AST], str | None], x64: bool) -> None:
        self.facts = facts
        self.resolve = resolve
        self.x64 = x64
        #: While a class's attributes are judged: the sizes of those judged so far, by name, so
        #: that ``self.cov_inv = jnp.linalg.inv(self.covariance + reg)`` follows ``self.covariance``.
        self.attribute_sizes: dict[str, dict] = {}

    def judge(self, value: v.Value, bindings: list[Binding], scope: Scope) -> dict | None:
        """What the code shows of a captured value's size: ``{"nbytes": N}``, ``{"data": True}``,
        ``{"param": NAME}`` (a parameter of ``scope`` that callers fill), ``{"unknown": True}``; or
        None when it is not an array, a scalar, or small."""
        if value.kind == v.ARRAY:
            if value.shape == () or any(self.scalar_constructor(binding) for binding in bindings):
                return None
            nbytes = captured_bytes(value, self.x64)
            evidence = value.evidence[0] if value.evidence else ""
            if nbytes is not None:
                if nbytes < CAPTURED_CONSTANT_BYTES:
                    return None
                return {"nbytes": nbytes, "evidence": evidence, "shape": shape_text(value, self.x64)}
            host = {"host": True} if value.host else {}  # a NumPy array or a data frame's column
            if value.data:
                return self._unless_keys({"data": True, "evidence": evidence, **host}, bindings)
            origin = self.origin(value, bindings, scope)
            return self._unless_keys({**(origin or {"unknown": True, "evidence": evidence}), **host}, bindings)
        if value.kind == v.UNKNOWN:
            return self._unless_keys(self.origin(value, bindings, scope), bindings)
        return None

    @staticmethod
    def _unless_keys(record: dict | None, bindings: list[Binding]) -> dict | None:
        """``record``, unless it says data of a name that one of several results of a call binds
        and that is named as PRNG keys (``rng_keys, W, b = init(key, data)``): a call handed data
        taints all it returns, but a few keys are no data."""
        if record is not None and record.get("data") and any(binding.path and KEYS_NAME.match(binding.name) for binding in bindings):
            return None
        return record

    def origin(self, value: v.Value, bindings: list[Binding], scope: Scope) -> dict | None:
        """Where a value of unknown size comes from: data (``ensure_batched(emissions)`` of a data
        array, a shape ``(X.shape[0], 8)`` of one), or a parameter of ``scope``."""
        sources: list[tuple[str, ast.AST | None]] = []
        items: set[str] = set()  # names unpacked item by item: ``H, W, focal = hwf``
        for binding in bindings:
            if binding.kind not in ("assign", "walrus") or not isinstance(binding.value, ast.expr):
                return None
            part = _part(binding)
            if _python_scalar(part):
                return None  # ``H = int(H)``: a Python number, not an array
            if isinstance(part, ast.Call) and isinstance(part.func, ast.Name) and part.func.id[:1].isupper():
                return None  # ``Featurizer(**ckpt["config"])``: an object built from data, not an array
            if binding.path and isinstance(binding.value, ast.Name) and part is binding.value:
                items.add(binding.value.id)
            sources.extend((name, binding.statement) for name in operand_names(part))
        # ``P = ck.cfg.geometry()``: what a method of a loaded object returns is not the data itself
        values = {name for binding in bindings for name in operand_names(_part(binding), receivers=False)}
        loaded = _loader_call(bindings)
        if loaded is not None:
            return {"data": True, "evidence": loaded}
        if value.kind == v.ARRAY and value.shape is not None:
            for dim in value.shape:
                if isinstance(dim, str) and IDENTIFIER.match(dim):
                    sources.append((IDENTIFIER.match(dim).group(0), None))  # type: ignore[union-attr]
        from_attribute = self._from_attribute(bindings)
        if from_attribute is not None:
            return {"data": True, "evidence": f"computed from {from_attribute}"}
        for name, statement in sources:
            if name in ("self", "cls"):
                continue
            if name in scope.params and not scope.is_module and name not in scope.packed:
                return {"param": name, "array": value.kind == v.ARRAY, "evidence": f"computed from `{name}`, a parameter of `{getattr(scope.node, 'name', 'lambda')}`"}
            if not scope.binds(name):
                continue
            found = self.facts.value(ast.Name(id=name, ctx=ast.Load()), scope, statement)
            if found.kind == v.ARRAY and found.data:
                evidence = found.evidence[0] if found.evidence else f"`{name}` is data"
                return {"data": True, "evidence": f"computed from `{name}`: {evidence}"}
            local = [b for b in self.facts.bindings_at(name, scope, statement) if b.kind != "param"]
            loaded = None if name not in values else _loader_call(local, whole=name in items)
            if loaded is not None:  # ``x = jnp.array(x)`` after ``x, y = reader.get_data(...)``
                return {"data": True, "evidence": f"computed from `{name}`, {loaded}"}
            from_attribute = self._from_attribute([b for b in local if b.kind == "assign"])  # ``stable = self.covariance + reg``
            if from_attribute is not None:
                return {"data": True, "evidence": f"computed from `{name}`, from {from_attribute}"}
        return None

    def _from_attribute(self, bindings: list[Binding]) -> str | None:
        """``self.<attr>`` (an attribute of the class being judged, already known to hold data or
        a large array) that one of ``bindings`` computes with, in words; else None."""
        for binding in bindings:
            for attr in self_operands(_part(binding)):
                known = self.attribute_sizes.get(attr)
                if known is not None and (known.get("data") or known.get("nbytes")):
                    return f"`self.{attr}`: {known.get('evidence') or 'an array of the data'}"
        return None

    def table_size(self, table: ast.Name, value: v.Value, scope: Scope, statement: ast.AST, function: ast.AST) -> dict | None:
        """The size record of a table that ``function`` reads at ``statement``: a parameter of
        ``function`` (callers fill it) or an array bound in ``function`` or at module level."""
        if value.kind == v.PARAM and table.id in scope.params:
            return {"param": table.id, "array": True, "evidence": f"`{table.id}` is a parameter of `{getattr(function, 'name', 'lambda')}`"}
        if value.kind == v.ARRAY and value.rank != 0:
            local = scope.binds(table.id)
            bindings = self.facts.bindings_at(table.id, scope, statement) if local else self.facts.module_scope.bindings.get(table.id, [])
            return self.judge(value, [b for b in bindings if b.kind != "param"], scope if local else self.facts.module_scope)
        return None

    def scalar_constructor(self, binding: Binding) -> bool:
        """``x = jnp.float32(...)``: a scalar type applied to something that is not shown to be an array."""
        value = binding.value
        if not isinstance(value, ast.Call):
            return False
        qualified = self.resolve(value.func) or ""
        module, _, name = qualified.rpartition(".")
        return name in lib.SCALAR_TYPES and (module in lib.JAX_NUMPY or module in lib.HOST_NUMPY)


def self_operands(expr: ast.expr) -> list[str]:
    """The ``self.<attr>`` operands ``expr`` computes with at its top (as ``operand_names``
    reads names): ``jnp.linalg.inv(self.covariance + reg)`` reads ``covariance``."""
    return [node.attr for node in _operand_nodes(expr, receivers=False)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"]


def _part(binding: Binding) -> ast.expr:
    """What ``binding`` binds its name to, where the code shows it: the item of a literal tuple
    (``H, W = int(H), int(W)`` binds ``int(H)`` to ``H``), else the whole value."""
    value = binding.value
    for index in binding.path:
        if not isinstance(value, (ast.Tuple, ast.List)) or index >= len(value.elts) or any(isinstance(item, ast.Starred) for item in value.elts):
            return binding.value
        value = value.elts[index]
    return value


def _python_scalar(value: ast.expr) -> bool:
    """``int(h)``, ``float(cfg.focal)``, ``len(xs)``: a Python number, never an array."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("int", "float", "bool", "complex", "len", "round")


#: The names of scikit-learn's bundled toy loaders (``load_iris``...): fixed, small datasets.
TOY_LOADERS = frozenset(name.rpartition(".")[2] for name in lib.TOY_DATASETS)


def _loader_call(bindings: list[Binding], whole: bool = False) -> str | None:
    """``X_train, y_train = load_grid("train")``: every binding is the result of one call (or a
    part of it) to a function named as a loader (``LOADER_NAME``), which no fact sizes; why.
    ``whole``: the name is unpacked further (``H, W, focal = hwf``), so only a whole result counts:
    the items of one part of a loader's tuple are its small companions, not the data."""
    calls = []
    for binding in bindings:
        if whole and binding.path:
            return None
        value = binding.value
        while isinstance(value, ast.Subscript):
            value = value.value  # load_data()["x"]
        if not isinstance(value, ast.Call):
            return None
        name = tail_name(value.func)
        if name is None or not LOADER_NAME.match(name) or NOT_ARRAY_LOADED.search(name) or name in TOY_LOADERS:
            return None  # not a loader by its name; or scikit-learn's bundled toy sets (small)
        if _sized_by_literals(value):
            return None  # sample_dataset(key, 16, 17): the call writes its small sizes out
        calls.append((name, value.lineno))
    if not calls:
        return None
    name, line = calls[-1]
    return f"returned by `{name}(...)` (line {line}), a data loader by its name; the code does not show its size"


#: Calls that read a file's records into Python values (a dict of arrays and counts).
RECORD_LOADERS = lib.DATA_LOADERS | {"json.load", "json.loads", "yaml.safe_load", "yaml.load", "tomllib.load", "toml.load"}


def loaded_record(bindings: list[Binding], resolve) -> str | None:
    """The loader (``json.load``) when ``bindings`` (a name's, in one function) are one plain
    assignment of what a file loader returns (``blob = json.load(fh)``, in a ``with`` block or
    not); None otherwise."""
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or not isinstance(bindings[0].value, ast.Call):
        return None
    qualified = resolve(bindings[0].value.func)
    return qualified if qualified in RECORD_LOADERS else None


#: A data function's call whose literal sizes multiply to fewer elements than this is small.
LITERAL_SIZED = 10_000


def _sized_by_literals(call: ast.Call) -> bool:
    """``sample_dataset(key, 16, 17)``: the call passes its sizes as int literals (at most one
    other argument: a key, a path), and they multiply to fewer than ``LITERAL_SIZED`` elements."""
    args = [*call.args, *(item.value for item in call.keywords)]
    if any(isinstance(arg, ast.Starred) for arg in call.args) or any(item.arg is None for item in call.keywords):
        return False
    literals = [arg.value for arg in args if isinstance(arg, ast.Constant) and type(arg.value) is int]
    if not literals or len(args) - len(literals) > 1 or any(number <= 0 for number in literals):
        return False
    product = 1
    for number in literals:
        product *= number
    return product < LITERAL_SIZED


def operand_names(expr: ast.expr, receivers: bool = True) -> list[str]:
    """Names ``expr`` computes with at its top: operands, call arguments, receivers (``X`` and
    ``w`` in ``ensure_batched(X) @ w.T``; with ``receivers=False``, not the objects whose methods
    are called); nested lambdas and comprehensions are not entered."""
    return [node.id for node in _operand_nodes(expr, receivers) if isinstance(node, ast.Name)]


def _operand_nodes(expr: ast.expr, receivers: bool) -> list[ast.AST]:
    """The nodes of ``expr``'s top-level computation, outermost first (at most 64): through
    operators, call arguments, subscripted and attribute bases, tuple items and receivers
    (with ``receivers=False``, only those of array methods: ``x.astype(...)`` is still ``x``,
    ``ck.geometry()`` is not ``ck``)."""
    found: list[ast.AST] = []
    stack: list[ast.AST] = [expr]
    while stack and len(found) < 64:
        node = stack.pop()
        found.append(node)
        if isinstance(node, ast.Call) and tail_name(node.func) in lib.BINNED:
            continue  # ``np.histogram2d(pts[:, 0], pts[:, 1], edges)``: as many counts as bins, whatever the data
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and (receivers or node.func.attr in ARRAY_METHODS):
                stack.append(node.func.value)
            stack.extend(arg.value if isinstance(arg, ast.Starred) else arg for arg in node.args)
            stack.extend(item.value for item in node.keywords)
        elif isinstance(node, ast.BinOp):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp):
            stack.append(node.operand)
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            stack.append(node.value)
        elif isinstance(node, (ast.Tuple, ast.List)):
            stack.extend(node.elts)
    return found


def shape_text(value: v.Value, x64: bool) -> str:
    """``(10,000, 640) float32``: the shape, and the dtype jit embeds."""
    if value.shape is None or len(value.shape) > 4:
        return ""
    dims = ", ".join(f"{dim:,}" if isinstance(dim, int) else "?" for dim in value.shape)
    dtype = value.dtype or "float32"
    dtype = dtype if x64 else WIDE_DTYPES.get(dtype, dtype)
    return f"({dims}{',' if len(value.shape) == 1 else ''}) {dtype}"


# -- phase 2: the project's word -----------------------------------------------------------


def project_size(data: dict, path: str, scopes: tuple[str, ...], project) -> tuple[str, str, list[str]] | None:
    """(proof: proven | likely | unknown, the size in words, evidence) of a capture recorded as
    ``data`` (``judge``'s record with ``kind`` and, for an import, ``import``) in the function
    ``scopes`` of ``path``; None when it is small or every caller passes a tracer."""
    evidence = [data["evidence"]] if data.get("evidence") else []
    if data.get("kind") == "import":
        return _imported_size(data, path, project)
    if data.get("nbytes") is not None:
        shape = f": {data['shape']}" if data.get("shape") else ""
        return "proven", f"{human_bytes(data['nbytes'])}{shape}", evidence
    if data.get("data"):
        return "likely", "loaded data", evidence
    param = data.get("param")
    if param is not None:
        return _parameter_size(data, param, evidence, path, scopes, project)
    if data.get("rebuilt"):
        # A function defined in a loop over a value rebuilt in the same loop: each step traces
        # and compiles a new program with that step's array in it, whatever its size.
        return "likely", f"rebuilt every step of the loop at line {data['rebuilt']}", [
            *evidence, f"the function and `{data.get('name')}` are built anew every step of the loop at line {data['rebuilt']}: jit compiles a new program each step"]
    return "unknown", "size not shown", evidence


def _imported_size(data: dict, path: str, project) -> tuple[str, str, list[str]] | None:
    found = project.resolve_array(path, data["import"])
    if found is None:
        return None
    where, array = found
    if array.elements == 0 or array.elements is not None and array.nbytes is None:
        return None
    value = v.array(None, array.dtype)
    nbytes = None
    if array.elements is not None:
        value = v.Value(v.ARRAY, shape=(array.elements,), dtype=array.dtype)
        nbytes = captured_bytes(value, data.get("x64", False))
    evidence = [f"{array.evidence} in {where}"]
    if nbytes is not None:
        if nbytes < CAPTURED_CONSTANT_BYTES:
            return None
        return "proven", human_bytes(nbytes), evidence
    if array.data:
        return "likely", "loaded data", evidence
    return "unknown", "size not shown", evidence


def _parameter_size(data: dict, param: str, evidence: list[str], path: str, scopes: tuple[str, ...], project) -> tuple[str, str, list[str]] | None:
    """A factory's parameter: what every call site passes (the dense form keeps traced calls:
    its table is an argument of the differentiated function, not a constant)."""
    owner = data.get("owner") or (scopes[0] if scopes else None)
    facts = project.arguments(path, owner, param) if owner else []
    traced = [fact for fact in facts if fact.caller is not None and traced_in_project(project, fact.path, fact.caller)]
    if traced and len(traced) == len(facts) and data.get("kind") != "dense":
        return None  # every call is made under a trace: the captured values are tracers
    facts = [fact for fact in facts if fact not in traced] if data.get("kind") != "dense" else facts
    large = [fact for fact in facts if fact.nbytes is not None and fact.nbytes >= CAPTURED_CONSTANT_BYTES]
    if large:
        fact = large[0]
        return "proven", f"{human_bytes(fact.nbytes)} from callers", [*evidence, f"{fact.evidence}, {human_bytes(fact.nbytes)}, at {fact.path}:{fact.line}"]
    loaded = [fact for fact in facts if fact.data]
    if loaded:
        fact = loaded[0]
        return "likely", "data passed by callers", [*evidence, f"{fact.evidence}: data, at {fact.path}:{fact.line}"]
    if facts and all(fact.nbytes is not None or fact.kind in ("other",) or fact.kind.startswith(("int:", "seq:", "stack:")) for fact in facts):
        return None  # every caller passes something small
    if data.get("name") == param and (len(param) > 1 or param.isupper()) and names_data_rows(param):
        # ``def make_fit(samples): @jax.jit def nll(th): ... samples``: named as the data's rows
        # (no caller shows what it is; ``X``, a data matrix by convention, but not ``x``, a state
        # as often), baked into the program; the parameter itself, not what is made of it
        # (``SaveAt(ts=sample_points)`` is a solver's setting). A name alone is no size: low.
        return "unknown", "data, by its name", [*evidence, f"`{param}` is named as the data's rows; no call shows its size"]
    if not data.get("array"):
        return None  # nothing shows that the parameter is an array at all
    return "unknown", "size not shown", evidence


def traced_in_project(project, path: str, key: str) -> bool:
    """The function ``key`` of ``path`` runs under a trace (or a jit compiles it)."""
    return project.level(path, (key,))[0] >= Level.TRACED or (path, key) in project.compiled
