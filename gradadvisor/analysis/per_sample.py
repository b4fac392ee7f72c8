"""Per-sample loops: code run once per sample (row) of data-sized arrays, read as one map.

A comprehension, ``map(f, xs)`` (inside ``list()`` or not), a ``for`` loop or a ``while i < n``
loop is a *per-sample loop* when ``vectorize.read_loop`` reads it as an ``ElementLoop`` whose
mapped values are data-sized arrays: one iteration per row, so that one ``jax.vmap`` of the
body computes them all. GA101 (a function applied per sample) and GA102 (a gradient per
example) ask the same questions of such a loop, and this module answers them once: where a
list comes from, how ``map`` reads as a loop, which mapped values are data arrays rather than
lists, which bodies are host code, and which calls join a list into one array. GA301 asks
whether a summed body is traced arithmetic on the element and whether an index walks a plain
``range`` (values a body may use as numbers).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import library as lib
from gradadvisor.analysis import values as v
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.extent import is_collection_name
from gradadvisor.analysis.syntax import attribute_path, call, name, names_read, one_line, read_as_value, sole_return, tail_name, walk
from gradadvisor.analysis.host_code import host_library_function
from gradadvisor.analysis.vectorize import ElementLoop, ProductLoop, elementwise_in, host_work, index_loop, indexed_element, read_loop, side_effects, while_range


def quoted(text: str, limit: int = 70) -> str:
    """``text`` on one line, in backticks, cut to about ``limit`` characters."""
    text = " ".join(text.split())
    return f"`{text}`" if len(text) <= limit else f"`{text[: limit - 5]} ...`"


def built(node: ast.AST) -> bool:
    """A node the reading built (``jnp.arange(n)`` for an index used as a value): no position."""
    return getattr(node, "lineno", None) is None


def arange(ctx, count: ast.expr) -> ast.expr:
    """``jnp.arange(count)`` in the file's own spelling: what an index used as a value maps over."""
    spelled, _ = ctx.spell(f"{ctx.names.numpy_module()}.arange")
    return call(attribute_path(spelled or "jnp.arange"), count)


def read(ctx, target: ast.AST, iterable: ast.AST, body: ast.AST) -> ElementLoop | ProductLoop | None:
    """``for target in iterable: body`` read as one map over arrays (``vectorize.read_loop``)."""
    return read_loop(target, iterable, body, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=lambda count: arange(ctx, count),
                     written=lambda name: written_count(ctx, name))


def read_index(ctx, index: str, bound: ast.expr, body: ast.AST) -> ElementLoop | None:
    """``body`` run for ``index`` below ``bound``, read as one map (``vectorize.index_loop``)."""
    return index_loop(index, bound, body, code=ctx.code, resolve=ctx.resolve, is_builtin=ctx.is_builtin, arange=lambda count: arange(ctx, count),
                      written=lambda name: written_count(ctx, name))


def written_count(ctx, name: str) -> ast.expr | None:
    """What a count's name was assigned once, written out: ``n = xs.shape[0]`` gives
    ``xs.shape[0]``, ``H, W = M.shape`` gives ``M.shape[0]`` for ``H``; None otherwise."""
    value = ctx.assigned(name)
    if value is not None:
        return value
    bindings = ctx.facts.bindings_at(name, ctx.scope, ctx.statement)
    if len(bindings) == 1 and bindings[0].kind == "assign" and len(bindings[0].path) == 1:
        shape = bindings[0].value
        if isinstance(shape, ast.Attribute) and shape.attr == "shape":
            return ast.Subscript(value=shape, slice=ast.Constant(bindings[0].path[0]), ctx=ast.Load())
    return None


def while_loop(node: ast.While, ctx) -> tuple[str, ast.expr, list[ast.stmt]] | None:
    """``(i, n, body)`` for ``i = 0`` ... ``while i < n: ...; i += 1`` in a function
    (``vectorize.while_range``); None for any other loop, and at module level (a script's driver loop)."""
    place = ctx.block_of(node) if ctx.function is not None else None
    return while_range(node, place[0][: place[1]]) if place is not None else None


def list_source(expr: ast.AST, ctx) -> ast.AST | None:
    """Where a list comes from, one item per sample: a comprehension (list or generator), or
    ``map(f, xs)`` (inside ``list()`` or ``tuple()`` or not); None otherwise."""
    if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
        return expr
    if isinstance(expr, ast.Call) and (ctx.is_builtin(expr.func, "list") or ctx.is_builtin(expr.func, "tuple")) and len(expr.args) == 1 and not expr.keywords:
        expr = expr.args[0]
        if isinstance(expr, ast.GeneratorExp):
            return ast.copy_location(ast.ListComp(elt=expr.elt, generators=expr.generators), expr)  # ``list(f(x) for x in xs)``
    if isinstance(expr, ast.Call) and ctx.is_builtin(expr.func, "map"):
        return expr
    return None


def single_generator(node: ast.ListComp | ast.GeneratorExp) -> ast.comprehension | None:
    """The one ``for`` of a comprehension, without conditions; None for any other."""
    if len(node.generators) != 1:
        return None
    generator = node.generators[0]
    if generator.ifs or generator.is_async:
        return None
    return generator


def _repeated(arg: ast.expr, resolve) -> bool:
    """``itertools.repeat(w)``: one value, endlessly (no ``times``)."""
    return (isinstance(arg, ast.Call) and len(arg.args) == 1 and not arg.keywords and not isinstance(arg.args[0], ast.Starred)
            and resolve(arg.func) == "itertools.repeat")


def map_loop(node: ast.Call, resolve) -> tuple[ast.expr, ast.expr, ast.Call, list[str]] | None:
    """``map(f, xs, ys)`` read as the loop ``f(_sample0, _sample1) for _sample0, _sample1 in
    zip(xs, ys)``: ``(target, iterable, body, variables)``; None for an unusual spelling.
    ``resolve`` gives qualified names (``itertools.repeat``)."""
    if len(node.args) < 2 or node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
        return None
    function, walked = node.args[0], node.args[1:]
    # ``map(f, repeat(w), xs)``: ``itertools.repeat(w)`` passes ``w`` to every call, as a vmap's
    # unmapped argument does; only the other iterables are walked
    shared = {position: arg.args[0] for position, arg in enumerate(walked) if _repeated(arg, resolve)}
    arrays = [arg for position, arg in enumerate(walked) if position not in shared]
    if not arrays:
        return None
    variables = [f"_sample{index}" for index in range(len(arrays))]
    if set(variables) & names_read(node):
        return None
    passed = iter(variables)
    body = ast.Call(func=function, args=[shared[position] if position in shared else name(next(passed)) for position in range(len(walked))], keywords=[])
    iterable = arrays[0] if len(arrays) == 1 else ast.Call(func=name("zip"), args=list(arrays), keywords=[])
    target = name(variables[0]) if len(arrays) == 1 else ast.Tuple(elts=[name(variable) for variable in variables], ctx=ast.Store())
    return target, iterable, body, variables


def arrays_are_data(loop: ElementLoop | ProductLoop, ctx, plain_names: bool = False, opaque_locals: bool = False) -> bool:
    """Every mapped value is a data-sized array, not a list (``range(len(xs))`` over a list
    would map the list's leaves). ``plain_names``: a name the extent layer reads as a collection
    by its name alone counts as data when it is zipped with others and its element is read
    only as a value (``zip(centers, scales)``: see ``plain_data``). ``opaque_locals``: a local
    the function binds to a call of a project helper (``units = make_units(n, k)``, an array or
    a list of arrays), read at the index of a counted loop, counts too (GA102: each step
    differentiates at one of its items, whatever holds them)."""
    counted = any(_counts_rows_of(loop, array, ctx) for array in loop.arrays)
    for position, array in enumerate(loop.arrays):
        if built(array) and isinstance(array, ast.Subscript) and not built(array.value):
            array = array.value  # ``xs[:n]``, ``xs[1:n]``: the window the loop walks, of the array written
        if built(array):
            continue  # jnp.arange(n) for an index used as a value
        if opaque_locals and isinstance(array, ast.Name) and getattr(loop, "count", None) is not None and _opaque_local(array, ctx):
            continue
        if ctx.value(array).kind == v.SEQUENCE:
            return False  # a list of arrays: jax.vmap would map its leaves instead
        if counted and loop.axis(position) == 0 and (not is_collection_name(tail_name(array) or "") or _counts_rows_of(loop, array, ctx, shape_only=True)):  # type: ignore[union-attr]
            # ``for i in range(X.shape[0]): f(X[i], Y[i])``: the loop counts the rows of one of
            # the arrays it reads at the index; the others are read along with it
            continue
        walked = ctx.extent(array)
        if walked.is_data:
            continue
        if plain_names and len(loop.arrays) > 1 and plain_data(array, loop, position) and (walked.named or isinstance(array, ast.Name) and ctx.parameter_part(array.id)):
            continue
        return False
    return True


def _opaque_local(array: ast.Name, ctx) -> bool:
    """``array`` is bound once here to a call of a function no import names (a project helper:
    its body cut away, or building a list of arrays), read at the index of a counted loop."""
    value = ctx.assigned(array.id)
    return isinstance(value, ast.Call) and ctx.resolve(value.func) is None and ctx.value(array).kind in (v.UNKNOWN, v.SEQUENCE)


def _counts_rows_of(loop: ElementLoop | ProductLoop, array: ast.expr, ctx, shape_only: bool = False) -> bool:
    """An index loop whose count is the array's own leading length (``X.shape[0]``,
    ``len(X)``, or a name assigned one of them) and reads it along that axis: it has rows.
    ``shape_only``: counted by ``X.shape[0]`` alone, which shows an array whatever ``X`` is named
    (``range(updates.shape[0])``; ``len(updates)`` may count a list of pytrees)."""
    count = getattr(loop, "count", None)
    if count is None or loop.axis(list(loop.arrays).index(array)) != 0:  # type: ignore[union-attr]
        return False
    if isinstance(count, ast.Name):
        count = ctx.assigned(count.id) or count
    text = ctx.code(array)
    counted = ctx.code(count).replace(" ", "")
    if counted in (f"{text}.shape[0]".replace(" ", ""), *(() if shape_only else (f"len({text})".replace(" ", ""),))):
        return True
    if shape_only:
        return False
    # ``for i in range(a.shape[1]): f(a[0, i], a[1, i])``: row 0 of ``a`` is ``a.shape[1]`` long
    return (isinstance(array, ast.Subscript) and isinstance(array.slice, ast.Constant) and type(array.slice.value) is int
            and counted == f"{ctx.code(array.value)}.shape[1]".replace(" ", ""))


def plain_data(array: ast.expr, loop: ElementLoop | ProductLoop, position: int) -> bool:
    """``scales`` in ``zip(centers, scales)`` may be an array whatever its name says: a parameter
    (not ``self.components``) whose element the body reads only as a value, never through an
    attribute or a call of its own (``d.sample(k)``: a list of objects)."""
    if not isinstance(array, ast.Name) or position >= len(loop.variables):
        return False
    return read_as_value(loop.body, loop.variables[position])


def host_body(body: ast.AST, ctx) -> bool:
    """The loop body is host code (NumPy, SciPy, printing, buffers written in place), or calls a
    function of this module that is (SciPy on its arguments, items assigned into an array): never
    a vmap."""
    if host_work(body, ctx.resolve) or side_effects(body, ctx.is_builtin):
        return True
    for node in walk(body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            function = ctx.local_function(node.func.id)
            if function is not None and host_library_function(function, ctx.resolve):
                return True
    return False


def joining(qualified: str | None) -> str | None:
    """``stack`` for ``jax.numpy.stack`` (``autograd.numpy`` too): a call that joins a list of
    per-sample results into one array (``stack``, ``array``, ``concatenate``...); else None."""
    module, _, function = (qualified or "").rpartition(".")
    return function if module in AUTODIFF_NUMPY and function in lib.JOINING else None


#: Reductions that take a list of per-sample results whole (stacking it first): ``jnp.sum([...])``.
LIST_REDUCTIONS = frozenset({"sum", "mean", "prod", "max", "min", "std", "var", "logsumexp"})


def reduces_list(qualified: str | None, call: ast.Call) -> bool:
    """``jnp.sum([f(x) for x in xs])``: a jax.numpy reduction of a list built in place (it stacks
    the list, then reduces): the list is a per-sample map as a join's is."""
    module, _, function = (qualified or "").rpartition(".")
    return (module in AUTODIFF_NUMPY or module == "jax.scipy.special") and function in LIST_REDUCTIONS and bool(call.args) and isinstance(call.args[0], ast.ListComp)


@dataclass
class ListJoin:
    """A call that joins a list of per-sample results: ``function`` (``stack``) from ``module``;
    the rewrite replaces ``replaced`` (the call, or only its list when the call reduces it), and
    is advice only for a helper's join or a reduction."""

    function: str
    module: str
    replaced: ast.expr
    join: ast.Call | None
    advice_only: bool


def list_join(call: ast.Call, qualified: str, ctx) -> ListJoin | None:
    """``jnp.stack([...])``, a helper of the module that stacks its list (``local_join``), or a
    reduction of a list built in place (``jnp.sum([...])``, stacked then reduced)."""
    if not call.args or isinstance(call.args[0], ast.Starred):
        return None
    wrapped = local_join(call, ctx) if joining(qualified) is None else None
    function = joining(qualified) or joining(wrapped)
    if function is not None:
        return ListJoin(function, (wrapped or qualified).rpartition(".")[0], call, call, wrapped is not None)
    if reduces_list(qualified, call):
        return ListJoin("array", qualified.rpartition(".")[0], call.args[0], None, True)
    return None


def local_join(call: ast.Call, ctx) -> str | None:
    """The qualified join a helper of this module wraps, when ``call`` calls one: a function whose
    one statement returns a join of its first parameter (``def stack_all(xs): return
    np.concatenate([np.expand_dims(x, 0) for x in xs], axis=0)``); None otherwise."""
    if not isinstance(call.func, ast.Name):
        return None
    function = ctx.local_function(call.func.id)
    returned = sole_return(function)
    if returned is None or not function.args.args:  # type: ignore[union-attr]
        return None
    param = function.args.args[0].arg  # type: ignore[union-attr]
    if not (isinstance(returned, ast.Call) and returned.args):
        return None
    qualified = ctx.resolve(returned.func)
    if joining(qualified) is None:
        return None
    joined = returned.args[0]
    if isinstance(joined, (ast.ListComp, ast.GeneratorExp)) and len(joined.generators) == 1:
        joined = joined.generators[0].iter
    return qualified if isinstance(joined, ast.Name) and joined.id == param else None


def first_array(ctx, loop: ElementLoop) -> str:
    """The first array the loop walks, as written (``range(n)`` when it only has an index)."""
    for array in loop.arrays:
        if not built(array):
            return one_line(ctx.code(array), 30)
    return f"range({one_line(ctx.code(loop.count), 24)})" if loop.count is not None else one_line(ctx.code(loop.arrays[0]), 30)


def walked(ctx, loop: ElementLoop | ProductLoop) -> str:
    """What one iteration takes, for a message: "element of `xs`", "combination of rows of `xs`
    and `ys`", "value of `t` in `range(T)`"."""
    arrays = [one_line(ctx.code(array), 30) for array in loop.arrays if not built(array) or isinstance(array, ast.Subscript)]
    if isinstance(loop, ProductLoop):
        return "combination of rows of " + " and ".join(f"`{array}`" for array in arrays)
    if arrays:
        return f"element of `{arrays[0]}`"
    if loop.count is None:
        return "element"
    bounds = one_line(ctx.code(loop.count), 30) if loop.start is None else f"{one_line(ctx.code(loop.start), 20)}, {one_line(ctx.code(loop.count), 30)}"
    return f"value of `{loop.variables[0]}` in `range({bounds})`"


def unpartial(body: ast.expr, ctx) -> ast.expr:
    """``partial(f, a)(x)`` read as ``f(a, x)`` (positional arguments only), so that a mapped
    ``partial`` is the call it makes; any other ``body`` as it is."""
    if not (isinstance(body, ast.Call) and isinstance(body.func, ast.Call)):
        return body
    inner = body.func
    if (ctx.resolve(inner.func) or "") != "functools.partial" or not inner.args or inner.keywords:
        return body
    if any(isinstance(arg, ast.Starred) for arg in inner.args):
        return body
    return ast.Call(func=inner.args[0], args=[*inner.args[1:], *body.args], keywords=list(body.keywords))


def applies_model(body: ast.AST, var: str, ctx) -> bool:
    """``jnp.sum(model(params, x))``: a function of the file applied to the element and to
    something else (parameters): a per-sample loss, not the reduction of a list of weights
    (``jnp.sum(w ** 2)``)."""
    for node in ast.walk(body):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and ctx.local_function(node.func.id) is not None:
            names = [arg.id for arg in node.args if isinstance(arg, ast.Name)]
            if var in names and len(node.args) >= 2:
                return True
    return False


def traced_arithmetic(ctx, iterable: ast.expr, body: ast.expr, var: str) -> bool:
    """Arithmetic on the element alone (``xi ** 2``, ``w * x[i] + 1.0``) over a jax array, or
    over a parameter (whose element arithmetic is traced when a transform reaches the
    function: phase 2 decides from the project), names no jax function and is still one
    traced operation per element. Host NumPy arrays and Python numbers are not."""
    element = indexed_element(iterable, body, var, ctx.code)
    array, element_body = element if element is not None else (iterable, body)
    if elementwise_in(element_body, var, ctx.resolve) is None:
        return False
    value = ctx.value(array)
    return value.kind == v.ARRAY and not value.host or value.kind == v.PARAM


def index_range(expr: ast.AST, ctx) -> bool:
    """``range(stop)`` or ``range(start, stop)``: indices a body may use as numbers, which map
    over ``jnp.arange`` with the same arguments."""
    return isinstance(expr, ast.Call) and ctx.is_builtin(expr.func, "range") and 1 <= len(expr.args) <= 2 and not expr.keywords


def lists_passed(project, path: str, function: str, param: str) -> bool:
    """Every call site in the project passes ``param`` a list or tuple (and one does): stacking
    what is computed per item is how a list becomes an array, and ``vmap`` would map its leaves."""
    passed = project.arguments(path, function, param)
    return bool(passed) and all(fact.is_list for fact in passed)


def non_arrays_passed(project, path: str, function: str, param: str) -> bool:
    """Every call site in the project passes ``param`` something other than an array (a dict, a
    list, a number, an object; and one call does): a step reading ``param[item]`` looks keys up."""
    passed = project.arguments(path, function, param)
    return bool(passed) and all(fact.is_list or fact.kind == "other" for fact in passed)
