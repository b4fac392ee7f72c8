"""Functions that cannot run under a JAX trace: what their own code shows.

A scan credits a function with being traced when a transform reaches it, or, when none does and
it does jax work, with being *likely* traced by callers it cannot see. Some functions show that
no trace can run them, whatever their callers do:

- a generator function (``yield``): ``jax.jit`` of it returns a generator, no traced body;
  these are host-side data pipelines (``for epoch in ...: yield x[perm[s:e]]``);
- a function that branches in Python on the *values* of an array parameter (or an attribute of
  one: ``state.board``), read element by
  element at a loop index (``if board[i, j] >= 0:``, ``while xs[k] < t:``, ``assert p[i] > 0``):
  under a trace the comparison is a tracer and ``bool()`` of it raises, so this is host-side
  checking code (validators, debug helpers). Shapes (``x.shape[0] > 1``) are static and do not
  count, nor do constant positions (``if flags[0]:`` reads a configuration);
- a function that branches in Python on the truth of an array it computes
  (``if not jnp.all(jnp.isfinite(y)): ...``): ``bool()`` of a tracer raises;
- a function that converts an array it computes to a Python number (``float(jnp.var(x))``,
  ``v = jnp.max(y); int(v)``, ``jnp.sum(z).item()``) or to a NumPy array (``np.asarray(rows)``),
  or hands one to SciPy (``scipy.optimize.nnls(rows, t)``): under a trace that raises too;

- a function that compiles its own step (``step = jax.jit(update)``, ``eqx.filter_jit``,
  ``jax.pmap``) and runs it: a driver on the host (jit inside a trace would only inline it). This
  reason holds for the function itself, not for the functions defined in it (the loss a driver
  differentiates is traced); like the others, it drops a finding only where no trace is proven;

- a function that draws with matplotlib (a statement calling ``plt.plot(...)``, ``plt.show()``,
  or ``ax.contourf(...)``-style plotting methods in a file that imports matplotlib): plotting
  helpers evaluate a model on a grid eagerly, and a figure cannot be drawn under a trace.

``host_reason`` says which, in words a finding's evidence can quote; None when the code shows
none of them. ``mapped_fallback`` finds the eager fallback of a mapped call (``try: lax.map(f, xs)
except ...: [f(x) for x in xs]``): it runs only where mapping failed.
"""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis import values as v
from gradadvisor.analysis.gradient import BATCHING, COMPILING
from gradadvisor.analysis.names import canonical
from gradadvisor.analysis.syntax import attribute_root, nested_statements, parameter_names, walk, walk_local

#: A conversion to a Python number or a NumPy array in a function's text (``float(``,
#: ``.item(``, ``np.asarray(``), or a SciPy call: only then is ``host_reason`` asked to find one in
#: its tree.
CONVERSION = re.compile(r"\b(?:float|int|complex)\s*\(|\.item\s*\(|\b(?:np|onp|numpy)\.(?:asarray|array)\s*\(|\bscipy\b")
#: How a plotting helper's reason starts: eager code, where only what is slow eagerly too
#: (a gradient per point) is worth reporting.
PLOTTING = "plotting:"
#: In a reason: the function branches in Python on an element of an argument array.
ELEMENT_BRANCH = "branches in Python on an element of the array"
#: How the reason starts when no trace can run the function at all (``jitted_plainly``).
UNTRACEABLE = "untraceable:"
#: How the reason starts for a function that converts an array it computes to a Python number:
#: eager code, where what is slow eagerly (a gradient per point) is still worth reporting.
EAGER = "eager:"
#: How the reason starts for a generator function: never traced.
GENERATOR = "generator:"
#: How the reason starts for a driver that compiles its own steps: it holds for the function
#: itself, not for the functions defined inside it (the loss it differentiates is traced).
DRIVER = "driver:"
#: Methods of matplotlib figures and axes that draw (called as statements).
PLOT_METHODS = frozenset({
    "plot", "scatter", "contour", "contourf", "imshow", "pcolormesh", "hist", "fill_between", "quiver",
    "plot_surface", "plot_wireframe", "set_xlabel", "set_ylabel", "set_title", "legend", "savefig", "show",
    "colorbar", "errorbar", "bar", "axhline", "axvline", "tight_layout",
})


def plain(reason: str) -> str:
    """``reason`` without its kind (``"eager: line 4 converts..."`` -> ``"line 4 converts..."``)."""
    prefix = next((prefix for prefix in (GENERATOR, DRIVER, PLOTTING, EAGER, UNTRACEABLE) if reason.startswith(prefix)), "")
    return reason[len(prefix):].strip()


#: What a function's text holds when it may read a pandas DataFrame (``_reads_frame``'s test).
FRAME_HINT = re.compile(r"\.columns\b|\.(?:iterrows|itertuples|to_numpy)\s*\(|\.i?loc\[")


def host_reason(function: ast.AST, resolve=None, plots: bool = False, converts: bool = True, frames: bool = True) -> str | None:
    """Why ``function`` cannot be traced (its own statements, not nested definitions), or None.
    Walks statements only (a ``yield`` is read where a statement holds it: ``yield x``,
    ``y = yield x``), and the tests of ``if``/``while``/``assert``: cheap enough to ask for every
    function that holds a candidate. ``plots``: the file imports matplotlib (with ``resolve``,
    the import resolver, a statement that draws makes the function host code); ``converts``: the
    function's text holds a conversion to a Python number, to look for (the caller's text test);
    ``frames``: its text may read a pandas DataFrame (``FRAME_HINT``)."""
    if isinstance(function, ast.Lambda):
        return None
    params = parameter_names(function.args)  # type: ignore[attr-defined]
    loop_vars: set[str] = set()
    tests: list[tuple[ast.expr, int]] = []
    stack: list = list(reversed(function.body))  # type: ignore[attr-defined]
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        value = getattr(stmt, "value", None)
        if isinstance(value, (ast.Yield, ast.YieldFrom)):
            return f"{GENERATOR} `{getattr(function, 'name', 'it')}` has `yield` at line {stmt.lineno}: host code, never traced"
        if isinstance(stmt, (ast.For, ast.AsyncFor)):
            loop_vars |= {n.id for n in ast.walk(stmt.target) if isinstance(n, ast.Name)}
        if isinstance(stmt, (ast.If, ast.While, ast.Assert)):
            tests.append((stmt.test, stmt.lineno))
        compiled = _compiles(stmt, resolve) if resolve is not None else None
        if compiled is not None:
            return (f"{DRIVER} `{getattr(function, 'name', 'it')}` compiles `{compiled}` itself at line {stmt.lineno}: a driver that runs "
                    "its compiled steps from the host (jit inside a trace would only inline them)")
        if plots and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and _draws(stmt.value, resolve):
            return (f"{PLOTTING} `{getattr(function, 'name', 'it')}` draws with matplotlib at line {stmt.lineno}, "
                    "a plotting helper run eagerly (a figure cannot be drawn under a trace)")
        for field_name in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(stmt, field_name, None)
            if isinstance(block, list):
                stack.extend(reversed([item for item in block if isinstance(item, (ast.stmt, ast.excepthandler))]))
        if isinstance(stmt, ast.Match):
            for case in stmt.cases:
                stack.extend(reversed(case.body))
    frame = _reads_frame(function) if frames else None
    if frame is not None:
        text, line = frame
        return f"{EAGER} line {line} reads a pandas DataFrame (`{text}`): host code, run eagerly (a trace cannot take one)"
    converted = _converts_computed(function, resolve) if resolve is not None and converts else None  # ``converts``: its text holds one
    if converted is not None:
        text, line, target = converted
        return (f"{EAGER} line {line} {target.format(text=text)}, a jax array the function computes: "
                "under a trace that raises (eager code)")
    if resolve is not None and any(_truth_reduction(test, resolve) for test, _ in tests):
        local = params | {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}  # type: ignore[arg-type]
        for test, line in tests:
            truth = _array_truth(test, resolve, local)
            if truth is not None:
                return (f"line {line} branches in Python on `{truth}`, the truth of a jax array the function computes: "
                        "under a trace `bool()` of it raises (eager code)")
    if resolve is not None and any(isinstance(node, ast.Compare) for test, _ in tests for node in ast.walk(test)):
        compared = _compared_array(function, tests, resolve, params)
        if compared is not None:
            text, line = compared
            return (f"line {line} branches in Python on a comparison of `{text}`, a jax array the function computes "
                    "(a convergence test): under a trace `bool()` of it raises (eager code)")
    indexed = _list_indexed_by_element(function)
    if indexed is not None:
        listed, index, array, line = indexed
        return (f"{EAGER} line {line} indexes the list `{listed}` with `{index}`, an element of the array `{array}`: "
                "a list takes Python ints, so under a trace that raises (eager code)")
    if not loop_vars:
        return None
    for test, line in tests:
        for compare in (n for n in ast.walk(test) if isinstance(n, ast.Compare)):
            for operand in (compare.left, *compare.comparators):
                if _element_of_parameter(operand, params, loop_vars):
                    return (f"line {line} {ELEMENT_BRANCH} `{ast.unparse(operand.value)}`"  # type: ignore[attr-defined]
                            " at a loop index: a trace cannot run it (host-side checking code)")
    return None


#: Annotations of a parameter that say "a Python list or tuple" and "an array".
LIST_ANNOTATION = re.compile(r"^(?:typing\.)?(?:Sequence|List|list|Tuple|tuple|MutableSequence)\b")
ARRAY_ANNOTATION = re.compile(r"(?:^|\.)(?:ndarray|Array|ArrayLike)\b")


def _list_indexed_by_element(function: ast.AST) -> tuple[str, str, str, int] | None:
    """``times_by_player[p1]`` with ``times_by_player: Sequence`` and ``p1, p2 = pairs[t]`` read
    from ``pairs: jnp.ndarray``: a list subscripted by an element of an array, which needs a Python
    int (a tracer cannot be one). (list, index, array, line), or None."""
    arguments = function.args  # type: ignore[attr-defined]
    annotated = {arg.arg: ast.unparse(arg.annotation) for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs] if arg.annotation is not None}
    lists = {name for name, text in annotated.items() if LIST_ANNOTATION.match(text)}
    arrays = {name for name, text in annotated.items() if ARRAY_ANNOTATION.search(text) and not LIST_ANNOTATION.match(text)}
    if not lists or not arrays:
        return None
    elements: dict[str, str] = {}
    indexed: list[ast.Subscript] = []
    for node in _own_statements(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.value, ast.Subscript) \
                and isinstance(node.value.value, ast.Name) and node.value.value.id in arrays:
            elements.update((target.id, node.value.value.id) for target in ast.walk(node.targets[0]) if isinstance(target, ast.Name))
        indexed.extend(child for child in ast.walk(node) if isinstance(child, ast.Subscript) and isinstance(child.value, ast.Name)
                       and child.value.id in lists and isinstance(child.slice, ast.Name))
    found = next((child for child in sorted(indexed, key=lambda item: item.lineno) if child.slice.id in elements), None)  # type: ignore[attr-defined]
    return (found.value.id, found.slice.id, elements[found.slice.id], found.lineno) if found is not None else None  # type: ignore[attr-defined]


def _own_statements(function: ast.AST):
    """The simple statements of ``function``'s own body, at any depth of its blocks."""
    stack = list(function.body)  # type: ignore[attr-defined]
    while stack:
        stmt = stack.pop()
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        nested = nested_statements(stmt)
        if nested:
            stack.extend(nested)
        else:
            yield stmt


#: Conversions of a value to a Python number (a tracer cannot be converted).
TO_PYTHON = frozenset({"float", "int", "complex"})


#: How ``_converts_computed`` says what is done with the array (``{text}``: its code).
TO_NUMBER = "converts `{text}` to a Python number"
TO_NUMPY = "converts `{text}` to a NumPy array"
TO_SCIPY = "hands `{text}` to SciPy"


def _converts_computed(function: ast.AST, resolve) -> tuple[str, int, str] | None:
    """``(text, line, what is done)`` of the first ``float(...)``/``int(...)``/``.item()``,
    ``np.asarray(...)``/``np.array(...)`` or SciPy call (``scipy.*``, not ``jax.scipy``) in
    ``function``'s own code (not nested definitions) whose operand is a jax.numpy result (a call
    written there, or a name the function binds once to one) or, for a Python number, an item of
    an argument at a computed index (directly, or through a name every assignment of which reads
    one). Parameters and shapes do not count (they may be numbers, or host arrays)."""
    values: dict[str, list[ast.expr]] = {}
    candidates: list[tuple[ast.expr, int, str]] = []
    for node in walk_local(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            values.setdefault(node.targets[0].id, []).append(node.value)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in TO_PYTHON and len(node.args) == 1 and not node.keywords:
                candidates.append((node.args[0], node.lineno, TO_NUMBER))
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "item" and not node.args:
                candidates.append((node.func.value, node.lineno, TO_NUMBER))
            elif isinstance(node.func, (ast.Attribute, ast.Name)) and node.args:
                qualified = canonical(resolve(node.func)) or ""
                if qualified in ("numpy.asarray", "numpy.array"):
                    candidates.append((node.args[0], node.lineno, TO_NUMPY))
                elif qualified.startswith("scipy."):
                    candidates.extend((arg, node.lineno, TO_SCIPY) for arg in node.args)
    params = parameter_names(function.args) if not isinstance(function, ast.Lambda) else set()  # type: ignore[attr-defined]
    for operand, line, target in candidates:
        if any(isinstance(part, ast.Attribute) and part.attr in ("shape", "ndim", "size") for part in ast.walk(operand)):
            continue
        bound = values.get(operand.id, []) if isinstance(operand, ast.Name) else []
        number = target == TO_NUMBER
        if (_jnp_call(operand, resolve) or number and _item_of(operand, params) or len(bound) == 1 and _jax_valued(bound[0], values, resolve)
                or number and bound and all(_item_of(value, params) for value in bound)):
            return ast.unparse(operand), line, target
    return None


def _item_of(expr: ast.AST, params: set[str]) -> bool:
    """``variances[i * n + j]``: an item of an argument read at a computed index (an array's item;
    a number or a list's item would be read otherwise)."""
    return isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name) and expr.value.id in params and not isinstance(expr.slice, ast.Constant)


def _jax_valued(expr: ast.AST, values: dict[str, list[ast.expr]], resolve, depth: int = 2) -> bool:
    """``expr`` holds a call of a jax function, or reads a name the function binds to such a
    value (``dx = (jnp.roll(x, -1) - x) / h``; ``rhs = x + dt * dx``), up to ``depth`` names deep."""
    if _jnp_call(expr, resolve, "jax."):
        return True
    return depth > 0 and any(isinstance(node, ast.Name) and any(_jax_valued(value, values, resolve, depth - 1) for value in values.get(node.id, ()))
                             for node in ast.walk(expr))


def _jnp_call(expr: ast.AST, resolve, prefix: str = "jax.numpy.") -> bool:
    """``expr`` holds a call of a jax.numpy function (of any jax function, ``jax.vmap(f)(x)`` too,
    with ``prefix="jax."``)."""
    return any(isinstance(node, ast.Call) and (canonical(resolve(node.func.func if isinstance(node.func, ast.Call) else node.func)) or "").startswith(prefix)
               for node in ast.walk(expr))


#: jax.numpy reductions to one truth value: Python branching on one needs a concrete array.
TRUTH_REDUCTIONS = frozenset({"jax.numpy.all", "jax.numpy.any", "jax.numpy.allclose", "jax.numpy.array_equal", "jax.numpy.isclose"})


#: jax.numpy functions that return Python values (shapes, dtypes, flags), not arrays.
STATIC_RESULTS = frozenset({
    "ndim", "shape", "size", "result_type", "issubdtype", "iscomplexobj", "isrealobj", "isscalar", "dtype", "finfo", "iinfo",
    "promote_types", "can_cast", "isdtype",
})


def _compared_array(function: ast.AST, tests: list[tuple[ast.expr, int]], resolve, params: set[str]) -> tuple[str, int] | None:
    """``(text, line)`` of the first ``if``/``while``/``assert`` test that compares a jax array
    the function computes from its parameters or locals: a jax.numpy call written in the test
    (``if jnp.max(jnp.abs(p - old)) < tol``) or a name every assignment of which is one (``err =
    jnp.linalg.norm(r)``, then ``while err > tol``). Python branching on such a comparison needs a
    concrete value: the function runs eagerly. None otherwise."""
    bound: dict[str, list[ast.expr]] = {}
    stored: set[str] = set(params)
    for node in walk_local(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stored.add(node.id)
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for name in (item for item in ast.walk(target) if isinstance(item, ast.Name)):
                    # only a plain ``name = <call>`` keeps the call; anything else (unpacking, ``+=``) forgets it
                    plain = isinstance(node, ast.Assign) and target is name and node.value is not None
                    bound.setdefault(name.id, []).append(node.value if plain else ast.Constant(None))  # type: ignore[arg-type]

    def computed(expr: ast.AST) -> bool:
        if not isinstance(expr, ast.Call):
            return False
        qualified = canonical(resolve(expr.func)) or ""
        if not qualified.startswith("jax.numpy.") or qualified.rpartition(".")[2] in STATIC_RESULTS:
            return False
        return any(isinstance(n, ast.Name) and n.id in stored for arg in [*expr.args, *(k.value for k in expr.keywords)] for n in ast.walk(arg))

    for test, line in tests:
        for compare in (node for node in ast.walk(test) if isinstance(node, ast.Compare)):
            if any(isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)) for op in compare.ops):
                continue
            for operand in (compare.left, *compare.comparators):
                if computed(operand):
                    return ast.unparse(operand), line
                if isinstance(operand, ast.Name) and operand.id in bound and all(computed(value) for value in bound[operand.id]):
                    return f"{operand.id} = {ast.unparse(bound[operand.id][-1])}", line
    return None


def _compiles(stmt: ast.stmt, resolve) -> str | None:
    """The name ``stmt`` binds to a compiled function (``step = jax.jit(update)``,
    ``upd = eqx.filter_jit(self.step)``, ``jax.pmap``), else None."""
    if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call)):
        return None
    call = stmt.value
    return stmt.targets[0].id if call.args and canonical(resolve(call.func)) in COMPILING else None


#: What only a pandas DataFrame (or Series) offers: rows and columns read by label or position.
FRAME_METHODS = frozenset({"iterrows", "itertuples", "to_numpy"})
FRAME_INDEXERS = frozenset({"loc", "iloc"})


def _reads_frame(function: ast.AST) -> tuple[str, int] | None:
    """``(text, line)`` of the first place where the function's own code (not a nested
    definition) reads a pandas DataFrame: ``for c in frame.columns``, ``frame.iterrows()``,
    ``frame.itertuples()``, ``frame.to_numpy()``, ``frame.loc[...]``, ``frame.iloc[...]``."""
    for node in walk_local(function):
        if isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.iter, ast.Attribute) and node.iter.attr == "columns" \
                and isinstance(node.iter.value, ast.Name):
            return f"{node.iter.value.id}.columns", node.iter.lineno
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in FRAME_METHODS and isinstance(node.func.value, ast.Name):
            return f"{node.func.value.id}.{node.func.attr}()", node.lineno
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr in FRAME_INDEXERS \
                and isinstance(node.value.value, ast.Name):
            return f"{node.value.value.id}.{node.value.attr}[...]", node.lineno
    return None


def _truth_reduction(test: ast.expr, resolve) -> bool:
    """A call in ``test`` resolving to one of TRUTH_REDUCTIONS (the cheap check before the
    function's locals are collected)."""
    return any(_truth_call(node, resolve) for node in ast.walk(test))


def _truth_call(node: ast.AST, resolve) -> bool:
    """``jnp.all(...)``, ``jnp.isclose(...)``; or the builtin ``any``/``all`` of a jax.numpy result
    (``any(jnp.isnan(p))``): one Python truth value from an array."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    if resolve(node.func) in TRUTH_REDUCTIONS:
        return True
    return isinstance(node.func, ast.Name) and node.func.id in ("any", "all") and resolve(node.func) is None and _jnp_call(node.args[0], resolve)


def _array_truth(test: ast.expr, resolve, local: set[str]) -> str | None:
    """``jnp.all(jnp.isfinite(x))`` (under ``not``, ``and``, ``or``) with ``x`` a parameter or a
    local of the function: the text of that call, else None."""
    parts = [test]
    while parts:
        node = parts.pop()
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            parts.append(node.operand)
        elif isinstance(node, ast.BoolOp):
            parts.extend(node.values)
        elif _truth_call(node, resolve):
            if any(isinstance(n, ast.Name) and n.id in local for arg in node.args for n in ast.walk(arg)):
                return ast.unparse(node)
    return None


def host_library_function(function: ast.AST, resolve) -> bool:
    """A function whose code calls SciPy or assigns items into an array (``out[:, j] = ...``):
    host code, which a vmap cannot map (a mapped body that calls one is not a sample map)."""
    return any(isinstance(node, ast.Call) and (resolve(node.func) or "").startswith("scipy.") or assigns_items(node) for node in walk(function))


def assigns_items(node: ast.AST) -> bool:
    """``out[i] = v`` (or ``+=``): an item assigned into a buffer in place, host-side."""
    if isinstance(node, (ast.Assign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(isinstance(target, ast.Subscript) for target in targets)
    return False


def _draws(call: ast.Call, resolve) -> bool:
    """``plt.plot(...)``, ``plt.show()`` (resolved to matplotlib) or ``ax.contourf(...)``."""
    qualified = resolve(call.func) if resolve is not None else None
    if qualified:
        return qualified.startswith("matplotlib.")
    return isinstance(call.func, ast.Attribute) and call.func.attr in PLOT_METHODS and isinstance(call.func.value, (ast.Name, ast.Attribute, ast.Subscript))


def _element_of_parameter(node: ast.expr, params: set[str], loop_vars: set[str]) -> bool:
    if not isinstance(node, ast.Subscript):
        return False
    root = attribute_root(node.value)
    if root is None or root.id not in params or isinstance(node.value, ast.Attribute) and node.value.attr in ("shape", "ndim", "size"):
        return False
    index = node.slice
    parts = index.elts if isinstance(index, ast.Tuple) else [index]
    if any(isinstance(part, ast.Slice) for part in parts):
        return False
    return any(isinstance(n, ast.Name) and n.id in loop_vars for part in parts for n in ast.walk(part))


def jitted_plainly(function: ast.AST, tree: ast.Module, resolve) -> bool:
    """``function`` is compiled with every argument traced: decorated with a compiling transform
    of the library table (``@jax.jit``, ``@eqx.filter_jit``) or passed to one in this module
    (``jax.jit(function)``), with no ``static_argnums``/``static_argnames``. A
    Python branch on an element of an argument then raises under the trace: the function only
    ever runs eagerly (``jax.jit(compact)(row)`` fails with a concretization error)."""
    name = getattr(function, "name", None)
    if name is None:
        return False
    for decorator in getattr(function, "decorator_list", ()):
        if not isinstance(decorator, ast.Call) and canonical(resolve(decorator)) in COMPILING:
            return True
    return any(
        isinstance(node, ast.Call) and canonical(resolve(node.func)) in COMPILING and node.args and isinstance(node.args[0], ast.Name)
        and node.args[0].id == name and not any((item.arg or "").startswith("static") for item in node.keywords)
        for node in walk(tree)
    )


def mapped_fallback(function: ast.AST | None, statement: ast.AST | None, resolve) -> bool:
    """``statement`` is in an ``except`` handler of a ``try`` whose body maps with a batching
    transform (``lax.map``, ``vmap``): the fallback for functions those cannot trace, where
    mapping is what failed."""
    if function is None or statement is None:
        return False
    for node in ast.walk(function):
        if not isinstance(node, ast.Try) or not any(any(inner is statement for inner in ast.walk(handler)) for handler in node.handlers):
            continue
        if any(isinstance(call, ast.Call) and resolve(call.func) in BATCHING for part in node.body for call in ast.walk(part)):
            return True
    return False


def branches_on_value(function: ast.AST, position: int = 0) -> int | None:
    """The line where ``function`` branches in Python on the value of its ``position``-th
    parameter (``if 2 < x < 4:``, ``while x > 0:``, ``a if x > 0 else b``), else None. Its
    gradient runs point by point (``grad`` sees concrete values), but ``vmap`` or ``jit`` of it
    raises: there is no batched rewrite without ``jnp.where``. Tests of ``x is None``,
    ``isinstance(x, ...)`` and of ``x.shape`` are static."""
    args = getattr(function, "args", None)
    if args is None or isinstance(function, ast.Lambda):
        return None
    ordered = [arg.arg for arg in [*args.posonlyargs, *args.args] if arg.arg not in ("self", "cls")]
    if position >= len(ordered):
        return None
    name = ordered[position]
    for node in walk(function):
        test = node.test if isinstance(node, (ast.If, ast.While, ast.IfExp)) else None
        if test is None:
            continue
        for compare in (item for item in ast.walk(test) if isinstance(item, ast.Compare)):
            if any(isinstance(op, (ast.Is, ast.IsNot)) for op in compare.ops):
                continue
            if any(isinstance(operand, ast.Name) and operand.id == name for operand in (compare.left, *compare.comparators)):
                return node.lineno
    return None


def branching_target(call: ast.Call, ctx) -> tuple[str, int] | None:
    """``(name, line)`` when the function a gradient call differentiates (``jax.grad(f)(x)``, or
    ``df(x)`` with ``df = jax.grad(f)``) is one of this module that branches in Python on the
    value of its first argument (``if 2 < x < 4:``, ``host_code.branches_on_value``): its
    gradients run point by point, and ``vmap`` of it raises until the branch is written with
    ``jnp.where`` or ``lax.cond``."""
    func = call.func
    if isinstance(func, ast.Call) and func.args and not func.keywords:
        target = func.args[0]
        name = target.id if isinstance(target, ast.Name) else None
    else:
        value = ctx.value(func)
        name = value.function if value.kind == v.CALLABLE and value.function and "." not in value.function else None
    definition = ctx.local_function(name) if name else None
    line = branches_on_value(definition) if definition is not None else None
    return (name, line) if line is not None else None  # type: ignore[return-value]


def import_fallbacks(tree: ast.Module) -> dict[int, str]:
    """The functions defined in the ``except`` of a ``try`` that imports jax (``try: import jax
    ... except ImportError: def step(...): <plain NumPy>``), by node id, with why: they exist only
    when jax does not, so nothing traces them."""
    found: dict[int, str] = {}
    for node in _statements(tree.body):
        if not isinstance(node, ast.Try) or not any(_imports_jax(stmt) for stmt in node.body):
            continue
        for handler in node.handlers:
            for stmt in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
                if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    found[id(stmt)] = (f"{UNTRACEABLE} `{stmt.name}` is defined where importing jax failed (line {handler.lineno}): "
                                       "the fallback for when jax is missing, never traced")
    return found


def jax_flags(tree: ast.Module) -> frozenset[str]:
    """Module flags that say whether jax imported: set ``True`` in a ``try`` that imports jax and
    ``False`` in its ``except`` (``HAS_JAX``). A branch run when one is false never runs where
    jax traces anything."""
    found: set[str] = set()
    for node in tree.body:
        if not isinstance(node, ast.Try) or not any(_imports_jax(stmt) for stmt in node.body):
            continue
        true = {name for stmt in node.body for name in _flag_set(stmt, True)}
        found |= {name for handler in node.handlers for stmt in handler.body for name in _flag_set(stmt, False) if name in true}
    return frozenset(found)


def _flag_set(stmt: ast.stmt, value: bool) -> list[str]:
    if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant) and stmt.value.value is value:
        return [target.id for target in stmt.targets if isinstance(target, ast.Name)]
    return []


def without_jax(function: ast.AST, flags: frozenset[str]) -> list[tuple[int, int]]:
    """The line spans of ``function``'s branches that run only without jax (``if not HAS_JAX:``
    ... , the ``else`` of ``if HAS_JAX:``): what they call is never called under a trace."""
    spans: list[tuple[int, int]] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.If):
            continue
        test = node.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name) and test.operand.id in flags:
            block = node.body
        elif isinstance(test, ast.Name) and test.id in flags and node.orelse:
            block = node.orelse
        else:
            continue
        spans.append((block[0].lineno, block[-1].end_lineno or block[-1].lineno))
    return spans


def _statements(body: list[ast.stmt]):
    """Every statement of ``body`` and of the blocks nested in it (expressions are not entered)."""
    stack = list(reversed(body))
    while stack:
        stmt = stack.pop()
        yield stmt
        stack.extend(reversed(nested_statements(stmt)))


def _imports_jax(stmt: ast.stmt) -> bool:
    if isinstance(stmt, ast.Import):
        return any(alias.name.split(".")[0] == "jax" for alias in stmt.names)
    return isinstance(stmt, ast.ImportFrom) and (stmt.module or "").split(".")[0] == "jax"

