"""What rules may ask about the file they are visiting.

One ``Context`` per file. The engine keeps it in step with the walk (the enclosing
functions and classes, and the statement being visited), so a rule can ask about
"here" without passing positions around: ``ctx.value(expr)`` is what ``expr``
holds at this statement, ``ctx.extent(iterable)`` how long a loop over it runs.
Facts are computed on first use, so a file in which no rule finds a candidate
pays only for its parse and its summary.
"""

from __future__ import annotations

import ast
import traceback
from typing import TYPE_CHECKING

from gradadvisor.analysis.captures import self_attributes, static_parameters
from gradadvisor.analysis.captured_size import loaded_record
from gradadvisor.analysis.inert_steps import set_aside
from gradadvisor.analysis.host_code import CONVERSION, DRIVER, ELEMENT_BRANCH, FRAME_HINT, UNTRACEABLE, host_reason, import_fallbacks, jitted_plainly
from gradadvisor.analysis.extent import Extent, ExtentReader, created_shape, held_elsewhere, indexed_rows
from gradadvisor.analysis import library as lib
from gradadvisor.analysis.facts import Facts, Scope, parameter_defaults
from gradadvisor.analysis.gradient import TRANSFORM_LEVELS
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.summary import function_key
from gradadvisor.analysis.syntax import FUNCTION_NODES, Source, Span, dotted, one_line
from gradadvisor.analysis.values import PARAM, Value
from gradadvisor.analysis.vectorize import sibling_lists
from gradadvisor.fixes.render import Renderer
from gradadvisor.rules.base import Candidate

if TYPE_CHECKING:
    from gradadvisor.rules.base import Rule


class Context:
    def __init__(self, path: str, source: Source, tree: ast.Module, names: ImportMap, facts: Facts) -> None:
        self.path = path
        self.source = source
        self.tree = tree
        self.names = names
        self.facts = facts
        self.renderer = Renderer(source, tree)
        self.candidates: list[Candidate] = []
        self.crashes: dict[str, str] = {}
        #: Enclosing functions, lambdas and classes of the node being visited (innermost last).
        self.scopes: list[ast.AST] = []
        self._function_scopes: list[Scope] = [facts.module_scope]
        self._keys: list[str] = []
        self._qualnames: list[str] = []
        #: The statement of the current function that holds the node being visited.
        self._statements: list[ast.AST | None] = [None]
        #: id(function) -> id(statement) -> (its block, its position), built on first ask.
        self._places: dict[int, dict[int, tuple[list[ast.stmt], int]]] = {}
        #: id(function) -> why no trace can run it (``host_reason``), for functions with candidates.
        self._host: dict[int, str | None] = {}
        self._fallbacks: dict[int, str] | None = None
        #: question -> id(node) -> answer, for analysis questions two rules ask of one node.
        self._memos: dict[str, dict] = {}
        #: Character ranges of the statements set aside from loop steps (``inert_steps``), on first ask.
        self._set_aside_ranges: list[tuple[int, int]] | None = None

    # -- the walk ---------------------------------------------------------------------------

    def enter(self, node: ast.AST) -> None:
        if isinstance(node, FUNCTION_NODES):
            self.scopes.append(node)
            self._function_scopes.append(self.facts.scope(node, self._function_scopes[-1]))
            name = getattr(node, "name", "<lambda>")
            qualname = ".".join([*self._qualnames, name]) if name != "<lambda>" else "<lambda>"
            self._qualnames.append(name)
            self._keys.append(function_key(node, qualname))
            self._statements.append(node.body if isinstance(node, ast.Lambda) else None)
        elif isinstance(node, ast.ClassDef):
            self.scopes.append(node)
            self._qualnames.append(node.name)
        elif isinstance(node, ast.stmt):
            self._statements.append(node)

    def leave(self, node: ast.AST) -> None:
        if isinstance(node, FUNCTION_NODES):
            self.scopes.pop()
            self._function_scopes.pop()
            self._qualnames.pop()
            self._keys.pop()
            self._statements.pop()
        elif isinstance(node, ast.ClassDef):
            self.scopes.pop()
            self._qualnames.pop()
        elif isinstance(node, ast.stmt):
            self._statements.pop()

    # -- where we are ------------------------------------------------------------------------

    @property
    def function(self) -> ast.AST | None:
        for node in reversed(self.scopes):
            if isinstance(node, FUNCTION_NODES):
                return node
        return None

    @property
    def klass(self) -> ast.ClassDef | None:
        for node in reversed(self.scopes):
            if isinstance(node, ast.ClassDef):
                return node
            if isinstance(node, FUNCTION_NODES) and not isinstance(node, ast.Lambda):
                break
        return None

    @property
    def scope(self) -> Scope:
        return self._function_scopes[-1]

    @property
    def statement(self) -> ast.AST | None:
        return self._statements[-1]

    def enclosing_statements(self) -> list[ast.stmt]:
        """The statements of the current function around the node being visited, outermost first."""
        found: list[ast.stmt] = []
        for item in reversed(self._statements):
            if not isinstance(item, ast.stmt):
                break
            found.append(item)
        return found[::-1]

    def block_of(self, statement: ast.stmt) -> tuple[list[ast.stmt], int] | None:
        """The statement list of the current function that holds ``statement`` (at any depth:
        loop bodies, branches, handlers, cases; a ``with`` body opened into the list around it:
        ``vectorize.sibling_lists``), and its position there; None outside a def."""
        function = self.function
        if function is None or isinstance(function, ast.Lambda):
            return None
        places = self._places.get(id(function))
        if places is None:
            places = self._places[id(function)] = {
                id(item): (block, position) for block in sibling_lists(function) for position, item in enumerate(block)
            }
        return places.get(id(statement))

    @property
    def keys(self) -> tuple[str, ...]:
        """The enclosing functions' keys, innermost first (as the summary names them)."""
        return tuple(reversed(self._keys))

    # -- facts ---------------------------------------------------------------------------------

    def value(self, expr: ast.AST, overlay: dict[str, Value] | None = None) -> Value:
        """What ``expr`` holds here (``overlay``: values of comprehension variables)."""
        return self.facts.value(expr, self.scope, self.statement, overlay)

    def dtype_callers(self, expr: ast.AST) -> list[str] | None:
        """When ``expr``'s dtype is that of a parameter (``x``, ``x[i]``, ``x.T``, a reshape of
        ``x``): the check that call sites passing float32/float64 arrays for it prove a dtype
        precondition (``Preconditions.require(..., callers=...)``); else None."""
        param = self.facts.dtype_source(expr, self.scope, self.statement)
        return [f"float {param}"] if param is not None else None

    def parameter_of(self, expr: ast.AST) -> str | None:
        """The parameter ``expr`` (a name) holds here, unchanged since the call."""
        return self.facts.parameter_of(expr, self.scope, self.statement)

    def _extents(self) -> ExtentReader:
        # Made per call, not kept: a reader holding this context's bound methods would be a
        # reference cycle, and a cycle keeps the file's whole syntax tree for the collector.
        return ExtentReader(self.value, self.code, self.is_builtin, self.resolve, self.assigned, self.parameter_part, self.parameter_default,
                            lambda name: name in self.scope.params, self.as_passed, self.constructor_param, self.used_as_mapping,
                            self.module_setting, self.attribute_literal, self.attribute_origin, self.attribute_tuple, self.sizes_weights,
                            self.holds_functions, lambda name: name in static_parameters(self.function, self.resolve))

    def constructor_param(self, attr: str) -> tuple[str, int | None, str] | None:
        """The ``__init__`` parameter that ``self.<attr>`` holds in the class around (``self.ticks
        = ticks``, ``self.ticks = int(ticks)``), when ``__init__`` is its only assignment, with its
        literal int default (None: none) and ``__init__``'s key (where call sites pass it)."""
        found = self._only_assignment(attr)
        if found is None or found[1].name != "__init__":
            return None
        klass, method, value = found
        qualname = ".".join(self._qualnames[: self.scopes.index(klass) + 1])
        params = {arg.arg for arg in [*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs][1:]}
        if not (isinstance(value, ast.Name) and value.id in params):
            return None
        return value.id, self._int_default(parameter_defaults(method.args).get(value.id)), function_key(method, f"{qualname}.__init__")

    def _int_default(self, node: ast.AST | None) -> int | None:
        """A default or field value as an int: a literal, or a name the module binds once to one
        (``numrad: int = NUMRAD`` with ``NUMRAD = 2``)."""
        if isinstance(node, ast.Name):
            node = self.facts.module_constant(node.id)
        return _int_constant(node)

    def attribute_literal(self, attr: str) -> tuple[int, str] | None:
        """``(count, where)`` when the class around assigns ``self.<attr>`` once, in any method,
        to an int literal (``self.n_levels = 300``, ``int(300)``), or, assigning it nowhere,
        declares it in its body with one (``horizon: int = 3``, a dataclass field); else None."""
        found = self._only_assignment(attr)
        count = _int_constant(found[2]) if found is not None else None
        if found is not None:
            return (count, f"`{found[1].name}`") if count is not None else None
        klass = next((node for node in reversed(self.scopes) if isinstance(node, ast.ClassDef)), None)
        if klass is None or self.memo("class_attributes").get(id(klass), {}).get(attr):
            return None
        for item in klass.body:
            target = item.target if isinstance(item, ast.AnnAssign) else item.targets[0] if isinstance(item, ast.Assign) and len(item.targets) == 1 else None
            if isinstance(target, ast.Name) and target.id == attr and item.value is not None:  # type: ignore[union-attr]
                count = self._int_default(item.value)  # type: ignore[union-attr]
                return (count, f"the class body (`{attr}` defaults to {count})") if count is not None else None
        return None

    def sizes_weights(self, param: str) -> str | None:
        """The call by which ``__init__`` of the class around creates a weight with the parameter
        ``param`` in its shape (``jax.random.normal(key, (order, c))``, an initializer,
        ``hk.get_parameter``, ``self.param``), as written; else None. A count that sizes the
        object's own weights is a model size (an order, a width), not a data size."""
        klass = next((node for node in reversed(self.scopes) if isinstance(node, ast.ClassDef)), None)
        init = next((node for node in klass.body if isinstance(node, ast.FunctionDef) and node.name == "__init__"), None) if klass is not None else None
        if init is None:
            return None
        for node in ast.walk(init):
            shape = created_shape(node, self.resolve, random=True) if isinstance(node, ast.Call) else None
            if shape is not None and any(isinstance(item, ast.Name) and item.id == param for item in ast.walk(shape)):
                return one_line(ast.unparse(node), 50)
        return self._sizes_layers(init, param)

    def _sizes_layers(self, init: ast.FunctionDef, param: str) -> str | None:
        """The call by which ``__init__`` builds a network of a module library (``hk.nets.MLP``,
        ``nn.Dense``, ``eqx.nn.Linear``) with a width that ``param`` gives, directly or through
        the locals and attributes ``__init__`` computes from it before (``self.layers =
        [self.bidders * self.items, 64]``, then ``MLP(self.layers)``), as written; else None. A
        count that sizes a layer is fixed by the architecture."""
        carried = {param}

        def reads(expr: ast.AST) -> bool:
            return any(isinstance(item, ast.Name) and item.id in carried
                       or isinstance(item, ast.Attribute) and isinstance(item.value, ast.Name) and item.value.id == "self" and f"self.{item.attr}" in carried
                       for item in ast.walk(expr))

        for stmt in ast.walk(init):
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and reads(stmt.value):
                target = stmt.targets[0]
                if isinstance(target, ast.Name):
                    carried.add(target.id)
                elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    carried.add(f"self.{target.attr}")
            elif isinstance(stmt, ast.Call) and (self.resolve(stmt.func) or "").startswith(lib.LAYER_LIBRARIES):
                if any(reads(arg) for arg in [*stmt.args, *(k.value for k in stmt.keywords)]):
                    return one_line(ast.unparse(stmt), 50)
        return None

    def attribute_tuple(self, attr: str) -> list[int] | None:
        """The ints of the literal tuple or list the class around assigns ``self.<attr>`` once
        (``self.dims = (64, 300)``); else None."""
        found = self._only_assignment(attr)
        if found is None or not isinstance(found[2], (ast.Tuple, ast.List)) or not found[2].elts:
            return None
        entries = [_int_constant(item) for item in found[2].elts]
        return None if None in entries else entries  # type: ignore[return-value]

    def attribute_origin(self, attr: str) -> tuple[str, str, tuple[str, ...], str, str | None] | None:
        """``(method, source, names, text, loader)`` when the class around assigns ``self.<attr>``
        once, from a parameter of that method other than ``self`` (``loader`` None), or from a local
        the method loads from a file (``blob = json.load(fh)``: ``loader`` is ``json.load``): the
        source itself, an entry or attribute of it (``int(spec["n_hops"])``, ``cfg.n``), its
        ``len``, or an axis of its shape (``self.nsl, self.nx = G.shape``); ``names`` are the keys
        and attributes read on the way (``("n_hops",)``), for the name tests; ``text`` the value as
        written. None otherwise."""
        found = self._only_assignment(attr)
        if found is None:
            return None
        _, method, value = found
        written = value
        names: list[str] = []
        while True:
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("int", "len") and len(value.args) == 1 and not value.keywords:
                if value.func.id == "len":
                    names.append("len")
                value = value.args[0]
            elif isinstance(value, ast.Subscript):
                key = value.slice
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    names.append(key.value)
                elif not (isinstance(key, ast.Constant) and type(key.value) is int):
                    return None
                value = value.value
            elif isinstance(value, ast.Attribute):
                names.append(value.attr)
                value = value.value
            else:
                break
        params = [arg.arg for arg in [*method.args.posonlyargs, *method.args.args, *method.args.kwonlyargs][1:]]
        if not isinstance(value, ast.Name):
            return None
        loader = None
        if value.id not in params:
            # ``blob = json.load(fh)``, then ``self.n = blob["n"]``: a count read from a loaded file
            loader = loaded_record(self.facts.scope(method).bindings.get(value.id, []), self.resolve)
            if loader is None:
                return None
        return method.name, value.id, tuple(reversed(names)), one_line(ast.unparse(written), 40), loader

    def _only_assignment(self, attr: str) -> tuple[ast.ClassDef, ast.FunctionDef, ast.expr] | None:
        """``(class, method, value)`` of the one ``self.<attr> = value`` in the class around
        (``int(value)`` read as ``value``), or None when there is no class or not one assignment."""
        klass = next((node for node in reversed(self.scopes) if isinstance(node, ast.ClassDef)), None)
        if klass is None:
            return None
        answers = self.memo("class_attributes")
        if id(klass) not in answers:
            answers[id(klass)] = self_attributes(klass, unpacked=True)
        assigned = answers[id(klass)].get(attr, [])
        if len(assigned) != 1:
            return None
        method, _, value = assigned[0]
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "int" and len(value.args) == 1:
            value = value.args[0]
        return klass, method, value

    def module_setting(self, name: str) -> tuple[int, str] | None:
        """The int default that the functions of this module taking a parameter ``name`` with a
        default all give it (``def __init__(self, ..., temp_steps=10)``), and the classes declaring
        a field so named (``max_iters: int = 60`` in a dataclass, ``max_iters = 60`` in a class
        body), and the first of them; None when none does, or the defaults differ or are not int
        literals."""
        answers = self.memo("module_setting")
        if not answers:
            found: dict[str, list[tuple[object, str]]] = {}
            for node in ast.walk(self.tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    for param, default in parameter_defaults(node.args).items():
                        found.setdefault(param, []).append((self._int_default(default), node.name))
                elif isinstance(node, ast.ClassDef):
                    for stmt in node.body:
                        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
                            field, default = stmt.target.id, stmt.value
                        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                            field, default = stmt.targets[0].id, stmt.value
                        else:
                            continue
                        if isinstance(default, ast.Call) and (dotted(default.func) or "").rpartition(".")[2] == "field":
                            # ``budget: int = struct.field(pytree_node=False, default=50_000)``
                            default = next((k.value for k in default.keywords if k.arg == "default"), default)
                        found.setdefault(field, []).append((self._int_default(default), node.name))
            answers[0] = found
        settings = answers[0].get(name, [])
        values = {literal for literal, _ in settings}
        return (settings[0][0], settings[0][1]) if len(values) == 1 and None not in values else None  # type: ignore[return-value]

    def dead_branch(self, node: ast.If) -> bool:
        """``if DEBUG:`` where ``DEBUG`` is the module's flag bound once to ``False``
        (``ImportMap.dead_flag``) and no scope between here and the module binds the name."""
        test = node.test
        if not isinstance(test, ast.Name) or not self.names.dead_flag(test.id):
            return False
        scope = self.scope
        while scope is not None and scope is not self.facts.module_scope:
            if scope.binds(test.id):
                return False
            scope = scope.parent
        return True

    def used_as_mapping(self, name: str) -> bool:
        """The function unpacks ``name`` with ``**`` (``{**extras}``, ``f(**extras)``), calls its
        ``items``/``keys``/``values``, reads it at a string key, or walks it and reads it at each
        item walked (``for k in moduli: moduli[k]``: its keys): a mapping, not an array."""
        function = self.function
        if function is None:
            return False
        for node in ast.walk(function):
            if (isinstance(node, ast.For) and isinstance(node.iter, ast.Name) and node.iter.id == name and isinstance(node.target, ast.Name)
                    and any(isinstance(item, ast.Subscript) and isinstance(item.value, ast.Name) and item.value.id == name
                            and isinstance(item.slice, ast.Name) and item.slice.id == node.target.id for stmt in node.body for item in ast.walk(stmt))):
                return True
            if isinstance(node, ast.Dict) and any(key is None and isinstance(value, ast.Name) and value.id == name for key, value in zip(node.keys, node.values)):
                return True
            if isinstance(node, ast.keyword) and node.arg is None and isinstance(node.value, ast.Name) and node.value.id == name:
                return True
            if isinstance(node, ast.Attribute) and node.attr in ("items", "keys", "values") and isinstance(node.value, ast.Name) and node.value.id == name:
                return True
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                return True
        return False

    def holds_functions(self, name: str) -> bool:
        """The function calls an item of ``name`` (``model[l](h)``, ``model[-1](h)``), hands one to
        a transform as the function (``jax.vmap(model[l])``), or calls each item it walks (``for
        layer in model: h = layer(h)``): a list of layers or functions, whose length is fixed by
        the model, not by the data."""
        function = self.function
        if function is None:
            return False

        def item(node: ast.AST) -> bool:
            return isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name

        for node in ast.walk(function):
            if isinstance(node, ast.Call) and (item(node.func) or node.args and item(node.args[0]) and (self.resolve(node.func) or "") in TRANSFORM_LEVELS):
                return True
            if isinstance(node, ast.For) and isinstance(node.iter, ast.Name) and node.iter.id == name and isinstance(node.target, ast.Name):
                called = node.target.id
                if any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == called for stmt in node.body for call in ast.walk(stmt)):
                    return True
        return False

    def as_passed(self, name: str) -> bool:
        """``name`` here still holds what the caller passed: only its parameter binding reaches."""
        bindings = self.facts.bindings_at(name, self.scope, self.statement) if name in self.scope.params else []
        return bool(bindings) and all(binding.kind == "param" for binding in bindings)

    def parameter_default(self, name: str) -> ast.expr | None:
        """The default of the enclosing function's parameter ``name``, if it has one."""
        scope = self.scope
        return scope.defaults.get(name) if name in scope.params else None

    def assigned(self, name: str) -> ast.expr | None:
        """The expression ``name`` was assigned here, when one plain assignment (or one item of a
        tuple written out) reaches this point."""
        bindings = self.facts.bindings_at(name, self.scope, self.statement)
        if len(bindings) != 1 or bindings[0].kind != "assign" or not isinstance(bindings[0].value, ast.expr):
            return None
        value, path = bindings[0].value, bindings[0].path
        if not path:
            return value
        # ``H, dt = self.H, self.dt``: the item of a tuple written out at the name's position
        if len(path) == 1 and isinstance(value, (ast.Tuple, ast.List)) and 0 <= path[0] < len(value.elts) and not any(isinstance(item, ast.Starred) for item in value.elts):
            return value.elts[path[0]]
        return None

    def bound(self, name: ast.Name) -> ast.expr | None:
        """The expression a name stands for when the nearest scope that binds it binds it once,
        by a plain assignment (``bdiag = jax.jit(jax.vmap(jnp.diag))`` at module level) that
        reaches here: ``operation_of``'s ``bound``."""
        scope: Scope | None = self.scope
        while scope is not None and not scope.binds(name.id):
            scope = scope.parent
        if scope is None:
            return None
        bindings = scope.bindings[name.id]
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or not isinstance(bindings[0].value, ast.expr):
            return None
        if scope is self.scope and not self.facts.bindings_at(name.id, scope, self.statement):
            return None  # bound below this line
        return bindings[0].value

    def parameter_part(self, name: str) -> str | None:
        """``beta, gamma = params`` reaching this point, ``params`` a parameter: ``name`` is a
        part of what callers pass (a leaf or a subtree); the parameter's name, or None. Only a
        single unpacking binding."""
        bindings = self.facts.bindings_at(name, self.scope, self.statement)
        if len(bindings) != 1 or bindings[0].kind != "assign" or not bindings[0].path or any(step < 0 for step in bindings[0].path):
            return None
        whole = bindings[0].value
        return whole.id if isinstance(whole, ast.Name) and self.value(whole).kind == PARAM else None

    def extent(self, iterable: ast.AST) -> Extent:
        """How long a loop over ``iterable`` runs here; a ``range`` whose count says nothing
        (``range(self.grid.n_cells)``) runs as long as the rows its body reads at the index
        (``kappa[e]``, ``ExtentReader.of_indexed_rows``)."""
        reader = self._extents()
        extent = reader.of_iterable(iterable)
        if extent.kind != "unknown" or not (isinstance(iterable, ast.Call) and self.is_builtin(iterable.func, "range") and iterable.args):
            return extent
        bound = iterable.args[0] if len(iterable.args) == 1 else iterable.args[1]
        if isinstance(bound, ast.Name) and isinstance(self.assigned(bound.id), ast.Attribute):
            bound = self.assigned(bound.id)
        if not held_elsewhere(bound):
            return extent  # a parameter, a shape's entry, the object's own setting: their own facts decide
        found = indexed_rows(self.function or self.tree, iterable)
        return reader.of_indexed_rows(*found) if found is not None else extent

    def extent_of_bound(self, bound: ast.AST) -> Extent:
        return self._extents().of_bound(bound)

    def resolve(self, node: ast.AST) -> str | None:
        """The qualified name ``node`` means here (``jnp.sum`` -> ``jax.numpy.sum``), or None when
        its head is not an import or is rebound in this function."""
        from gradadvisor.analysis.facts import _Evaluator

        return _Evaluator(self.facts, self.scope, None, {}).resolve(node)

    def is_builtin(self, node: ast.AST, name: str) -> bool:
        from gradadvisor.analysis.facts import _Evaluator

        return _Evaluator(self.facts, self.scope, None, {}).is_builtin(node, name)

    def local_names(self) -> set[str]:
        """Names bound (other than by import) in the enclosing functions: a fix must not spell them."""
        found: set[str] = set()
        scope: Scope | None = self.scope
        while scope is not None and not scope.is_module:
            found.update(name for name, bindings in scope.bindings.items() if any(b.kind != "import" for b in bindings))
            scope = scope.parent
        return found

    def spell(self, qualified: str) -> tuple[str, list]:
        """How to write ``qualified`` here, and the imports that needs; ``("", [])`` when every
        spelling would clash with a local name."""
        return self.names.spell(qualified, self.local_names())

    def local_function(self, name: str) -> ast.FunctionDef | None:
        """The ``def`` that ``name`` means here (this module, lexically), if it is one."""
        found = self.scope.definition(name, "def")
        return found[0] if found is not None else None  # type: ignore[return-value]

    def shape_evidence(self, expr: ast.AST) -> str | None:
        """``"`x` has shape (100, 8), float32"`` when the facts show the array's whole shape
        (dims that are numbers or names), else None. ``bench --init`` reads these."""
        value = self.value(expr)
        if not value.is_array or value.shape is None or not all(isinstance(dim, int) or isinstance(dim, str) and dim.isidentifier() for dim in value.shape):
            return None
        dims = ", ".join(str(dim) for dim in value.shape) + ("," if len(value.shape) == 1 else "")
        dtype = f", {value.dtype}" if value.dtype else ""
        return f"`{self.code(expr)}` has shape ({dims}){dtype}"

    def code(self, node: ast.AST) -> str:
        if getattr(node, "end_col_offset", None) is not None:
            return self.source.segment(node)
        return self.renderer.code(node)

    # -- reports -------------------------------------------------------------------------------

    def host_reason(self) -> str | None:
        """Why the function being visited (or one enclosing it) cannot run under a trace
        (``analysis/host_code.py``), or None; worked out only for functions that hold a
        candidate, once each."""
        innermost = next((scope for scope in reversed(self.scopes) if isinstance(scope, FUNCTION_NODES)), None)
        for scope in reversed(self.scopes):
            if not isinstance(scope, FUNCTION_NODES):
                continue
            if id(scope) not in self._host:
                if self._fallbacks is None:
                    self._fallbacks = import_fallbacks(self.tree)
                starts, last = self.source.line_starts, scope.end_lineno or scope.lineno
                end = starts[last] if last < len(starts) else len(self.source.text)
                scipy = self.names.host_library_call
                converts = (CONVERSION.search(self.source.text, starts[scope.lineno - 1], end) is not None
                            or scipy is not None and scipy.search(self.source.text, starts[scope.lineno - 1], end) is not None)
                frames = FRAME_HINT.search(self.source.text, starts[scope.lineno - 1], end) is not None
                reason = self._fallbacks.get(id(scope)) or host_reason(scope, self.names.resolve, self.names.imports_module("matplotlib"), converts, frames)
                if reason and ELEMENT_BRANCH in reason and jitted_plainly(scope, self.tree, self.names.resolve):
                    reason = f"{UNTRACEABLE} {reason}; it is jitted with every argument traced, where that branch raises"
                self._host[id(scope)] = reason
            if self._host[id(scope)] and (scope is innermost or not self._host[id(scope)].startswith(DRIVER)):
                return self._host[id(scope)]  # a driver's own code, not the loss it defines and differentiates
        return None

    def memo(self, question: str) -> dict:
        """The answers to ``question`` so far, by node id: an analysis function asked of one
        node by two rules (at the same place of the walk) computes its answer once."""
        return self._memos.setdefault(question, {})

    def add_candidate(self, rule: "Rule", node: ast.AST, message: str, **fields) -> None:
        fields.setdefault("host", self.host_reason())
        fix = fields.get("fix")
        if fix is not None and self._crosses_set_aside(fix):
            fields["fix"] = None  # the rewrite would delete a statement the analysis set aside: advice only
        span = Span.of(node, self.source)
        self.candidates.append(
            Candidate(
                code=rule.code,
                message=message,
                path=self.path,
                span=span,
                scopes=self.keys,
                frame=_frame(self.source, span.line, span.end_line),
                **fields,
            )
        )

    def _crosses_set_aside(self, fix) -> bool:
        """Whether one of ``fix``'s edits overlaps a statement set aside from a loop's step
        (``inert_steps``: a guarded print, an unread timer, a helper ``def`` moved before the loop)."""
        ranges = self._set_aside_ranges
        if ranges is None:
            ranges = self._set_aside_ranges = [
                (self.source.start(stmt), self.source.end(stmt)) for node in ast.walk(self.tree) for stmt in set_aside(node)
            ]
        return any(edit.start < end and start < edit.end for edit in fix.edits for start, end in ranges)

    def record_crash(self, rule: "Rule", error: BaseException) -> None:
        frames = traceback.extract_tb(error.__traceback__)
        where = f" at {frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].lineno}" if frames else ""
        self.crashes[rule.code] = f"{type(error).__name__}: {error}{where}"


def _frame(source: Source, start: int, end: int) -> tuple[int, tuple[str, ...]]:
    """The finding's lines (at most 6) and one line before, for the code frame."""
    first = max(1, start - 1)
    last = min(len(source.lines), end, start + 5)
    return first, tuple(source.line(number) for number in range(first, last + 1))


def _int_constant(node: ast.AST | None) -> int | None:
    """The value of a non-negative int literal (``10``; not ``True``, not ``-1``), else None."""
    return node.value if isinstance(node, ast.Constant) and type(node.value) is int else None

