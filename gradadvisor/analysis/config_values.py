"""Configuration defaults as values: the count a configuration states for ``args.num_steps``.

Trip counts often come from configuration rather than from the data: ``range(args.num_steps)``,
``range(cfg.n_samples)``, ``range(config.batch_size)``. This module reads, from one module's
syntax, the integer that such a read holds when the configuration states it:

- argparse: ``parser.add_argument("--num-steps", type=int, default=500)`` read through
  ``args = parser.parse_args()`` (or ``parse_known_args()``): the attribute is the option's
  ``dest`` (the first long option with dashes as underscores, else the first short one, or
  ``dest=`` when given);
- classes that hold configuration: ``@dataclass`` (``dataclasses``, ``flax.struct``, ``chex``,
  ``attrs``, pydantic), ``NamedTuple`` and ``PyTreeNode`` subclasses, and plain classes of the
  module: a field's default (``num_steps: int = 500``, ``field(default=500)``, ``attr.ib(
  default=500)``) read through ``Args()``, ``Args(num_steps=...)``, ``tyro.cli(Args)``,
  ``simple_parsing.parse(Args)``, a parameter annotated ``args: Args`` or the class itself;
  nested configuration (``model: Model = field(default_factory=Model)``) is followed;
- ml_collections: ``config = ml_collections.ConfigDict(); config.num_steps = 500`` (nested
  ``config.model.n_layers``, an initial dict, ``get_config()`` returning it);
- plain dicts: ``cfg = {"num_steps": 500}; cfg["num_steps"]``;
- absl flags: ``flags.DEFINE_integer("num_steps", 500, ...)`` read as ``FLAGS.num_steps``.

The object read from is found through the facts layer's bindings (every binding of the name that
reaches the read must be one of these sources, also through a local function returning one), and
the value must be an ``int`` literal or simple arithmetic of literals (``int(1e6)``, ``2 ** 10``).
It stays sound where the module can show otherwise: a write of the same field anywhere in the
module (``args.num_steps = n``, ``cfg["num_steps"] = n``, ``setattr``, ``update``, ``replace``,
``set_defaults`` with that name), an opaque write to the object read (``cfg.update(other)``),
a class whose methods set attributes by computed names (``setattr(self, key, value)``), a
construction that may reach a parameter ``args: Args`` with other values (``Args(num_steps=3)``,
``Args(*a)``, a subclass), or sources that disagree give no fact. Not seen: a write through
another name by a computed key (``alias = cfg; alias[key] = 3``), and other modules. What is
stated is the default: a command line or a caller in another module may still change it, as it
may change any default a user reads as "the count".

``configured(node, evaluator)`` answers for one ``Attribute`` or ``Subscript`` read; the facts
layer asks it when it knows nothing else of that read. Only this module's syntax is read.
"""

from __future__ import annotations

import ast
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from gradadvisor.analysis import values as v
from gradadvisor.analysis.syntax import FUNCTION_NODES, has_star_args, keyword, one_line, positional, walk_local
from gradadvisor.analysis.values import Value

if TYPE_CHECKING:  # pragma: no cover
    from gradadvisor.analysis.facts import Binding, Facts, Scope

#: How many sources (a name bound to a name, a function returning one) are followed.
MAX_DEPTH = 4

#: Calls that parse a command line into a configuration class.
CLASS_PARSERS = frozenset({"tyro.cli", "simple_parsing.parse", "simple_parsing.helpers.parse"})
#: ml_collections' configuration dictionaries.
CONFIG_DICTS = frozenset({
    "ml_collections.ConfigDict", "ml_collections.config_dict.ConfigDict", "ml_collections.config_dict.config_dict.ConfigDict",
    "ml_collections.FrozenConfigDict", "ml_collections.config_dict.FrozenConfigDict",
})
#: Keywords of ``ConfigDict(...)`` that are options, not fields.
CONFIG_DICT_OPTIONS = frozenset({"type_safe", "convert_dict", "allow_dotted_keys", "sort_keys"})
#: Decorators (qualified; any ``*.dataclass`` too) that make a class a record of fields.
RECORD_DECORATORS = frozenset({"dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass", "chex.mappable_dataclass",
                               "attr.s", "attr.attrs", "attr.define", "attr.frozen", "attr.mutable", "attr.dataclass",
                               "attrs.define", "attrs.frozen", "attrs.mutable", "pydantic.dataclasses.dataclass"})
#: Base classes (last part of the name) whose subclasses are records of fields with defaults.
RECORD_BASES = frozenset({"NamedTuple", "PyTreeNode", "BaseModel", "BaseSettings", "Serializable"})
#: Field specifiers: their ``default=`` is the field's default.
FIELD_CALLS = frozenset({"field", "ib", "attrib", "Field"})
#: Methods and functions that write the fields their keywords (or dict literal) name.
WRITERS = frozenset({"update", "replace", "_replace", "set_defaults", "setdefault", "evolve", "override", "pop", "copy_and_resolve_references"})
#: argparse actions that store what is given (their default is the option's value).
STORE_ACTIONS = frozenset({"store", None})


@dataclass(frozen=True)
class Stated:
    """An int the configuration states, and where."""

    value: int
    evidence: str


@dataclass(frozen=True)
class _Source:
    """What a name holds: an argparse namespace, an instance (or class) of a record class, an
    ml_collections ConfigDict built in a scope, or a dict literal."""

    kind: str  # "argparse" | "record" | "collection" | "dict"
    #: record: the class definition and the scope it is visible in; explicit constructor keywords.
    cls: ast.ClassDef | None = None
    keywords: tuple[tuple[str, ast.expr], ...] = ()
    #: record: the constructor's arguments are not all shown (a parameter, ``**kw``, positional).
    any_construction: bool = False
    #: collection and dict: the fields stated, path -> expression.
    fields: tuple[tuple[tuple[str, ...], ast.expr], ...] = ()
    #: The name the source was bound to (opaque writes to it spoil it).
    name: str | None = None


@dataclass
class _ModuleWrites:
    """Module-wide: the fields written outside their definitions, and the names written opaquely."""

    written: set[str] = field(default_factory=set)
    opaque: set[str] = field(default_factory=set)
    #: Class name -> the keyword sets of its constructions (None: positional or ``**`` arguments).
    constructions: dict[str, list[frozenset[str] | None]] = field(default_factory=dict)
    #: Names of the module's classes that other classes of the module derive from.
    subclassed: set[str] = field(default_factory=set)
    #: argparse dest -> the defaults stated (None: not an int, or not shown).
    arguments: dict[str, list[Stated | None]] = field(default_factory=dict)
    #: Some ``set_defaults`` call names what it sets opaquely (``set_defaults(**overrides)``).
    opaque_defaults: bool = False


_WRITES: "weakref.WeakKeyDictionary[Facts, _ModuleWrites]" = weakref.WeakKeyDictionary()
#: For literals (dicts, ConfigDicts), whose stated values do not depend on the module's writes.
_NO_WRITES = _ModuleWrites()
#: Per module: binding -> the sources it holds (None: not a configuration).
_SOURCES: "weakref.WeakKeyDictionary[Facts, dict[int, list[_Source] | None]]" = weakref.WeakKeyDictionary()
#: Per module: absl flag name -> (its int default, line), or None (``_absl_defaults``).
_FLAGS: "weakref.WeakKeyDictionary[Facts, dict[str, tuple[int, int] | None]]" = weakref.WeakKeyDictionary()

def configured(node: ast.AST, evaluator) -> Value | None:
    """The int that the configuration states for ``node`` (``args.num_steps``, ``cfg["n"]``),
    as a scalar with its evidence, or None when it states none. ``evaluator`` is the facts
    layer's evaluator at the read (its facts, scope, position, overlay and name resolution)."""
    path: list[str] = []
    attributes = keys = 0
    base = node
    while isinstance(base, (ast.Attribute, ast.Subscript)):
        if isinstance(base, ast.Attribute):
            path.append(base.attr)
            attributes += 1
        else:
            key = base.slice
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None
            path.append(key.value)
            keys += 1
        base = base.value
    if not isinstance(base, ast.Name) or not path or base.id in evaluator.overlay or base.id in ("self", "cls"):
        return None
    path.reverse()
    if attributes == 1 and not keys:
        flag = _absl_flag(base, path[0], evaluator)
        if flag is not None:
            return flag
    reader = _Reader(evaluator)
    sources = reader.sources_of_name(base.id, evaluator.scope, evaluator.at, 0)
    if not sources:
        return None
    if not any(reader.could_state(source, tuple(path)) for source in sources):
        return None  # no source states an int here: no need to walk the module for its writes
    writes = _module_writes(evaluator.facts)
    if any(part in writes.written for part in path):
        return None
    found: Stated | None = None
    for source in sources:
        if source.name is not None and source.name in writes.opaque or base.id in writes.opaque:
            return None
        if source.kind in ("argparse", "record") and keys or source.kind == "dict" and attributes:
            return None
        stated = reader.stated(source, tuple(path), writes)
        if stated is None or found is not None and stated.value != found.value:
            return None
        found = found or stated
    if found is None:
        return None
    text = one_line(evaluator.code(node), 40)
    return v.scalar(found.value, evidence=(f"`{text}`: {found.evidence}",))


#: absl's flag definitions whose default is an int.
ABSL_INTEGER_FLAGS = frozenset({"absl.flags.DEFINE_integer"})


def _absl_flag(base: ast.Name, name: str, evaluator) -> Value | None:
    """``FLAGS.n_views`` with ``FLAGS = flags.FLAGS`` (absl) and ``flags.DEFINE_integer("n_views",
    8, ...)`` in the module: the default, unless the module writes that flag."""
    resolve = evaluator.names.resolve
    if resolve(base) != "absl.flags.FLAGS":
        bound = evaluator.facts.module_scope.bindings.get(base.id, [])
        if not (len(bound) == 1 and isinstance(bound[0].value, ast.expr) and resolve(bound[0].value) == "absl.flags.FLAGS"):
            return None
    found = _absl_defaults(evaluator.facts, resolve).get(name)
    if found is None or name in _module_writes(evaluator.facts).written:
        return None
    value, line = found
    return v.scalar(value, evidence=(f"`{base.id}.{name}`: the absl flag defined with default {value} at line {line}",))


def _absl_defaults(facts: Facts, resolve) -> dict[str, tuple[int, int] | None]:
    """flag name -> (its int default, the line), read once per module; None for a flag defined
    twice or with a default that is not an int literal."""
    found = _FLAGS.get(facts)
    if found is not None:
        return found
    found = {}
    for node in ast.walk(facts.module_scope.node):
        if isinstance(node, ast.Call) and resolve(node.func) in ABSL_INTEGER_FLAGS:
            arguments = positional(node)
            flag = keyword(node, "name") or (arguments[0] if arguments else None)
            default = keyword(node, "default") or (arguments[1] if len(arguments) > 1 else None)
            if isinstance(flag, ast.Constant) and isinstance(flag.value, str) and default is not None:
                value = _int_of(default)
                found[flag.value] = None if flag.value in found or value is None else (value, node.lineno)
    _FLAGS[facts] = found
    return found


class _Reader:
    """Finds the configuration sources a name holds, and what they state."""

    def __init__(self, evaluator) -> None:
        self.evaluator = evaluator
        self.facts: Facts = evaluator.facts
        self.cache = _SOURCES.setdefault(self.facts, {})
        self.in_progress: set[int] = set()

    # -- what a name holds -------------------------------------------------------------------

    def bindings(self, name: str, scope: Scope, at) -> list[tuple[Binding, Scope]]:
        """The bindings of ``name`` that reach ``at`` in ``scope``, as the evaluator looks names up."""
        if scope.binds(name):
            return [(binding, scope) for binding in scope.reaching(name, at)]
        module = self.facts.module_scope
        if name not in scope.declared_global:
            outer = scope.parent
            while outer is not None and not outer.is_module:
                if outer.binds(name):
                    return [(binding, outer) for binding in outer.reaching(name, None)]
                outer = outer.parent
        if not module.binds(name):
            return []
        found = module.reaching(name, at if scope is module else None)
        return [(binding, module) for binding in found if binding.kind != "import"]

    def sources_of_name(self, name: str, scope: Scope, at, depth: int) -> list[_Source] | None:
        bindings = self.bindings(name, scope, at)
        if not bindings or depth > MAX_DEPTH:
            return None
        found: list[_Source] = []
        for binding, where in bindings:
            sources = self.sources_of_binding(binding, where, depth)
            if not sources:
                return None
            found.extend(sources)
        return found

    def sources_of_binding(self, binding: Binding, scope: Scope, depth: int) -> list[_Source] | None:
        key = id(binding)
        if key in self.cache:
            return self.cache[key]
        if key in self.in_progress:
            return None  # a cycle (``args = args``) holds nothing more
        self.in_progress.add(key)
        try:
            found = self._sources_of_binding(binding, scope, depth)
        finally:
            self.in_progress.discard(key)
        if depth == 0:
            self.cache[key] = found  # deeper answers may be cut short by MAX_DEPTH
        return found

    def _sources_of_binding(self, binding: Binding, scope: Scope, depth: int) -> list[_Source] | None:
        if binding.kind == "param":
            arg: ast.arg = binding.value  # type: ignore[assignment]
            cls = self.record_class(arg.annotation, scope, binding.position) if arg.annotation is not None else None
            return [_Source("record", cls, any_construction=True, name=binding.name)] if cls is not None else None
        if binding.kind == "class":
            # ``Config.num_steps``: a plain class's attribute (a record's class attribute may be a
            # descriptor: ``NamedTuple`` fields, attrs slots, pydantic).
            cls: ast.ClassDef = binding.value  # type: ignore[assignment]
            return [_Source("record", cls, name=binding.name)] if self.is_config_class(cls, scope) and not self.is_record(cls) else None
        if binding.kind not in ("assign", "walrus") or not isinstance(binding.value, ast.expr):
            return None
        value: ast.expr = binding.value
        if binding.path == (0,) and isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "parse_known_args":
            return [_Source("argparse", name=binding.name)]
        if binding.path:
            return None
        return self.sources_of_expr(value, scope, binding.position, binding, depth)

    def sources_of_expr(self, expr: ast.expr, scope: Scope, at, binding: Binding | None, depth: int) -> list[_Source] | None:
        name = binding.name if binding is not None else None
        if isinstance(expr, ast.Name):
            return self.sources_of_name(expr.id, scope, at, depth + 1)
        if isinstance(expr, ast.Dict):
            fields = _dict_fields(expr, ())
            # ``hp = {}`` then ``hp["num_steps"] = 1``: the keys the building scope sets, as a
            # ConfigDict's (a key set twice, or a store another binding reaches, states nothing)
            stores = self.collection_stores(binding, scope) if binding is not None and fields is not None else ()
            return [_Source("dict", fields=fields + stores, name=name)] if fields is not None and stores is not None else None
        if not isinstance(expr, ast.Call):
            return None
        func = expr.func
        if isinstance(func, ast.Attribute) and func.attr == "parse_args":
            if expr.args and isinstance(expr.args[0], (ast.List, ast.Tuple)) and expr.args[0].elts or keyword(expr, "namespace") is not None:
                return None  # options given in the code, or values of a namespace that defaults do not replace
            return [_Source("argparse", name=name)]
        qualified = self.evaluator.resolve(func) or ""
        if qualified in CLASS_PARSERS:
            args = positional(expr)
            cls = self.record_class(args[0], scope, at) if args else None
            if cls is None or keyword(expr, "default") is not None:
                return None
            return [_Source("record", cls, name=name)]
        if qualified in CONFIG_DICTS:
            initial = _initial_fields(expr)
            if initial is None:
                return None
            fields = self.collection_stores(binding, scope) if binding is not None else ()
            return [_Source("collection", fields=initial + fields, name=name)] if fields is not None else None
        if self.evaluator.is_builtin(func, "dict") and not expr.args and not has_star_args(expr):
            fields = tuple(((item.arg,), item.value) for item in expr.keywords if item.arg)
            return [_Source("dict", fields=fields, name=name)]
        if not isinstance(func, ast.Name) or qualified:
            return None
        callees = self.bindings(func.id, scope, at)
        if len(callees) != 1:
            return None
        callee, where = callees[0]
        if callee.kind == "class":
            cls = callee.value
            if not self.is_config_class(cls, where):  # type: ignore[arg-type]
                return None
            if (expr.args or expr.keywords) and not self.is_record(cls):  # type: ignore[arg-type]
                return None  # a plain class's ``__init__`` does what it does with its arguments
            opaque = has_star_args(expr) or bool(expr.args)
            keywords = tuple((item.arg, item.value) for item in expr.keywords if item.arg)
            return [_Source("record", cls, keywords=keywords, any_construction=opaque, name=name)]  # type: ignore[arg-type]
        if callee.kind == "def" and depth < MAX_DEPTH and not expr.args and not expr.keywords:
            function = callee.value
            inner = self.facts.scope(function, where)  # type: ignore[arg-type]
            if not inner.returns:
                return None
            found: list[_Source] = []
            for statement in inner.returns:
                if statement.value is None:
                    return None
                at_return = inner.position_of(statement)
                if isinstance(statement.value, ast.Name):
                    sources = self.sources_of_name(statement.value.id, inner, at_return, depth + 1)
                else:
                    sources = self.sources_of_expr(statement.value, inner, at_return, None, depth + 1)
                if not sources:
                    return None
                found.extend(sources)
            return found
        return None

    # -- record classes ----------------------------------------------------------------------

    def record_class(self, expr: ast.AST, scope: Scope, at) -> ast.ClassDef | None:
        """The class of the module a name (or an annotation, ``"Args"``) stands for, when it holds configuration."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str) and expr.value.isidentifier():
            expr = ast.Name(id=expr.value, ctx=ast.Load())
        if not isinstance(expr, ast.Name):
            return None
        bindings = self.bindings(expr.id, scope, at)
        if len(bindings) != 1 or bindings[0][0].kind != "class":
            return None
        cls, where = bindings[0][0].value, bindings[0][1]
        return cls if self.is_config_class(cls, where) else None  # type: ignore[return-value]

    def is_config_class(self, cls: ast.ClassDef, scope: Scope, depth: int = 0) -> bool:
        """A record of fields (a dataclass, attrs, NamedTuple...), or a plain class of the module
        whose bases are such classes: its class-level defaults are what an instance holds unless
        the module writes them (``self.n = ...`` is a write)."""
        if depth > MAX_DEPTH:
            return False
        for decorator in cls.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            qualified = self.evaluator.resolve(target) or ""
            if _record_decorator(qualified):
                continue
            return False  # an unknown decorator may do anything
        if cls.keywords or any(isinstance(item, ast.FunctionDef) and item.name in ("__getattribute__", "__new__") for item in cls.body):
            return False  # a metaclass, or attributes computed on the fly
        for base in cls.bases:
            qualified = self.evaluator.resolve(base) or ""
            last = qualified.rpartition(".")[2] if qualified else (base.id if isinstance(base, ast.Name) else "")
            if qualified and last in RECORD_BASES or not qualified and last == "object":
                continue
            parent = self.record_class(base, scope, None) if isinstance(base, ast.Name) and not qualified else None
            if parent is None:
                return False
        return True

    def is_record(self, cls: ast.ClassDef, depth: int = 0) -> bool:
        """A record of fields: a dataclass-like decorator, or a record base (``NamedTuple``),
        directly or through a base class of the module. Its constructor's keywords set its fields."""
        for decorator in cls.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            if _record_decorator(self.evaluator.resolve(target) or ""):
                return True
        for base in cls.bases:
            qualified = self.evaluator.resolve(base) or ""
            if qualified and qualified.rpartition(".")[2] in RECORD_BASES:
                return True
            parent = self.record_class(base, self.facts.module_scope, None) if isinstance(base, ast.Name) and not qualified and depth < MAX_DEPTH else None
            if parent is not None and self.is_record(parent, depth + 1):
                return True
        return False

    def class_fields(self, cls: ast.ClassDef, scope: Scope | None = None, depth: int = 0) -> dict[str, ast.expr | None]:
        """Field name -> the expression of its default (None: no default, or not shown), bases first."""
        fields: dict[str, ast.expr | None] = {}
        if depth <= MAX_DEPTH:
            for base in cls.bases:
                parent = self.record_class(base, self.facts.module_scope, None) if isinstance(base, ast.Name) else None
                if parent is not None:
                    fields.update(self.class_fields(parent, None, depth + 1))
        for statement in cls.body:
            if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                fields[statement.target.id] = _default_of(statement.value) if statement.value is not None else None
            elif isinstance(statement, ast.Assign):
                for target in statement.targets:
                    if isinstance(target, ast.Name):
                        fields[target.id] = _default_of(statement.value)
                    else:
                        for name in ast.walk(target):
                            if isinstance(name, ast.Name):
                                fields[name.id] = None
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                fields[statement.name] = None  # a property or method of that name: not a stated int
        return fields

    # -- ml_collections ----------------------------------------------------------------------

    def collection_stores(self, binding: Binding, scope: Scope) -> tuple[tuple[tuple[str, ...], ast.expr], ...] | None:
        """The fields set on a ConfigDict in the scope that builds it: ``config.a.b = value``
        (and ``config["a"] = value``) where this binding of ``config`` reaches."""
        name = binding.name
        found: list[tuple[tuple[str, ...], ast.expr]] = []
        for statement in walk_local(scope.node):
            if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
                continue
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            for target in targets:
                path = _store_path(target, name)
                if path is None:
                    continue
                reaching = scope.reaching(name, scope.position_of(statement))
                if len(reaching) != 1 or reaching[0] is not binding:
                    return None
                nested = _nested_fields(statement.value, path)
                found.extend(nested if nested is not None else [(path, statement.value)])
        return tuple(found)

    # -- what a source states ----------------------------------------------------------------

    def could_state(self, source: _Source, path: tuple[str, ...]) -> bool:
        """A cheap first answer, before the module's writes are known: False when the source
        cannot state an int for ``path`` whatever the writes (a literal without that int, a
        record class whose field has no int default)."""
        if source.kind == "argparse":
            return True
        if source.kind in ("collection", "dict"):
            return self.stated(source, path, _NO_WRITES) is not None
        cls = source.cls
        if cls is None:
            return False
        if len(path) > 1:
            return True
        given = dict(source.keywords)
        expr = given[path[0]] if path[0] in given else self.class_fields(cls).get(path[0])
        return expr is not None and _int_of(expr) is not None

    def stated(self, source: _Source, path: tuple[str, ...], writes: _ModuleWrites) -> Stated | None:
        if source.kind == "argparse":
            if len(path) != 1 or writes.opaque_defaults:
                return None
            defaults = writes.arguments.get(path[0])
            if not defaults or any(item is None for item in defaults) or len({item.value for item in defaults}) != 1:  # type: ignore[union-attr]
                return None
            return defaults[0]
        if source.kind in ("collection", "dict"):
            matches = [expr for where, expr in source.fields if where == path]
            if len(matches) != 1 or any(where[: len(path)] == path and len(where) > len(path) for where, _ in source.fields):
                return None
            value = _int_of(matches[0])
            if value is None:
                return None
            line = matches[0].lineno
            what = "set in the ConfigDict" if source.kind == "collection" else "in the dict literal"
            return Stated(value, f"{what}, {value} (line {line})")
        return self.record_stated(source, path, writes, 0)

    def record_stated(self, source: _Source, path: tuple[str, ...], writes: _ModuleWrites, depth: int) -> Stated | None:
        cls = source.cls
        if cls is None or depth > MAX_DEPTH or "self" in writes.opaque:
            return None  # some method sets attributes of its instance by computed names
        record = self.is_record(cls)
        if source.any_construction and (cls.name in writes.subclassed or not self.constructions_keep(cls.name, path[0], writes, record)):
            return None  # a parameter: what any construction of the module (or a subclass) gives may arrive
        if not record and source.keywords:
            return None  # a plain class's ``__init__`` does what it does with its arguments
        given = dict(source.keywords)
        if path[0] in given:
            expr: ast.expr | None = given[path[0]]
            where = "given to the constructor"
        else:
            fields = self.class_fields(cls)
            if path[0] not in fields:
                return None
            expr = fields[path[0]]
            where = f"the default of `{cls.name}.{path[0]}`"
        if expr is None:
            return None
        if len(path) > 1:
            inner = self.nested_record(expr)
            if inner is None:
                return None
            return self.record_stated(inner, path[1:], writes, depth + 1)
        value = _int_of(expr)
        return Stated(value, f"{where}, {value} (line {expr.lineno})") if value is not None else None

    def nested_record(self, expr: ast.expr) -> _Source | None:
        """``Model()`` or ``Model`` (a default factory) of a record class: a nested configuration."""
        call = expr if isinstance(expr, ast.Call) else None
        target = call.func if call is not None else expr
        cls = self.record_class(target, self.facts.module_scope, None)
        if cls is None or call is not None and (call.args or has_star_args(call)):
            return None
        keywords = tuple((item.arg, item.value) for item in call.keywords if item.arg) if call is not None else ()
        return _Source("record", cls, keywords=keywords)

    def constructions_keep(self, class_name: str, field_name: str, writes: _ModuleWrites, record: bool) -> bool:
        """Whether every construction of ``class_name`` in the module leaves ``field_name`` at its
        default: no positional or ``**`` arguments, and no keyword of that name (of a plain
        class, no arguments at all)."""
        for keywords in writes.constructions.get(class_name, []):
            if keywords is None or field_name in keywords or not record and keywords:
                return False
        return True


# -- the module's writes ---------------------------------------------------------------------


def _module_writes(facts: Facts) -> _ModuleWrites:
    found = _WRITES.get(facts)
    if found is not None:
        return found
    writes = _ModuleWrites()
    definitions = _definition_stores(facts)
    for node in ast.walk(facts.module):
        if isinstance(node, ast.ClassDef):
            writes.subclassed.update(base.id for base in node.bases if isinstance(base, ast.Name))
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if id(node) not in definitions:
                writes.written.add(node.attr)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)):
            key = node.slice
            if id(node) in definitions:
                continue
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                writes.written.add(key.value)
            else:
                _opaque(writes, node.value)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            writes.opaque.add(node.target.id)  # ``cfg |= other``
        elif isinstance(node, ast.Call):
            _call_writes(node, writes)
    _WRITES[facts] = writes
    return writes


def _definition_stores(facts: Facts) -> set[int]:
    """The stores that build a ConfigDict (``config.n = 5`` in the scope that binds ``config =
    ml_collections.ConfigDict()``): they state the configuration rather than change it."""
    found: set[int] = set()
    scopes = [facts.module, *(node for node in ast.walk(facts.module) if isinstance(node, FUNCTION_NODES))]
    for node in scopes:
        statements = [statement for statement in walk_local(node) if isinstance(statement, ast.stmt)]
        builders = {
            statement.targets[0].id
            for statement in statements
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and isinstance(statement.value, ast.Call) and (facts.names.resolve(statement.value.func) or "") in CONFIG_DICTS
        }
        # ``hp = {}`` then ``hp["num_steps"] = 1`` in the same scope: keys set as it is built
        literals = {
            statement.targets[0].id
            for statement in statements
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
            and isinstance(statement.value, ast.Dict)
        }
        if not builders and not literals:
            continue
        for statement in statements:
            if isinstance(statement, ast.Assign):
                for target in statement.targets:
                    root = target
                    while isinstance(root, (ast.Attribute, ast.Subscript)):
                        root = root.value
                    if target is not root and isinstance(root, ast.Name) and (root.id in builders or root.id in literals and isinstance(target, ast.Subscript)):
                        found.add(id(target))
    return found


def _call_writes(call: ast.Call, writes: _ModuleWrites) -> None:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name in ("setattr", "delattr", "__setattr__", "__delattr__") and call.args:
        key = call.args[1] if len(call.args) > 1 else None
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            writes.written.add(key.value)
        else:
            _opaque(writes, call.args[0])
        return
    if name == "add_argument" and isinstance(func, ast.Attribute):
        _argument(call, writes)
        return
    if name in WRITERS:
        receiver = func.value if isinstance(func, ast.Attribute) else call.args[0] if call.args else None
        if name in ("replace", "evolve") and isinstance(func, ast.Name) and call.args:
            receiver = call.args[0]
        for item in call.keywords:
            if item.arg is None:
                _opaque(writes, receiver)
            else:
                writes.written.add(item.arg)
        arguments = call.args[1:] if receiver is not None and call.args and receiver is call.args[0] else call.args
        for argument in arguments:
            if isinstance(argument, ast.Dict) and all(isinstance(key, ast.Constant) for key in argument.keys):
                writes.written.update(key.value for key in argument.keys if isinstance(key, ast.Constant) and isinstance(key.value, str))  # type: ignore[union-attr]
            elif name in ("update", "set_defaults", "override"):
                _opaque(writes, receiver)
        if name == "set_defaults" and (call.args or any(item.arg is None for item in call.keywords)):
            writes.opaque_defaults = True
    if isinstance(func, ast.Name) and func.id == "cls":
        writes.written.update(item.arg for item in call.keywords if item.arg)  # ``cls(num_steps=3)`` in a classmethod
    if isinstance(func, ast.Name):
        writes.constructions.setdefault(func.id, []).append(
            None if call.args or has_star_args(call) else frozenset(item.arg for item in call.keywords if item.arg)
        )


def _opaque(writes: _ModuleWrites, receiver: ast.AST | None) -> None:
    """What ``receiver`` (``cfg``, ``args.__dict__``, ``vars(args)``) stands on may change in any field."""
    while isinstance(receiver, (ast.Attribute, ast.Subscript)) or isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Name) and receiver.func.id == "vars" and receiver.args:
        receiver = receiver.args[0] if isinstance(receiver, ast.Call) else receiver.value
    if isinstance(receiver, ast.Name):
        writes.opaque.add(receiver.id)


def _argument(call: ast.Call, writes: _ModuleWrites) -> None:
    """One ``add_argument``: its dest and the int default it states (None: not one)."""
    flags = [arg.value for arg in call.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
    if len(flags) != len(call.args) or not flags:
        return
    dest_node = keyword(call, "dest")
    if dest_node is not None:
        if not (isinstance(dest_node, ast.Constant) and isinstance(dest_node.value, str)):
            return
        dest = dest_node.value
    else:
        long = [flag for flag in flags if flag.startswith("--")]
        short = [flag for flag in flags if flag.startswith("-")]
        chosen = long[0] if long else short[0] if short else flags[0]
        dest = chosen.lstrip("-").replace("-", "_")
    action = keyword(call, "action")
    nargs = keyword(call, "nargs")
    default = keyword(call, "default")
    action_name = action.value if isinstance(action, ast.Constant) else "?" if action is not None else None
    required = keyword(call, "required")
    stated: Stated | None = None
    optional = required is None or isinstance(required, ast.Constant) and required.value is False
    if action_name in STORE_ACTIONS and nargs is None and optional and default is not None and not any(item.arg is None for item in call.keywords):
        value = _int_of(default)
        kind = keyword(call, "type")
        if value is None and isinstance(default, ast.Constant) and isinstance(default.value, str) and isinstance(kind, ast.Name) and kind.id == "int":
            value = int(default.value) if default.value.strip().lstrip("+-").isdigit() else None
        if value is not None:
            stated = Stated(value, f"argparse default {value} (line {call.lineno})")
    writes.arguments.setdefault(dest, []).append(stated)


# -- syntax ----------------------------------------------------------------------------------


def _record_decorator(qualified: str) -> bool:
    return qualified in RECORD_DECORATORS or qualified.endswith(".dataclass")


def _default_of(value: ast.expr) -> ast.expr | None:
    """A field's default: the value, or ``default=`` (``default_factory=``) of a field specifier."""
    if isinstance(value, ast.Call):
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name in FIELD_CALLS:
            given = keyword(value, "default")
            if given is not None:
                return given
            factory = keyword(value, "default_factory") or keyword(value, "factory")
            return factory
    return value


def _store_path(target: ast.AST, name: str) -> tuple[str, ...] | None:
    """``config.a.b`` (or ``config["a"]``) -> ``("a", "b")`` when rooted at ``name``."""
    path: list[str] = []
    while isinstance(target, (ast.Attribute, ast.Subscript)):
        if isinstance(target, ast.Attribute):
            path.append(target.attr)
        elif isinstance(target.slice, ast.Constant) and isinstance(target.slice.value, str):
            path.append(target.slice.value)
        else:
            return None
        target = target.value
    if not path or not (isinstance(target, ast.Name) and target.id == name):
        return None
    return tuple(reversed(path))


def _dict_fields(node: ast.Dict, prefix: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], ast.expr], ...] | None:
    """The keys of a dict literal, nested dicts followed; None when a key is not a string (``**other``)."""
    found: list[tuple[tuple[str, ...], ast.expr]] = []
    for key, value in zip(node.keys, node.values):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return None
        path = (*prefix, key.value)
        nested = _nested_fields(value, path)
        found.extend(nested if nested is not None else [(path, value)])
    return tuple(found)


def _nested_fields(value: ast.expr, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], ast.expr]] | None:
    """A dict literal (or ``dict(...)``, ``ConfigDict({...})``) stored at ``path``: its fields below it."""
    if isinstance(value, ast.Dict):
        fields = _dict_fields(value, path)
        return [(path, value)] if fields is None else [(path, value), *fields]
    if isinstance(value, ast.Call):
        name = value.func.attr if isinstance(value.func, ast.Attribute) else value.func.id if isinstance(value.func, ast.Name) else None
        if name in ("ConfigDict", "FrozenConfigDict", "dict"):
            initial = _initial_fields(value)
            if initial is None:
                return [(path, value)]
            return [(path, value), *(((*path, *where), expr) for where, expr in initial)]
    return None


def _initial_fields(call: ast.Call) -> tuple[tuple[tuple[str, ...], ast.expr], ...] | None:
    """What ``ConfigDict({...})`` or ``dict(a=1)`` starts with; None when it is not shown."""
    if has_star_args(call):
        return None
    found: list[tuple[tuple[str, ...], ast.expr]] = [((item.arg,), item.value) for item in call.keywords if item.arg and item.arg not in CONFIG_DICT_OPTIONS]
    args = positional(call)
    if args:
        if not isinstance(args[0], ast.Dict):
            return None
        fields = _dict_fields(args[0], ())
        if fields is None:
            return None
        found.extend(fields)
    return tuple(found)


def _int_of(expr: ast.AST, depth: int = 0) -> int | None:
    """An int literal, or simple arithmetic of them (``2 ** 10``, ``int(1e6)``, ``-1``)."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Constant):
        return expr.value if type(expr.value) is int else None
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        inner = _int_of(expr.operand, depth + 1)
        return None if inner is None else -inner if isinstance(expr.op, ast.USub) else inner
    if isinstance(expr, ast.BinOp):
        left, right = _int_of(expr.left, depth + 1), _int_of(expr.right, depth + 1)
        if left is None or right is None:
            return None
        op = expr.op
        if isinstance(op, ast.Add):
            return left + right
        if isinstance(op, ast.Sub):
            return left - right
        if isinstance(op, ast.Mult):
            return left * right
        if isinstance(op, ast.FloorDiv) and right:
            return left // right
        if isinstance(op, ast.Mod) and right:
            return left % right
        if isinstance(op, ast.Pow) and 0 <= right <= 64 and abs(left) <= 1 << 16:
            return left**right
        if isinstance(op, ast.LShift) and 0 <= right <= 64:
            return left << right
        return None
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "int" and len(expr.args) == 1 and not expr.keywords:
        inner = expr.args[0]
        if isinstance(inner, ast.Constant) and isinstance(inner.value, float) and inner.value.is_integer() and abs(inner.value) < 1e18:
            return int(inner.value)
        return _int_of(inner, depth + 1)
    return None
