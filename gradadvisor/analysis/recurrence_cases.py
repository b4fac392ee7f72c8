"""Which loops GA103 reports, and as what: the recurrence rule's query over the loop model.

``stepped_loop`` reads a loop of a function (not module-level code, not a lambda) as a walk of
data-sized steps with carried state or ``.at`` writes (``recurrence.Flow``), after the checks
that make it something else: autograd (no jit to unroll), a Pallas kernel (unrolled on
purpose), a list of modules, functions or records, a host list of Python numbers, few steps,
weights applied to a state (layers). ``carried_recurrence`` judges a flow whose state moves
from step to step: a host loop that stops on its state, a carry that grows (a history: advice,
no scan), a nested fill, reductions (GA302's), how the state is known to be an array, and the
loop's work. ``independent_writes`` judges a flow that only writes: a plain scatter, not a fill
of slice contractions (GA201's), not a host loop. The rule keeps the message and the fix.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gradadvisor.analysis.carried_values import growing_carry, state_evidence
from gradadvisor.analysis.component_loops import host_elements
from gradadvisor.analysis.contraction_fills import contraction_fill
from gradadvisor.analysis.linear_recurrence import linear_update, reduction
from gradadvisor.analysis.recurrence import Flow, analyse, recurrent_in_order
from gradadvisor.analysis.recurrence_form import LoopForm, read_loop
from gradadvisor.analysis.recurrence_steps import calls_indexed, counts_records, many_steps, step_extent, weights_applied_to_state
from gradadvisor.analysis.recurrence_work import breaks_on_state, loop_work
from gradadvisor.analysis.sample_map import contracts_slices, makes_modules
from gradadvisor.analysis.scatter_writes import filled_by_inner_loop, plain_scatter
from gradadvisor.analysis.vectorize import element_is_object

if TYPE_CHECKING:
    from gradadvisor.analysis.extent import Extent


@dataclass
class CarriedRecurrence:
    """A recurrence GA103 reports: its states in order, how they are known to be arrays
    (``state_evidence``), the loop's work and the level of proof it needs, the linear update of
    a single state (``linear_update``) and whether the states are stored per step."""

    states: list[str]
    evidence: str
    work: str
    need: str
    linear: object
    stored: bool
    #: The carry grows by one item a step (``xs = jnp.concatenate([xs, f(xs[-p:])])``): advice only.
    history: bool = False


def stepped_loop(node: ast.For | ast.While, ctx) -> tuple[LoopForm, Flow, Extent] | None:
    """``(form, flow, extent)`` of a loop that walks many data-sized steps, carrying state or
    writing with ``.at``; None for a loop that is something else (see the module)."""
    if ctx.function is None or isinstance(ctx.function, ast.Lambda):
        return None  # module-level code runs once, untraced; tests compute references on purpose
    form = read_loop(node, ctx.is_builtin)
    if form is None:
        return None
    extent = step_extent(form, ctx)
    if extent is None:
        return None
    if ctx.names.numpy_module() == "autograd.numpy":
        return None  # autograd records each step on its tape: there is no jit to unroll, and no scan
    if any("pallas" in qualified for qualified in ctx.names.aliases.values()):
        return None  # a Pallas kernel: its Python loops unroll into the kernel on purpose (static tiles)
    if any(element_is_object(node, name) for name in form.elements) or calls_indexed(node, form.index) or counts_records(form):
        return None  # a list of modules, functions, distributions or records (``self.layers[i](x)``, ``groups[b].ids``)
    if makes_modules(node, ctx):
        return None  # ``y = nn.Dense(k)(y)`` each step: new parameters per step, a stack of layers
    if extent.per_element and host_elements(node, ctx.is_builtin):
        return None  # for (sid, lo, hi) in pieces: out.at[lo:hi]: a host list of Python numbers, one segment each
    flow = analyse(form, ctx.resolve, ctx.code)
    if not flow.recurrent and not flow.writes or not many_steps(form, flow, extent, ctx):
        return None
    if flow.recurrent and weights_applied_to_state(form, flow, ctx.resolve):
        return None  # for w in ws: x = f(w @ x): a stack of layers, each element a weight
    return form, flow, extent


def carried_recurrence(form: LoopForm, flow: Flow, ctx) -> CarriedRecurrence | None:
    """The recurrence GA103 reports for a flow with carried state, or None (see the module)."""
    node = form.node
    states = recurrent_in_order(flow)
    if breaks_on_state(node, flow):
        return None  # a host loop: it stops on a concrete value of its state
    grown = growing_carry(node, states, ctx)  # poly = jnp.convolve(poly, q): no scan carries a growing array
    if grown is not None:
        if grown == "history" and loop_work(node, flow, ctx) not in ("python", "driver", "printing"):
            return CarriedRecurrence(states, "history", "jax", "traced", None, True, history=True)
        return None
    if filled_by_inner_loop(node, states, ctx):
        return None  # a nested fill of independent writes: the inner loop reports it
    evidence = state_evidence(form, flow, states, ctx)
    if evidence is None:
        return None
    work = loop_work(node, flow, ctx)
    if work in ("python", "driver"):
        return None
    need = "traced"
    if work == "printing":  # prints values per step: only inside a function a gradient is proven to run
        work, need = "host", "differentiated"
    if evidence == "unknown" and work == "jax":
        work = "unknown"
    stored = bool(flow.stored) or bool(flow.recurrent & flow.moving_arrays)
    if not stored and all(reduction(flow, state, ctx.resolve) for state in states):
        # acc = acc + f(x[i]), ok = ok & test(x[i]): reductions, final values only (GA302's);
        # unless a step reads what an earlier step wrote into an array it carries
        # (``v = v.at[k + 1].add(c)`` read as ``v[k]`` next step): that array is the recurrence
        carried = sorted(flow.carried & flow.moving_arrays - flow.recurrent)
        if not carried:
            return None
        states, stored = [*carried, *states], True
    linear = linear_update(flow, states[0], ctx) if len(states) == 1 else None
    return CarriedRecurrence(states, evidence, work, need, linear, stored)


def independent_writes(form: LoopForm, flow: Flow, ctx) -> str | None:
    """The loop's work when its steps only write at new places (one scatter would do), else
    None: not a plain scatter, a fill of slice contractions (``out.at[i].set(W[i] @ F)``:
    GA201's), or host work."""
    if not plain_scatter(form, flow, ctx) or contracts_slices(form, flow.writes[0].value, ctx) or contraction_fill(ctx, form.node):
        return None
    work = loop_work(form.node, flow, ctx)
    return None if work in ("python", "driver", "printing") else work
