"""Sample maps: a per-sample loop whose body applies one function to each sample.

``jnp.stack([f(x) for x in xs])``, ``list(map(f, xs))``, a ``for`` loop that appends
``f(x)``: GA101's question is whether such a loop (``analysis/per_sample.py``) is one function
mapped over the rows of data-sized arrays, which ``jax.vmap`` computes at once. It is not when
the body runs on the host, only indexes or converts the sample, calls the sample itself (a list
of layers or functions), builds a new module per sample, computes a per-example gradient
(GA102's), or contracts slices read at the index (GA201's einsum). This module reads the loop,
judges it, and says what the code around it is (host or jax work, flax or haiku code whose
parameters ``jax.vmap`` cannot map); and whether a ``jax.lax.map`` maps data arrays, not chunks
chosen for memory (``lax_map_over_data``).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.captures import self_attributes
from gradadvisor.analysis.gradient import BATCHING, REMATERIALISING, closes_over, gradient_call, transform_name
from gradadvisor.analysis.recurrence_work import step_callees
from gradadvisor.analysis.per_sample import arrays_are_data, built, host_body, list_source, map_loop, read, read_index, single_generator
from gradadvisor.analysis.stacked_lists import AppendedList, FilledBuffer, appended_list, filled_buffer, joined_only
from gradadvisor.analysis.syntax import dotted, int_value, name, names_read, offset_of, unwrapped_iterable, walk
from gradadvisor.analysis.vectorize import ARRAY_ATTRIBUTES, ElementLoop, ProductLoop, calls_jax, element_is_object, elementwise_in

#: Builtins that convert or inspect a value: ``[int(x) for x in xs]`` is not a model applied per sample.
INSPECTING_BUILTINS = frozenset(
    {"int", "float", "bool", "str", "len", "ord", "chr", "repr", "hash", "id", "type", "isinstance", "tuple", "list", "dict", "set", "print"}
)
#: Methods that read a value out rather than compute on it.
INSPECTING_METHODS = frozenset({"item", "tolist", "keys", "values", "items", "get", "copy", "format"})
#: Conversions to Python values: a body using them on the sample runs on the host and cannot be vmapped.
HOST_CONVERSIONS = frozenset({"float", "int", "bool", "complex", "str"})
HOST_METHODS = frozenset({"item", "tolist"})
#: Libraries whose module constructors build new parameters: ``hk.Linear(3)(x)`` in a loop is a new layer per sample.
LAYER_LIBRARIES = ("haiku.", "flax.linen.", "flax.nnx.", "equinox.nn.")
#: Base classes of a layer library's modules: a subclass made inside a step is a new module too.
MODULE_CLASSES = ("haiku.Module", "flax.linen.Module", "flax.linen.module.Module", "flax.nnx.Module")
#: Frameworks where ``jax.vmap`` cannot map a call that creates or reads module parameters.
LIFTED_VMAP = {"haiku": "hk.vmap", "flax.linen": "nn.vmap"}


@dataclass(frozen=True)
class SampleMap:
    """A per-sample loop that applies a function to each sample."""

    loop: ElementLoop | ProductLoop
    extent: Extent
    #: A parameter of the function that the body calls with the sample (``f(x)`` in
    #: ``def apply(f, xs)``): GA102's finding instead when a call site passes a gradient function.
    param: str | None = None
    #: The functions the body calls (``step_callees``): a body that calls one jit compiles
    #: elsewhere is a host loop driving compiled code, unless a trace is proven.
    calls: tuple[str, ...] = ()
    #: Each step already maps a block with a batching transform (``jax.vmap(f)(x[s:s + 256])``):
    #: chunked for memory, a finding only where a trace unrolls the blocks (``lax.map`` keeps them).
    batched: bool = False
    #: Parameters a step only reads at its item (``expr[g] for g in lay``, no function applied):
    #: a gather where callers pass an array, a lookup where they pass a dict (``GA101.finalize``).
    gathered: tuple[str, ...] = ()

    @property
    def data(self) -> dict | None:
        data = {"param": self.param} if self.param else {}
        if self.gathered:
            data["gathered"] = list(self.gathered)
        if self.calls:
            data["calls"] = list(self.calls)
        walked = [array.id for array in getattr(self.loop, "arrays", ()) if isinstance(array, ast.Name)]
        if len(walked) > 1:
            data["walked"] = walked  # zip(xs, ys): phase 2 asks whether callers pass any of them a list
        return data or None


def of_list(expr: ast.AST, ctx) -> SampleMap | None:
    """The sample map that builds the list ``expr``: a list comprehension, ``list(map(f, xs))``
    or ``map(f, xs)``; None when it is not one."""
    source = list_source(expr, ctx)
    if isinstance(source, ast.ListComp):
        generator = single_generator(source)
        if generator is None:
            return None
        walked, _ = unwrapped_iterable(generator.iter, ctx.is_builtin, reverse=False)  # ``list(range(n))``: a copy of what it walks
        return of_loop(ctx, generator.target, walked, source.elt)
    return of_map(source, ctx) if isinstance(source, ast.Call) else None


def returned_map(node: ast.Return, ctx) -> SampleMap | None:
    """The sample map a function returns as a list (``return [f(x) for x in xs]``,
    ``return list(map(f, xs))``): one output per element; None for anything else (a generator
    returned is consumed by the caller, not built here)."""
    if node.value is None or ctx.function is None or not isinstance(list_source(node.value, ctx), (ast.ListComp, ast.Call)):
        return None
    return of_list(node.value, ctx)


def of_map(node: ast.Call, ctx) -> SampleMap | None:
    """``map(f, xs, ys)`` read as the loop ``f(x, y) for x, y in zip(xs, ys)``; a lambda's own
    body is judged, with its parameters as the loop variables."""
    found = map_loop(node, ctx.resolve)
    if found is None:
        return None
    target, iterable, body, variables = found
    function = node.args[0]
    if isinstance(function, ast.Lambda):
        params = function.args
        if params.vararg or params.kwarg or params.kwonlyargs or params.posonlyargs or len(params.args) != len(variables):
            return None
        inner = [arg.arg for arg in params.args]
        judged_target = name(inner[0]) if len(inner) == 1 else ast.Tuple(elts=[name(item) for item in inner], ctx=ast.Store())
        judged = of_loop(ctx, judged_target, iterable, function.body)
        if judged is None or not isinstance(judged.loop, ElementLoop):
            return None
        loop = ElementLoop(tuple(variables), tuple(node.args[1:]), body, assumptions=judged.loop.assumptions)
        return SampleMap(loop, judged.extent, judged.param)
    judged = of_loop(ctx, target, iterable, body)
    return judged if judged is None or isinstance(judged.loop, ElementLoop) else None


def of_loop(ctx, target: ast.AST, iterable: ast.AST, body: ast.AST, joined_value: bool = True) -> SampleMap | None:
    """``for target in iterable: body`` read as a sample map, with its extent; None when it is
    not one. ``joined_value``: ``body`` is the value joined per sample (not a stand-in for a loop
    body's statements)."""
    loop = read(ctx, target, iterable, body)
    return judge(ctx, loop, named_parameter(ctx, iterable, ctx.extent(iterable)) if loop is not None else None, body, joined_value)


def named_parameter(ctx, iterable: ast.AST, extent: Extent) -> Extent:
    """A parameter walked item by item whose name says "different things" (``F_params``,
    ``members``): the name breaks ties only, so phase 2 asks the call sites (``size_proof``:
    a size ``"named"`` is data where every caller passes an array or many like arrays, else
    nothing). Any other extent as it is."""
    if not (extent.kind == "static" and extent.named and isinstance(iterable, ast.Name)):
        return extent
    value = ctx.value(iterable)
    if value.kind != v.PARAM or not value.param:
        return extent
    return Extent("data", f"`{iterable.id}` (named as a collection) holds what callers pass", "named", param=value.param,
                  size=f"len({value.param})", per_element=True)


def judge(ctx, loop: ElementLoop | ProductLoop | None, extent: Extent | None, body: ast.AST, joined_value: bool) -> SampleMap | None:
    """``loop`` (over ``extent``, computing ``body``) as a sample map; None when it is not one."""
    if loop is None or extent is None or not extent.is_data:
        return None
    if joined_value and isinstance(body, (ast.Tuple, ast.List, ast.Dict, ast.Set)):
        return None  # joined per sample into one array, but vmapped into a tuple of arrays
    if host_body(body, ctx):
        return None  # host code (NumPy, SciPy, printing, buffers): never a vmap
    batched = batches_inside(body, ctx, frozenset(filter(None, (dotted(array) for array in getattr(loop, "arrays", ())))))
    if batched and not (isinstance(loop, ElementLoop) and loop.blocked):
        return None  # each step already maps a batch (jax.vmap(f)(chunk)): chunked on purpose, for memory
    if updates_state(body, ctx):
        return None  # `filt.push(s)` assigns `self.hist`: each step reads the one before, a recurrence
    if isinstance(loop, ElementLoop) and any(element_is_object(loop.body, variable) or sized_by_itself(loop.body, variable) for variable in loop.variables):
        return None  # `s.core`, `s.height` of each item; `pad(p, (0, 8 - p.shape[0]))`: different objects or shapes, no vmap
    applies, param = applies_function(loop, ctx)
    if not applies:
        return None
    if isinstance(loop, ElementLoop) and loop.count is not None and slice_contraction(loop, ctx):
        return None  # products of slices taken at the index: GA201 writes the one einsum
    if isinstance(loop, ElementLoop) and loop.axes and any(axis != 0 for axis in loop.axes) and arithmetic_only(loop):
        return None  # `m + d[:, i]` per column: GA201's whole-array rewrite (`m + d.T`)
    if extent.proof != "named" and not arrays_are_data(loop, ctx, plain_names=True):  # named: phase 2 asks the callers
        # (zip(centers, scales): a name alone does not make `scales` a list); one walked
        # parameter named as a collection (``ensemble[e]`` over ``range(len(ensemble))``): its callers
        walked = [array for array in loop.arrays if not built(array)]
        if len(walked) != 1 or not isinstance(walked[0], ast.Name):
            return None
        extent = named_parameter(ctx, walked[0], ctx.extent(walked[0]))
        if extent.proof != "named":
            return None
    # blocks of a batch, one mapped call each: chunked for memory; under a trace still one copy per block
    return SampleMap(loop, extent, param, tuple(step_callees(body, ctx)), batched, _gathered_parameters(loop, ctx))


def _gathered_parameters(loop: ElementLoop | ProductLoop, ctx) -> tuple[str, ...]:
    """The parameters a step made of no call reads at its item (``expr[g]``): what callers pass
    decides whether the step gathers rows of an array or looks keys up in a dict."""
    if not isinstance(loop, ElementLoop) or len(loop.variables) != 1 or any(isinstance(node, ast.Call) for node in walk(loop.body)):
        return ()
    var = loop.variables[0]
    found = []
    for node in walk(loop.body):
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == var and isinstance(node.value, ast.Name):
            value = ctx.value(node.value)
            if value.kind == v.PARAM and value.param:
                found.append(value.param)
    return tuple(found)


def sized_by_itself(body: ast.AST, variable: str) -> bool:
    """Each step computes with its own item's shape (``jnp.pad(p, (0, 8 - p.shape[0]))``, a slice
    ``p[:p.shape[0] - 1]``): the items differ in shape (a ragged list), as an array's rows do not."""
    for node in walk(body):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            for side in (node.left, node.right):
                if (isinstance(side, ast.Subscript) and isinstance(side.value, ast.Attribute) and side.value.attr == "shape"
                        and isinstance(side.value.value, ast.Name) and side.value.value.id == variable):
                    return True
    return False


def batches_inside(body: ast.AST, ctx, walked: frozenset[str] = frozenset()) -> bool:
    """The step calls a batching transform itself (``jax.vmap(f)(pts[c])``, ``lax.map(f, chunk)``),
    or a name bound to a mapped function on a part of the element (``eg(groups[b].xyz)`` with
    ``eg = jax.vmap(jax.grad(f))``; not on a ``walked`` array whole, which pairs each element with
    all of them): the loop walks chunks of a batch, one mapped call each."""
    return any(isinstance(node, ast.Call) and (transform_name(node.func, ctx.names) in BATCHING or _mapped_function(node, ctx, walked)) for node in walk(body))


def _mapped_function(call: ast.Call, ctx, walked: frozenset[str]) -> bool:
    if not isinstance(call.func, ast.Name) or any((dotted(arg) or "") in walked for arg in call.args):
        return False
    value = ctx.value(call.func)
    return value.kind == v.CALLABLE and value.transform in BATCHING


def updates_state(body: ast.AST, ctx) -> bool:
    """The step calls a method of an instance of a class of this module that assigns an attribute
    of ``self`` (``y.append(filt.push(s))`` with ``self.hist = ...`` in ``push``): state carried
    from one call to the next, which ``vmap`` would not carry."""
    for node in walk(body):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        receiver = ctx.value(node.func.value)
        klass = ctx.scope.definition(receiver.function, "class") if receiver.kind == v.OBJECT and receiver.function else None
        if klass is not None and any(method.name == node.func.attr for assignments in self_attributes(klass[0]).values() for method, _, _ in assignments):
            return True
    return False


def _made_module(node: ast.Call, ctx) -> bool:
    """``hk.Linear(3)(x)``, ``nn.Dense(64)(h)``: a call of a module a layer library constructs in
    place, which in a transformed or compact function makes new parameters at every call."""
    if not isinstance(node.func, ast.Call):
        return False
    constructor = ctx.value(node.func.func)
    made = ctx.resolve(node.func.func) or (constructor.function if constructor.kind == v.MODULE else None) or ""
    if made.startswith(LAYER_LIBRARIES):
        return True
    # ``FlowBlock(cells[w], cells[w + 1])(d)``: a Module class of this file, made per step
    klass = ctx.scope.definition(node.func.func.id, "class") if isinstance(node.func.func, ast.Name) else None
    return klass is not None and any((ctx.resolve(base) or "").startswith(MODULE_CLASSES) for base in klass[0].bases)


def makes_modules(body: ast.AST, ctx) -> bool:
    """Each step constructs and calls a layer library's module (``y = nn.Dense(k)(y)``): new
    parameters per step, a stack of layers (``vmap`` and ``scan`` would share one set)."""
    return any(isinstance(node, ast.Call) and _made_module(node, ctx) for node in walk(body))


def applies_function(loop: ElementLoop | ProductLoop, ctx) -> tuple[bool, str | None]:
    """True when the body applies one function to the sample: not indexing or converting it, not
    calling the sample itself, not building a new module per sample, not a gradient (GA102); with
    the parameter the body calls with the sample, which a call site may pass a gradient function."""
    variables = set(loop.variables)
    applies = False
    param = None
    for node in walk(loop.body):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in variables or isinstance(func, ast.Subscript) and names_read(func) & variables:
            return False, param  # the sample is the function: layers, heads, a list of callables
        if _made_module(node, ctx):
            return False, param  # a new module (new parameters) for every sample: ``hk.Linear(3)(x)``
        arguments = [*node.args, *(item.value for item in node.keywords)]
        uses_sample = any(names_read(arg) & variables for arg in arguments)
        if closes_over(node, variables, ctx) and gradient_call(node, ctx) is not None:
            return False, param  # the gradient of a function of the sample: GA102
        if uses_sample and not isinstance(func, ast.Lambda):
            gradient = gradient_call(node, ctx)
            if gradient is not None and gradient[1] is None:
                return False, param  # per-example gradients: GA102
            if gradient is not None:
                param = gradient[1]  # GA102's if a call site passes a gradient function
        if uses_sample and isinstance(func, ast.Name) and func.id in HOST_CONVERSIONS and ctx.is_builtin(func, func.id):
            return False, param  # float(model(x)): host-side values per sample
        if isinstance(func, ast.Attribute) and func.attr in HOST_METHODS and names_read(func.value) & variables:
            return False, param  # loss(x).item()
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in variables and func.attr not in ARRAY_ATTRIBUTES:
            return False, param  # parts[i].energy(q): a method no array has, the items are objects
        if isinstance(func, ast.Attribute) and names_read(func.value) & variables:
            applies = applies or func.attr not in INSPECTING_METHODS
        elif uses_sample:
            applies = applies or not (isinstance(func, ast.Name) and func.id in INSPECTING_BUILTINS and ctx.is_builtin(func, func.id))
    if applies:
        return True, param
    if isinstance(loop, ElementLoop) and len(loop.variables) > 1 and not isinstance(loop.body, ast.Name):
        # ``w * y ** 2`` over ``zip(ws, ys)``: arithmetic of several rows, elementwise in each,
        # when the facts show one of them is an array (a zip of two lists of numbers is not)
        arrays = any(not built(array) and ctx.value(array).is_array for array in loop.arrays) or counted_by_shape(loop, ctx)
        elementwise = arrays and all(elementwise_in(loop.body, variable, ctx.resolve) is not None for variable in loop.variables if variable in names_read(loop.body))
        return elementwise or gathers(loop, ctx), param
    if isinstance(loop, ElementLoop) and len(loop.variables) == 1 and python_numbers(loop, ctx):
        return False, param  # ``[1 / (i * norm) for i in range(1, n + 1)]``: Python numbers, one constant table
    return isinstance(loop, ElementLoop) and len(loop.variables) == 1 and (elementwise_in(loop.body, loop.variables[0], ctx.resolve) is not None or gathers(loop, ctx)), param


def python_numbers(loop: ElementLoop, ctx) -> bool:
    """The body is arithmetic on the loop's index (mapped over ``arange``) and Python numbers
    alone (a literal, a name bound to a number, the count itself): every item is a Python number
    and the joined array one constant, with nothing traced per item to map."""
    if not (loop.count is not None and loop.arrays and built(loop.arrays[0])):
        return False
    if any(isinstance(node, (ast.Call, ast.Subscript, ast.Attribute)) for node in walk(loop.body)):
        return False
    counted = names_read(loop.count)
    return all(name == loop.variables[0] or name in counted or ctx.value(ast.Name(id=name, ctx=ast.Load())).kind in (v.SCALAR, v.SIZE)
               for name in names_read(loop.body))


def gathers(loop: ElementLoop, ctx) -> bool:
    """The body reads another array at the element (``x[i] for i in idx``, ``w[idx[k]]`` over
    ``range(len(idx))``): one gather per element, each transposed into a scatter into a
    full-size array of zeros under ``grad``; one indexing, ``x[idx]``, does them all. Not a
    mapping looked up by key (``obs[name] for name in agents`` with ``obs: dict``)."""
    var = loop.variables[0]
    if len(loop.variables) > 1:
        if loop.count is None:
            return False  # ``axis[owner_k] for k, axis in enumerate(intervals)``: items of a list, often of different lengths
        # ``logits_i[actions_i]`` (``logits[i, actions[i]]``), ``parts_b.reshape(m, 3)[r, c_b]``:
        # each row (or what is made of it) read at its own position
        variables = set(loop.variables)
        return any(isinstance(node, ast.Subscript) and len(names_read(node.value) & variables) == 1
                   and names_read(node.slice) & (variables - names_read(node.value)) for node in walk(loop.body))
    return any(isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == var
               and isinstance(node.value, (ast.Name, ast.Attribute)) and var not in names_read(node.value) and _gathered_array(node.value, ctx)
               for node in walk(loop.body))


def _gathered_array(expr: ast.expr, ctx) -> bool:
    """What ``expr[item]`` reads may be an array: one the facts show, or a parameter not annotated
    as a dict (phase 2 asks its callers: ``GA101.finalize``); not a dict, nor an attribute or a
    name the facts know nothing of (``self.team_to_index[team]``: a lookup table, as often as not)."""
    if _mapping(expr, ctx):
        return False
    value = ctx.value(expr)
    return value.is_array or value.kind == v.PARAM


def _mapping(expr: ast.expr, ctx) -> bool:
    """``expr`` is a dict: built as one, or a parameter annotated as one."""
    value = ctx.value(expr)
    return value.kind == v.MAPPING or value.kind == v.PARAM and bool(value.annotation) and re.search(r"\b(?:dict|Dict|Mapping|MutableMapping)\b", value.annotation or "") is not None


def slice_contraction(loop: ElementLoop, ctx) -> bool:
    """The body contracts slices read at the index (``jnp.dot(a[:, i], b[:, i])``,
    ``a[i] @ b``, ``jnp.sum(a[i] * b[i])``): one ``jnp.einsum`` does the whole loop (GA201)."""
    body = loop.body
    variables = set(loop.variables)

    def operands_ok(operands) -> bool:
        return any(isinstance(item, ast.Name) and item.id in variables for item in operands) and all(
            isinstance(item, ast.Name) or not (names_read(item) & variables) for item in operands
        )

    if isinstance(body, ast.BinOp) and isinstance(body.op, ast.MatMult):
        return operands_ok([body.left, body.right])
    if not isinstance(body, ast.Call):
        return False
    function = (ctx.resolve(body.func) or "").rpartition(".")[2]
    if function in ("dot", "matmul", "inner", "vdot") and len(body.args) == 2:
        return operands_ok(body.args)
    product = body.args[0] if function == "sum" and len(body.args) == 1 and not body.keywords else None
    if isinstance(body.func, ast.Attribute) and body.func.attr == "sum" and not body.args and not body.keywords:
        product = body.func.value
    return isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult) and operands_ok([product.left, product.right])


def contracts_slices(form, value: ast.expr | None, ctx) -> bool:
    """The value a loop over ``range(n)`` writes at each index contracts slices read at that
    index (``out = out.at[i].set(W[i] @ F)``, ``jnp.dot(A[:, i], B[:, i])``): GA201's einsum,
    not another finding of the same loop."""
    if value is None or form.index is None or form.bounds is None or form.bounds[0] is not None:
        return False
    loop = read_index(ctx, form.index, form.bounds[1], value)
    return loop is not None and loop.count is not None and slice_contraction(loop, ctx)


def counted_by_shape(loop: ElementLoop, ctx) -> bool:
    """The index runs over an axis of one of the arrays it reads (``range(x.shape[0])``, or a name
    bound once to that, give or take a few): they are arrays, whatever else the code shows of them."""
    count = offset_of(loop.count)[0] if loop.count is not None else None  # ``range(n - 1)`` for neighbouring pairs
    if isinstance(count, ast.Name):
        count = ctx.assigned(count.id)
    if not (isinstance(count, ast.Subscript) and isinstance(count.value, ast.Attribute) and count.value.attr == "shape"):
        return False
    walked = ctx.code(count.value.value)
    # the array itself, or the window a shifted index walks (``x[1:n + 1]`` for ``x[j + 1]``)
    return any(ctx.code(array.value if isinstance(array, ast.Subscript) and built(array) else array) == walked for array in loop.arrays)


def arithmetic_only(loop: ElementLoop) -> bool:
    """The body is arithmetic on the slices (no function applied): not a map of a function."""
    return len(loop.variables) == 1 and not any(isinstance(node, ast.Call) for node in walk(loop.body))


def lifted_vmap(loop: ElementLoop | ProductLoop, ctx) -> str | None:
    """``"flax.linen"`` or ``"haiku"`` when the body calls modules inside such code (a method of
    a module class, or a file that imports haiku): ``jax.vmap`` cannot map calls that create or
    read module parameters there (``LIFTED_VMAP`` names the lifted one); else None."""
    klass = next((node for node in reversed(ctx.scopes) if isinstance(node, ast.ClassDef)), None)
    framework = None
    if klass is not None:
        for base in klass.bases:
            qualified = ctx.resolve(base) or ""
            for prefix in LIFTED_VMAP:
                if qualified.startswith(prefix + "."):
                    framework = prefix
    if framework is None and ctx.names.imports_module("haiku"):
        framework = "haiku"
    if framework is None:
        return None
    variables = set(loop.variables)
    for node in walk(loop.body):
        if not isinstance(node, ast.Call):
            continue
        qualified = ctx.resolve(node.func) or ""
        if qualified.startswith("jax.") or isinstance(node.func, ast.Attribute) and names_read(node.func.value) & variables:
            continue
        return framework
    return None


def work(loop: ElementLoop | ProductLoop, ctx) -> str:
    """"host" when the loop walks a NumPy array (a host driver, unless a trace is proven);
    "jax" when it walks a jax array or the body calls jax; else "unknown"."""
    values = [ctx.value(array) for array in loop.arrays if not built(array)]
    if any(value.host for value in values):
        return "host"
    if any(value.is_array for value in values) or calls_jax(loop.body, ctx.resolve, ctx.local_function):
        return "jax"  # the elements are jax arrays, or the body calls jax
    return "unknown"


def lax_map_over_data(node: ast.Call, ctx) -> list[Extent] | None:
    """``jax.lax.map(f, xs)`` (or over a tuple of arrays) in a function, mapping data-sized
    arrays, and not chosen for memory: the extent of each mapped array; None for
    ``batch_size=...``, ``lax.map(jax.checkpoint(f), chunks)``, an unusual spelling or
    arrays not shown to be data."""
    if node.keywords or len(node.args) != 2 or any(isinstance(arg, ast.Starred) for arg in node.args) or ctx.function is None:
        return None  # batch_size=... (memory) or an unusual spelling
    mapped, xs = node.args
    if isinstance(mapped, ast.Call) and (ctx.resolve(mapped.func) or "") in REMATERIALISING:
        return None  # lax.map(jax.checkpoint(f), chunks): chunked and rematerialised, for memory
    body = mapped.body if isinstance(mapped, ast.Lambda) else ctx.local_function(mapped.id) if isinstance(mapped, ast.Name) else None
    if body is not None and batches_inside(body, ctx):
        return None  # lax.map(f_chunk, chunks) with f_chunk = vmap(f) of a chunk: chunked on purpose, for memory
    operands = list(xs.elts) if isinstance(xs, ast.Tuple) else [xs]
    if any(_chunked(operand, ctx) for operand in operands):
        return None  # lax.map(f, x.reshape(-1, chunk, d)): the rows cut into chunks by hand, for memory
    extents = [ctx.extent(operand) for operand in operands]
    return extents if all(extent.is_data for extent in extents) else None


def _chunked(operand: ast.expr, ctx) -> bool:
    """``jnp.reshape(x, [-1, chunk, x.shape[-1]])`` or ``x.reshape(-1, chunk, d)``: a reshape whose
    first new axis is left to the length (-1) and whose second is a chunk's size."""
    if not isinstance(operand, ast.Call):
        return False
    if (ctx.resolve(operand.func) or "").endswith("numpy.reshape"):
        shape = operand.args[1:]  # jnp.reshape(x, shape)
    elif isinstance(operand.func, ast.Attribute) and operand.func.attr == "reshape":
        shape = operand.args  # x.reshape(shape) or x.reshape(*dims)
    else:
        return False
    dims = shape[0].elts if len(shape) == 1 and isinstance(shape[0], (ast.List, ast.Tuple)) else shape
    return len(dims) >= 2 and int_value(dims[0]) == -1 and int_value(dims[1]) != 1


def of_index(ctx, index: str, bound: ast.expr):
    """A judge for the values a ``while index < bound`` loop computes: each read as a map over
    the index (``per_sample.read_index``), over the bound's extent (None when it is not one)."""
    extent = ctx.extent_of_bound(bound)

    def per_element(expression: ast.AST) -> SampleMap | None:
        return judge(ctx, read_index(ctx, index, bound, expression), extent, expression, joined_value=False)

    return per_element


def appended_map(node: ast.For | ast.While, body: list[ast.stmt], per_element, ctx) -> tuple[AppendedList, SampleMap] | None:
    """``out = []`` ... ``out.append(value)`` in the loop (``stacked_lists.appended_list``), the
    appended value judged by ``per_element`` as a sample map; the value with the loop's earlier
    steps inlined when it is not one alone (``a = A[k]; out.append(f(w, a))``: ``f(w, A[k])``)."""
    appended = appended_list(node, body, ctx)
    if appended is None:
        return None
    found = per_element(appended.computed)
    if found is None and appended.inlined is not None:
        found = per_element(appended.inlined)
    return (appended, found) if found is not None else None


def buffer_map(node: ast.For, ctx) -> tuple[FilledBuffer, SampleMap] | None:
    """A fresh array filled item by item in the loop (``stacked_lists.filled_buffer``), the value
    written at each index judged as a sample map over what the loop walks."""
    filled = filled_buffer(node, ctx)
    found = of_loop(ctx, node.target, node.iter, filled.value, joined_value=False) if filled is not None else None
    return (filled, found) if found is not None else None


def assigned_map(node: ast.Assign, ctx) -> tuple[str, SampleMap, list[ast.Call]] | None:
    """``ys = [f(x) for x in xs]`` (or ``list(map(f, xs))``) in a function, the list then used
    only by calls that join it (``stacked_lists.joined_only``): its name, the map and the joins."""
    if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name) or ctx.function is None or not isinstance(node.value, (ast.ListComp, ast.Call)):
        return None
    found = of_list(node.value, ctx)
    siblings = ctx.block_of(node) if found is not None else None
    if siblings is None:
        return None
    joins = joined_only(*siblings, node.targets[0].id, 1, ctx)
    return (node.targets[0].id, found, joins) if joins else None  # type: ignore[return-value]
