"""Vmap rewrites: a per-sample loop replaced by one mapped call, with what it must prove.

A loop read as an ``ElementLoop`` (``analysis/per_sample.py``) becomes ``jax.vmap(f,
in_axes=...)(*arrays)``, or, for an elementwise body, the body applied to the whole array
(``vectorize.batched`` and ``vectorize.joined`` build the expression). This module adds the
preconditions such a rewrite rests on (the loop's own assumptions, the mapped values being
arrays, an index range covering every row read at it; for the elementwise form, a jax array
that is not empty and free names that are Python numbers) and builds the fix. GA101 and GA102
state the ``vmap`` preconditions through ``vmap_conditions``, the one copy. The advice that
comes without a fix is worded here too: a list appended to in a loop or a buffer filled item by
item (``appended_advice``, ``buffer_advice``), pairs (``product_advice``), and flax or haiku
code, which needs the lifted ``vmap`` (``lifted_advice``).
"""

from __future__ import annotations

import ast

from gradadvisor.analysis import values as v
from gradadvisor.analysis.gradient import derivative_kind
from gradadvisor.analysis.per_example_gradients import output_component
from gradadvisor.analysis.per_sample import built, walked
from gradadvisor.analysis.host_code import branching_target
from gradadvisor.analysis.sample_map import LIFTED_VMAP, lifted_vmap
from gradadvisor.analysis.stacked_lists import AppendedList, FilledBuffer, builtin_sum
from gradadvisor.analysis.syntax import attribute_path, call, one_line
from gradadvisor.analysis.vectorize import ElementLoop, ProductLoop, Vectorized, batched, elementwise_in, joined, length_of, vmapped
from gradadvisor.fixes.edits import Fix, Preconditions


def vmap_conditions(conditions: Preconditions, loop: ElementLoop, assumptions, ctx) -> None:
    """What ``jax.vmap`` over ``loop`` must prove: ``assumptions`` (unproven by nature: ``zip``
    stops at the shortest argument...), every mapped value an array (a list of arrays is mapped
    leaf by leaf), and for an index loop, the count the number of rows of every array read at
    the index (JAX clamps an out-of-range index; ``vmap`` maps every row)."""
    for assumption in assumptions:
        conditions.require(False, assumption)
    for array in loop.arrays:
        if not built(array):
            conditions.require(ctx.value(array).is_array, f"`{one_line(ctx.code(array), 30)}` is an array (a list of arrays would be mapped leaf by leaf)")
    if loop.count is not None:
        indexed = [(array, loop.axis(k)) for k, array in enumerate(loop.arrays) if getattr(array, "lineno", None) is not None]
        conditions.require(
            all(length_of(loop.count, array, axis, ctx.code) for array, axis in indexed),
            f"`{one_line(ctx.code(loop.count), 30)}` is the number of rows of every array read at the index (JAX clamps an out-of-range index; `vmap` maps every row)",
        )


def per_sample_vectorized(ctx, loop: ElementLoop, join: ast.Call | None, function: str | None, autograd: bool) -> tuple[Vectorized, str, list]:
    """The loop as one expression: the joining call ``join`` (``jnp.stack(..., axis=k)``...) with
    its ``function`` folded in, or the loop's results stacked; with the file's spelling of
    ``jax.vmap`` (empty for autograd code, or where jax is not imported) and the imports it needs."""
    vmap, vmap_imports = ("", []) if autograd else ctx.spell("jax.vmap")
    if join is not None and function is not None:
        vectorized, _ = joined(join, function, loop, ctx.resolve, vmap or "jax.vmap")
    else:
        vectorized = batched(loop, ctx.resolve, vmap or "jax.vmap")
    return vectorized, vmap, vmap_imports


def joined_vmap(ctx, join: ast.Call, function: str, loop: ElementLoop, vmap: str, imports: list) -> tuple[str, Fix]:
    """The joining call ``join`` of a per-sample list (``jnp.stack([g(p, x) for x in xs])``)
    replaced by one mapped call (``jax.vmap(g, in_axes=(None, 0))(p, xs)``): the new text and the fix."""
    vectorized, _ = joined(join, function, loop, ctx.resolve, vmap)
    conditions = Preconditions()
    vmap_conditions(conditions, loop, vectorized.assumptions, ctx)
    rewrite = ctx.renderer.replace_expression(join, vectorized.expression)
    return rewrite.text, conditions.fix(rewrite, imports=imports)


def per_sample_fix(ctx, target: ast.expr, loop: ElementLoop, vectorized: Vectorized, vmap_imports: list) -> Fix:
    """``target`` replaced by ``vectorized``, with the preconditions of a vmap or of the
    elementwise form."""
    conditions = Preconditions()
    if vectorized.how == "vmap":
        vmap_conditions(conditions, loop, vectorized.assumptions, ctx)
    else:
        elementwise_conditions(conditions, loop, ctx)
    rewrite = ctx.renderer.replace_expression(target, vectorized.expression)
    return conditions.fix(rewrite, imports=vmap_imports if vectorized.how == "vmap" else [])


def elementwise_conditions(conditions: Preconditions, loop: ElementLoop, ctx) -> None:
    """What applying an elementwise body to the whole array must prove: a jax array, free names
    that are Python numbers, a non-empty array, and a range covering exactly its rows."""
    for assumption in loop.assumptions:
        conditions.require(False, assumption)
    array = loop.arrays[0]
    text = one_line(ctx.code(array), 30)
    value = ctx.value(array)
    conditions.require(value.is_array and not value.host, f"`{text}` is a jax array (not a list, a tuple or a NumPy array)")
    shape = elementwise_in(loop.body, loop.variables[0], ctx.resolve)
    for free in sorted(shape.free if shape is not None else ()):
        try:
            expression = ast.parse(free, mode="eval").body
        except SyntaxError:
            expression = None
        kind = ctx.value(expression).kind if expression is not None else v.UNKNOWN
        conditions.require(kind in (v.SCALAR, v.SIZE), f"`{free}` broadcasts against the whole array as against one row (it is a Python number)")
    rows = value.shape[0] if value.is_array and value.shape else None
    conditions.require(
        isinstance(rows, int) and rows > 0,
        f"`{text}` is not empty (stacking no rows raises, or gives a different shape; the elementwise form returns an empty array)",
    )
    if loop.count is not None:
        count = ctx.value(loop.count)
        same_literal = isinstance(rows, int) and count.kind == v.SCALAR and count.literal == rows
        conditions.require(
            length_of(loop.count, array, 0, ctx.code) or same_literal,
            f"`range({one_line(ctx.code(loop.count), 30)})` covers exactly the rows of `{text}`",
        )


def nested_map(loop: ProductLoop, vmap: str) -> ast.expr:
    """``vmap(lambda a: vmap(lambda b: body)(ys))(xs)``: one result per combination of rows."""
    expression: ast.expr = loop.body  # type: ignore[assignment]
    for variable, array in reversed(list(zip(loop.variables, loop.arrays))):
        lam = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[ast.arg(arg=variable)], kwonlyargs=[], kw_defaults=[], defaults=[]), body=expression)
        expression = call(call(attribute_path(vmap), lam), array)
    return expression


def lax_map_fix(ctx, node: ast.Call) -> tuple[ast.expr, Fix | None]:
    """``jax.lax.map(f, xs)`` as ``jax.vmap(f)(xs)``, and its fix (None where ``jax.vmap`` cannot
    be spelled)."""
    function, xs = node.args
    vmap, imports = ctx.spell("jax.vmap")
    replacement = call(call(attribute_path(vmap or "jax.vmap"), function), xs)
    if not vmap:
        return replacement, None
    conditions = Preconditions()
    conditions.require(False, "the function is a JAX function of one element (no Python control flow on its values)")
    rewrite = ctx.renderer.replace_expression(node, replacement)
    return replacement, conditions.fix(rewrite, imports=imports)


def lax_map_advice(ctx, node: ast.Call) -> tuple[str, Fix | None]:
    """The advice for ``jax.lax.map(f, xs)`` over data (``jax.vmap(f)(xs)``, or a ``batch_size``
    when memory is why it is a ``lax.map``) and its fix."""
    replacement, fix = lax_map_fix(ctx, node)
    return f"use `{one_line(ctx.renderer.code(replacement), 100)}`, or `lax.map(..., batch_size=k)` if memory is why it is a lax.map", fix


def per_sample_advice(ctx, target: ast.expr, loop: ElementLoop, join: ast.Call | None, function: str | None, module: str, assigned: str | None = None, advice_only: bool = False):
    """The advice text (naming the rewrite) and the fix (None when there is none)."""
    autograd = module == "autograd.numpy"
    vectorized, vmap, imports = per_sample_vectorized(ctx, loop, join, function, autograd)
    if vectorized.how == "vmap" and autograd:
        arrays = ", ".join(one_line(ctx.code(array), 30) for array in loop.arrays if not built(array))
        return f"autograd has no `vmap`: compute the function for the whole batch `{arrays}` at once (write it to take a batch)", None
    prefix = f"{assigned} = " if assigned else ""
    text = one_line(ctx.renderer.code(vectorized.expression), 120)
    if advice_only:
        return f"replace the loop and the list with `{prefix}{text}`", None
    advice = f"build the array at once: `{prefix}{text}`" if assigned else f"use `{text}`"
    if vectorized.how == "vmap" and not vmap:
        return advice, None
    return advice, per_sample_fix(ctx, target, loop, vectorized, imports)

def product_advice(ctx, loop: ProductLoop, module: str = "jax.numpy") -> str:
    if module == "autograd.numpy":
        arrays = " and ".join(f"`{one_line(ctx.code(array), 30)}`" for array in loop.arrays)
        return f"autograd has no `vmap`: compute the function for every combination of {arrays} at once, by broadcasting"
    vmap, _ = ctx.spell("jax.vmap")
    return f"use a nested map, `{one_line(ctx.renderer.code(nested_map(loop, vmap or 'jax.vmap')), 120)}`, and merge its leading axes into one row per combination"


def vmapped_code(ctx, loop: ElementLoop) -> str:
    """The loop's body mapped with ``jax.vmap`` (``vectorize.vmapped``), as code for advice that
    comes without a fix."""
    vmap, _ = ctx.spell("jax.vmap")
    return ctx.renderer.code(vmapped(loop, vmap or "jax.vmap").expression)


def per_sample_call(ctx, loop: ElementLoop | ProductLoop) -> str:
    """``jax.vmap(per_sample)(xs, ys)``: the advice for a loop body moved into a function of the
    sample, over the arrays the loop walks."""
    vmap, _ = ctx.spell("jax.vmap")
    arrays = ", ".join(one_line(ctx.code(array), 30) for array in loop.arrays)
    return f"{vmap or 'jax.vmap'}(per_sample)({arrays})"


def appended_head(ctx, appended: AppendedList, loop: ElementLoop, header: str) -> tuple[str, bool]:
    """What GA101 says of ``out = []; for ...: out.append(value)`` then joined, and whether its
    advice stays advice (no rewrite): the loop also fills other lists the same way, the list starts
    with items, is tested for truth, each step splits a key afresh, or each result sits in a
    one-element list. Each of those is a note the rewrite would not keep."""
    name = appended.name
    head = f"`{header}: {name}.append(...)` applies a function once per {walked(ctx, loop)} and {joined_by(ctx, appended.joins[0], name)}"
    if appended.others:  # fits.append(a); pens.append(b): each list a map; a rewrite of one would drop the others
        return head + f" (it fills `{'`, `'.join(appended.others)}` the same way: map {'them' if len(appended.others) > 1 else 'it'} too)", True
    seeded = (f"after the {appended.seeded} items" if appended.seeded > 1 else "after the item") + f" `{name}` starts with"
    key = appended.keys[0] if appended.keys else ""
    notes = [
        f"{seeded}: map the loop, then join them in front" if appended.seeded else "",  # out = [xs[0]]
        f"`{name}` is also tested for truth: test the count instead once it is an array" if appended.tested else "",  # if out:
        f"each step splits `{key}` afresh: split it once, `jax.random.split({key}, n)`, and map over the keys too" if key else "",
        # xs.append([f(x)]): the joined array has an axis of 1 the mapped result lacks
        "each result inside a one-element list: the joined array has an extra axis of length 1, `[:, None]` on the mapped result"
        if appended.wrapped else "",
        # print(g): under a trace it runs once per trace, as it would in the mapped function
        "each step prints: under a trace the print runs once, when the step is traced; `jax.debug.print` prints per element" if appended.prints else "",
    ]
    shown = [note for note in notes if note]
    return (head + f" ({'; '.join(shown)})", True) if shown else (head, False)


def blocked_advice(ctx, loop: ElementLoop) -> str:
    """The advice for a loop over the blocks of a batch whose step maps its block already
    (``for s in range(0, n, 256): out.append(jax.vmap(f)(x[s:s + 256]))``): the blocks bound
    memory, so the rewrite keeps them and traces one step, ``jax.lax.map`` over the reshaped views
    (no fix: the body becomes the mapped function)."""
    views = [one_line(ctx.code(array), 50) for array in loop.arrays]
    blocks = views[0] if len(views) == 1 else f"({', '.join(views)})"
    return (f"under a trace the loop unrolls into one copy of the step per block; keep the blocks and trace one step: "
            f"`jax.lax.map(step, {blocks})` with `step` the loop body on one block, then merge the first two axes "
            f"(or `jax.lax.map(f, xs, batch_size=...)` over the rows)")


def appended_advice(ctx, appended: AppendedList, loop: ElementLoop, module: str) -> tuple[str, None]:
    """The advice for ``out = []; for x in xs: out.append(f(x))`` then joined (no fix: it would
    delete the loop): the list built at once, or for a body with steps before the append, the
    body moved into ``per_sample`` and mapped."""
    if not appended.steps:
        return per_sample_advice(ctx, appended.value, loop, None, None, module, assigned=appended.name, advice_only=True)
    if module == "autograd.numpy":
        arrays = ", ".join(one_line(ctx.code(array), 30) for array in loop.arrays)
        return f"autograd has no `vmap`: compute the loop body for the whole batch `{arrays}` at once", None
    return f"move the loop body into `def per_sample({', '.join(loop.variables)}): ...` and use `{appended.name} = {per_sample_call(ctx, loop)}`", None


def returned_list_advice(ctx, appended: AppendedList, loop: ElementLoop | ProductLoop) -> str:
    """The advice for a list of per-sample results that is returned (one program output per
    element under a trace) or grown with ``append`` (a new array per step): one array at once,
    no fix (a vmap returns one array, not a list: the callers change)."""
    name = appended.name
    if appended.grown and ctx.names.numpy_module() == "autograd.numpy":
        return (f"grows `{name}` by one result per step (a new array each time, forward and backward); compute them as one array "
                "(autograd has no `vmap`: one expression over all the rows at once, or a list joined once at the end)")
    mapped = per_sample_call(ctx, loop)
    if appended.grown:
        return f"grows `{name}` by one result per step (a new array each time, forward and backward); compute them as one array, `{name} = {mapped}`"
    return (
        "returns the list: under a trace every element is an output of its own, one copy of the body each; "
        f"compute them as one array, `{mapped}` (callers index it instead of the list)"
    )


def buffer_advice(ctx, filled: FilledBuffer, loop: ElementLoop, module: str) -> tuple[str, None]:
    """The advice for a preallocated array filled item by item (``out[i] = f(x[i])``): the
    array built at once in place of the allocation and the loop (no fix)."""
    text, _ = per_sample_advice(ctx, filled.value, loop, None, None, module, assigned=filled.buffer, advice_only=True)
    text = text.replace("replace the loop and the list with", f"replace `{filled.buffer}`'s allocation and the loop with")
    if filled.axis:
        how = f": add `out_axes={filled.axis}` to the vmap" if not module.startswith("autograd") else ""
        text += f" (the loop writes its results along axis {filled.axis}{how})"
    return text, None


def lifted_advice(framework: str) -> str:
    """Inside flax.linen or haiku code: ``jax.vmap`` cannot map calls that create or read module
    parameters; the lifted ``vmap`` (``sample_map.LIFTED_VMAP``) can."""
    return (
        f"inside {framework} code `jax.vmap` cannot map calls that create or read module parameters: "
        f"use `{LIFTED_VMAP[framework]}`, or pass the whole batch if the module accepts one"
    )


def sample_map_advice(ctx, loop: ElementLoop | ProductLoop, module: str, rewrite) -> tuple[str, Fix | None]:
    """The advice for a sample map and its fix: the lifted ``vmap`` inside flax or haiku code
    (``sample_map.lifted_vmap``), a nested map for pairs, else ``rewrite()``'s advice and fix."""
    framework = lifted_vmap(loop, ctx)
    if framework is not None:
        return lifted_advice(framework), None
    if isinstance(loop, ProductLoop):
        return product_advice(ctx, loop, module), None
    return rewrite()


def branch_caveat(call: ast.Call, ctx) -> str:
    """What the batched form needs first when the differentiated function branches in Python
    on its argument (``if x < 3:``): ``vmap`` of it raises until the branch is rewritten."""
    branching = branching_target(call, ctx)
    if branching is None:
        return ""
    name, line = branching
    return f"; first write the branch on its argument in `{name}` (line {line}) with `jnp.where` or `jax.lax.cond`: `vmap` of a Python `if` on a traced value raises"



def basis_advice(ctx, loop: ast.For, found: ast.Call, transform: str, direction: str) -> str:
    """The advice for a directional derivative per one-hot vector (``pullback(e_i)`` for ``i`` in
    ``range(n)``): the Jacobian at once, ``jax.jacrev`` (rows) or ``jax.jacfwd`` (columns), or the
    product mapped over ``eye(n)``."""
    whole = "jax.jacrev" if direction in ("rows", "outputs") else "jax.jacfwd"
    iterable = loop.iter
    function = output_component(found, loop.target.id) if direction == "outputs" and isinstance(loop.target, ast.Name) else None
    if function is not None:
        # ``jax.grad(lambda z: f(z)[i])(x)`` per ``i``: the rows of one Jacobian
        inner = ast.Lambda(args=function.args, body=function.body.value)  # type: ignore[attr-defined]
        point = ", ".join(one_line(ctx.code(arg), 30) for arg in found.args)
        return (f"computes the Jacobian one row at a time, one {derivative_kind(transform)} of an output component per step over "
                f"`{one_line(ctx.code(iterable), 30)}`; use `{whole}({one_line(ast.unparse(inner), 60)})({point})`, one call for every row")
    count = one_line(ctx.code(iterable.args[0]), 30) if isinstance(iterable, ast.Call) and len(iterable.args) == 1 and ctx.is_builtin(iterable.func, "range") else "n"
    eye = f"{ctx.spell('jax.numpy.eye')[0] or 'jnp.eye'}({count})"
    mapped = f"`jax.vmap({one_line(ctx.code(found.func), 30)})({eye})`" if direction == "rows" or transform == "jax.linearize" else f"a `vmap` of the product over `{eye}`"
    return (f"computes the Jacobian one {direction[:-1]} at a time, one {derivative_kind(transform)} per basis vector over "
            f"`{one_line(ctx.code(iterable), 30)}`; use `{whole}` of the function, or {mapped}")


def draws_advice(ctx, loop: ast.For, draws) -> str:
    """The advice for a derivative at a fresh random draw per step (``analysis/random_draws``):
    draw every step's values at once, then one ``vmap`` of the gradient function over them."""
    count = one_line(ctx.code(loop.iter.args[-1] if len(loop.iter.args) == 1 else loop.iter), 30)  # type: ignore[attr-defined]
    drawn = ", ".join(f"`{name}`" for name in draws.drawn)
    return (f"{derivative_kind(draws.transform)} per step at a fresh random draw ({drawn}: `{one_line(ctx.code(draws.draw), 50)}`); "
            f"draw all {count} at once (a key per draw, `jax.random.split(key, {count})`, or a leading axis on the draw's shape) "
            f"and compute them with one `jax.vmap({one_line(ctx.code(draws.call.func), 30)})` over the draws")


def joined_by(ctx, join: ast.Call, list_name: str) -> str:
    """How a per-sample list is joined, for a message: "`jnp.stack(ys)` joins the results", or
    the builtin ``sum`` adding them one by one."""
    if builtin_sum(join, ctx):
        return f"the builtin `sum({list_name})` adds the results one by one"
    return f"`{ctx.code(join.func)}({list_name})` joins the results"


def join_module(ctx, join: ast.Call) -> str:
    """The array module of a join's rewrite: the join's own (the file's for the builtin ``sum``)."""
    if builtin_sum(join, ctx):
        return ctx.names.numpy_module() or "jax.numpy"
    qualified = ctx.resolve(join.func) or ""
    return "autograd.numpy" if qualified.startswith("autograd.") else qualified.rpartition(".")[0] or "jax.numpy"


def summed_list_advice(ctx, advice: str, module: str, list_name: str) -> str:
    """A list of per-sample results added by the builtin ``sum``: the mapped array (``advice``),
    then one ``sum`` over its first axis (iterating the array would still add item by item)."""
    total, _ = ctx.spell(f"{module}.sum")
    return f"{advice}, then `{total or 'jnp.sum'}({list_name}, axis=0)` in place of `sum({list_name})`"


def pair_list_advice(ctx, node: ast.For, pairs, header: str) -> str:
    """A value per pair of a triangle appended and joined (``stacked_lists.pair_list``): every pair at once."""
    count = one_line(ctx.code(node.iter.args[0]), 30) if isinstance(node.iter, ast.Call) and len(node.iter.args) == 1 else "n"
    if pairs.grid:
        other = one_line(ctx.code(pairs.inner.iter.args[0]), 30)
        return (f"`{header}` and the loop inside it append one value per pair of `range({count})` and `range({other})` to `{pairs.name}`, and "
                f"{joined_by(ctx, pairs.joins[0], pairs.name)}: the program grows with the product of the two; compute every pair at once: "
                "`jax.vmap(jax.vmap(f, in_axes=(None, 0)), in_axes=(0, None))` over the two axes, or broadcast `x[:, None]` against `y[None, :]` "
                f"(the pairs come out as an array of shape ({count}, {other}): reshape it where the list was flat)")
    return (f"`{header}` and the loop inside it append one value per pair of a triangle to `{pairs.name}`, and "
            f"{joined_by(ctx, pairs.joins[0], pairs.name)}: the program grows with the square of the data; compute every pair at once: "
            f"`a, b = jnp.triu_indices({count}, k=1)` (the pairs a < b), then the value over `(a, b)` with `jax.vmap` or by broadcasting")


def buffer_head(ctx, node: ast.For, filled: FilledBuffer, loop: ElementLoop) -> tuple[str, str]:
    """How a message names a buffer filled item by item, and the array module of the rewrite."""
    head = f"`for {filled.index} in {one_line(ctx.code(node.iter), 30)}: {one_line(ctx.code(node.body[0].targets[0]), 30)} = ...` applies a function once per {walked(ctx, loop)}"
    head += f" and writes each result into `{filled.buffer}` item by item (under a gradient an array cannot be assigned into)"
    return head, "autograd.numpy" if filled.constructor.startswith("autograd.") else "jax.numpy"


def returned_list_message(ctx, appended: AppendedList, loop: ElementLoop | ProductLoop, header: str) -> tuple[str, dict] | None:
    """The message for a list of per-sample results returned as a list (one output per element
    under a trace: costs once compiled, so a trace must be shown) or grown by ``jnp.append``
    (copied per step, forward and backward, traced or not), with the report's trace fields.
    None for a returned list under autograd: it traces nothing, so a list of results costs no
    compile (a grown array is copied per step there too)."""
    if ctx.names.numpy_module() == "autograd.numpy" and not appended.grown:
        return None
    name = appended.name
    spelled = f"{name} = ...append({name}, ...)" if appended.grown else f"{name}.append(...)"
    traced = {} if appended.grown else {"need": "compiled", "require_trace": True}
    return f"`{header}: {spelled}` applies a function once per {walked(ctx, loop)} and {returned_list_advice(ctx, appended, loop)}", traced


def returned_comprehension_message(ctx, loop: ElementLoop | ProductLoop) -> str | None:
    """The message for ``return [f(x) for x in xs]`` (or ``list(map(f, xs))``): one program
    output per element under a trace, advice, no fix (a vmap returns one array, not a list: the
    callers change). None under autograd: it traces nothing, so a list of results costs no
    compile."""
    if ctx.names.numpy_module() == "autograd.numpy":
        return None
    return (
        f"`return [...]` applies a function once per {walked(ctx, loop)} and returns the list: under a trace every element "
        f"is an output of its own, one copy of the body each; compute them as one array, `{per_sample_call(ctx, loop)}` "
        "(callers index it instead of the list)"
    )


def window_message(ctx, found, head: str) -> str:
    """The message for windows gathered one position at a time (``window_gathers``' result)."""
    window, _, advice = found
    return f"{head} gathers one window of `{one_line(ctx.code(window.array), 30)}` per position, each a slice whose gradient is a full-size scatter; {advice}"
