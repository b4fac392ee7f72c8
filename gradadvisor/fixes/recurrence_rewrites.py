"""The rewrites a recurrence finding's message names, where no automatic fix applies.

A nonlinear recurrence becomes ``jax.lax.scan`` over the arrays a step reads when its states are
kept, ``jax.lax.fori_loop`` when only the final value is used, a scan over a fixed number of
steps for a ``while`` loop (``recurrence_advice``). A linear recurrence kept per step becomes ``jnp.cumsum`` / ``jnp.cumprod`` of its increments or
factors, or ``jax.lax.associative_scan`` with the combine written out; a loop
of independent ``.at`` writes becomes one vectorized write ``out = out.at[idx].set(v)``
(``vectorized_write``, ``scatter_advice``). The message's parts are built here too: what is
carried (``recurrence_subject``) and the loop as written (``loop_shown``).
"""

from __future__ import annotations

import ast

from gradadvisor.analysis.linear_recurrence import Affine
from gradadvisor.analysis.recurrence import Flow
from gradadvisor.analysis.recurrence_footprints import Write
from gradadvisor.analysis.recurrence_form import LoopForm
from gradadvisor.analysis.recurrence_steps import step_inputs
from gradadvisor.analysis.scatter_writes import elementwise_expression, unique_positions
from gradadvisor.analysis.sample_sites import site_call
from gradadvisor.analysis.syntax import dotted, names_read, one_line
from gradadvisor.fixes.render import substitute


def recurrence_advice(form: LoopForm, flow: Flow, states: list[str], linear: Affine | None, stored: bool, ctx) -> str:
    """The rewrite for a recurrence over ``states``; ``linear``: its update, when it is affine and kept per step."""
    if (site_call(form.node, ctx.resolve) or "").startswith("numpyro."):
        # a chain of sites, each drawn from the one before: numpyro's scan keeps them sites
        return f"use `numpyro.contrib.control_flow.scan` carrying {shown_names(states)} (it records each step's sites; a plain `lax.scan` would not)"
    if linear is not None:
        return _linear_advice(flow, linear, ctx)
    if isinstance(form.node, ast.While) and form.index is None:
        return f"use `{_spelled(ctx, 'jax.lax.scan')}` over a fixed number of steps (`while_loop` has no reverse-mode gradient)"
    if set(states) & set(flow.last_items):
        carried = sorted(set(states) & set(flow.last_items))
        if any(flow.last_depths.get(name) == 0 for name in carried):  # ``frames[parents[i]]``
            return (f"use `{_spelled(ctx, 'jax.lax.fori_loop')}` over a preallocated array of the items of {shown_names(carried)}, "
                    f"written with `.at[i].set` and read at the index the table gives (for a tree, batch each depth level at once) "
                    "(not `vmap`)")
        depth = max(flow.last_depths.get(name, 1) for name in carried)
        newest = "the newest item" if depth == 1 else f"the newest {depth} items"
        return (f"use `{_spelled(ctx, 'jax.lax.scan')}` carrying {newest} of {shown_names(carried)} and returning each step's new item "
                "(the scan stacks them into one array: add the start value; `reverse=True` for a list built from the front) "
                "(not `vmap`; on GPUs try `unroll=`)")
    if stored:
        xs = step_inputs(form, flow, ctx.code)
        over = f" over {xs}" if xs else ""
        return f"use `{_spelled(ctx, 'jax.lax.scan')}`{over} carrying {shown_names(states)} (not `vmap`; on GPUs try `unroll=`)"
    return f"use `{_spelled(ctx, 'jax.lax.fori_loop')}` carrying {shown_names(states)} (the final value is all that is used; on GPUs try `unroll=`)"


def _linear_advice(flow: Flow, linear: Affine, ctx) -> str:
    """The parallel rewrite of a linear recurrence kept per step: a running sum (``cumsum``), a
    running product (``cumprod``), else ``lax.associative_scan`` with its combine written out."""
    numpy = ctx.names.numpy_module()
    if linear.additive:
        cumsum = _spelled(ctx, f"{numpy}.cumsum")
        increment = one_line(ctx.renderer.code(linear.offset), 50) if linear.offset is not None else "the increments"
        order = ", from the end" if flow.form.direction < 0 else ""
        return f"a running sum: use the start value plus `{cumsum}` of the increments (`{increment}` per step{order}), not a scan"
    if linear.multiplicative:
        cumprod = _spelled(ctx, f"{numpy}.cumprod")
        factor = one_line(ctx.renderer.code(linear.coefficient), 50)  # type: ignore[arg-type]
        order = ", from the end" if flow.form.direction < 0 else ""
        return f"a running product: use the start value times `{cumprod}` of the factors (`{factor}` per step{order}), not a scan"
    scan = _spelled(ctx, "jax.lax.associative_scan")
    a = one_line(ctx.renderer.code(linear.coefficient), 30) if linear.coefficient is not None else "1"
    b = one_line(ctx.renderer.code(linear.offset), 30) if linear.offset is not None else "0"
    if linear.matrix:
        combine = f"(r[0] @ l[0], {_spelled(ctx, f'{numpy}.einsum')}('...ij,...j->...i', r[0], l[1]) + r[1])"
    else:
        combine = "(r[0] * l[0], r[0] * l[1] + r[1])"
    reverse = ", reverse=True" if flow.form.direction < 0 else ""
    return f"it is linear: use `{scan}(lambda l, r: {combine}, (a, b){reverse})`, a_i = `{a}`, b_i = `{b}`"


def vectorized_write(form: LoopForm, flow: Flow, write: Write, ctx) -> str | None:
    """``out = out.at[idx].set(v)`` for ``out = out.at[idx[i]].set(v[i])``, when every use of the
    index is ``a[i]`` and the value is elementwise in those reads."""
    var = form.index
    if var is None or len(flow.writes) != 1 or len(flow.items) != 1 or write.form != "at" or write.value is None:
        return None

    def replace(node: ast.AST) -> ast.AST | None:
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Name) and node.slice.id == var and dotted(node.value) is not None:
            return node.value
        return None

    index = write.where[0]
    if isinstance(index, ast.Name) and index.id == var:
        return None  # rows written in order: the array is the values, stacked
    new_index = substitute(index, replace)
    new_value = substitute(write.value, replace)
    if var in names_read(new_index) or var in names_read(new_value):
        return None
    if not elementwise_expression(new_value, ctx.resolve) or not elementwise_expression(new_index, ctx.resolve):
        return None
    return f"{write.array} = {write.array}.at[{ctx.renderer.code(new_index)}].{write.method}({ctx.renderer.code(new_value)})"


def _spelled(ctx, qualified: str) -> str:
    """``qualified`` as this file spells it (its import added when needed)."""
    text, _ = ctx.spell(qualified)
    return text or qualified


def shown_names(states: list[str]) -> str:
    """Up to three names, quoted: ```x` and `y```, ```a`, `b`, `c```."""
    shown = [f"`{name}`" for name in states[:3]]
    return " and ".join(shown) if len(shown) <= 2 else ", ".join(shown)


def recurrence_subject(flow: Flow, states: list[str], ctx, show_update: bool = True) -> str:
    """What the message says is carried: the array an ``.at`` write rebuilds each step (with why
    a step reads an earlier one), the carried names, or the one name with its update when short."""
    state = states[0]
    write = next((write for write in flow.writes if write.array == state), None)
    reason = flow.reasons.get(state, "")
    if write is not None:
        shown = f"`{state} = {one_line(ctx.code(write.call.func), 40)}(...)`"
        return f"{shown} {reason}".rstrip()
    if state in flow.last_items and len(states) == 1:
        depth = flow.last_depths.get(state, 1)
        newest = "an earlier item a table names" if depth == 0 else "its newest item" if depth == 1 else f"its newest {depth} items"
        return f"`{flow.last_items[state]}` is carried from step to step (each step adds to `{state}` a value computed from {newest})"
    updates = flow.updates_of(state)
    if len(states) > 1:
        return f"{shown_names(states)} are carried from step to step"
    if show_update and len(updates) == 1 and len(ctx.code(updates[0])) <= 50:
        return f"`{state}` is carried from step to step (`{one_line(ctx.code(updates[0]), 50)}`)"
    return f"`{state}` is carried from step to step"


def loop_shown(form: LoopForm, ctx) -> str:
    """The loop as a message names it: "the loop over `range(n)`", "`while t < t_end`"."""
    node = form.node
    if isinstance(node, ast.For):
        return f"the loop over `{one_line(ctx.code(node.iter), 40)}`"
    return f"`while {one_line(ctx.code(node.test), 40)}`"


def scatter_advice(form: LoopForm, flow: Flow, write: Write, ctx) -> str:
    """The rewrite of a loop of independent writes: one vectorized write when it can be written
    out, else the advice to compute every step's value at once; with the caveat on repeated
    indices for ``.set``."""
    suggestion = vectorized_write(form, flow, write, ctx)
    duplicates = ""
    if write.method == "set" and not unique_positions(write, form.index):
        duplicates = " (a repeated index keeps the last write in the loop, an unspecified one in one `.set`)"
    advice = f"use `{suggestion}`" if suggestion else f"compute every step's value at once and write them with one `{write.array}.at[...].{write.method}(...)`"
    return advice + duplicates


def reduce_advice(reduced, ctx) -> str:
    """The message for ``functools.reduce(step, range(n), s0)`` (``recurrence_form.ReducedSteps``)."""
    shown, over, start = one_line(ctx.code(reduced.step), 40), one_line(ctx.code(reduced.iterable), 30), one_line(ctx.code(reduced.initial), 20)
    return (f"`functools.reduce({shown}, {over}, {start})` applies the step once per value of `{over}`, each to the last one's result: "
            f"jit unrolls one copy per step; carry it with `jax.lax.fori_loop` (`lax.scan` over the indices), traced once")



def history_advice(form: LoopForm, states: list[str], ctx) -> str:
    """The message for a history grown by concatenation each step (``states =
    jnp.concatenate([states, y])``): no scan carries a growing array, so advice only."""
    shown = ", ".join(f"`{state}`" for state in states)
    return (
        f"{shown} grows by one item per step of {loop_shown(form, ctx)}: jit unrolls the loop and copies the growing "
        f"array at every step; carry only the items a step reads (a fixed-size window) with `jax.lax.scan` and emit each "
        f"new item as its output (`ys`), or write into a preallocated array"
    )


def scatter_message(form: LoopForm, flow: Flow, write: Write, ctx) -> str:
    """The message for a loop of independent ``.at`` writes (``scatter_advice`` after it)."""
    shown = f"`{write.array} = {one_line(ctx.code(write.call.func), 40)}(...)`"
    keys = ", ".join(f"`{key}`" for key in sorted(flow.keys))
    split = f" (split {keys} for all the steps at once first: `jax.random.split({sorted(flow.keys)[0]}, n)`, n the number of steps)" if flow.keys else ""
    return f"{shown} in {loop_shown(form, ctx)}: the writes are independent, yet jit unrolls one update per step; {scatter_advice(form, flow, write, ctx)}{split}"
