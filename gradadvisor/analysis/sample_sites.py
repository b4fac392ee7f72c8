"""A probabilistic model that makes one sample site per data element in a Python loop.

``for k in range(n): numpyro.sample(f"obs_{k}", dist.Normal(mu, 1.0), obs=y[k])`` gives the
model n sites, each with its own name: the program NUTS or SVI traces and differentiates has n
copies of the distribution's log-density and of its gradient, so compile time and each step's
cost grow with the data. One site over the whole array inside ``numpyro.plate`` is one
vectorised log-density. The fact is the name: a site named from the loop variable (an f-string,
``.format``, ``%`` or ``+ str(k)``) is a new site per element, where a plate repeats one.

``per_element_sites`` answers for a ``for`` loop over data in a function: the calls, or None.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import DATA_HEAD, SMALL_RANGE, Extent
from gradadvisor.analysis.syntax import int_value, names_read, one_line, walk_local

#: Calls that add a named site to a NumPyro or Pyro model.
SITE_CALLS = frozenset({"numpyro.sample", "numpyro.deterministic", "numpyro.factor", "pyro.sample", "pyro.deterministic", "pyro.factor"})


@dataclass
class SiteLoop:
    calls: list[ast.Call]
    extent: Extent
    module: str  # "numpyro" | "pyro"


def per_element_sites(node: ast.For, ctx) -> SiteLoop | None:
    """The site calls of a loop over data-sized elements whose names change with the loop
    variables, when every such call does; None otherwise (a plate, a fixed name, a small loop)."""
    if node.orelse or ctx.function is None:
        return None
    variables = names_read(node.target)
    calls = []
    for child in (c for stmt in node.body for c in walk_local(stmt)):
        if isinstance(child, ast.Call) and ctx.resolve(child.func) in SITE_CALLS and child.args:
            if not _named_per_element(child.args[0], variables):
                return None  # a fixed name in a loop fails at run time, or sits under a plate
            calls.append(child)
    if not calls or _reads_records(node, variables) or _chained(node, calls):
        return None
    extent = ctx.extent(node.iter)
    if not extent.is_data or not _walks_an_array(node.iter, ctx):
        return None  # a few groups, or a list of ragged arrays: one site each is what a plate cannot do
    return SiteLoop(calls, extent, (ctx.resolve(calls[0].func) or "numpyro").partition(".")[0])


def _walks_an_array(iterable: ast.expr, ctx) -> bool:
    """The loop counts rows a plate can index: a count (``range(n_subjects)``,
    ``range(y.shape[0])``), or the rows of an array the code shows (``range(len(y))``, ``for row
    in y``). Not the items of a list of groups (``range(len(group_inputs))``), ragged or few."""
    start = int_value(iterable.args[0]) if isinstance(iterable, ast.Call) and len(iterable.args) == 2 else None
    if isinstance(iterable, ast.Call) and ctx.is_builtin(iterable.func, "range") and (len(iterable.args) == 1 or start is not None and 0 <= start <= SMALL_RANGE):
        bound = iterable.args[-1]  # range(2, len(y)): a lag offset still walks the rows
        if isinstance(bound, ast.Call) and ctx.is_builtin(bound.func, "len") and len(bound.args) == 1:
            walked = bound.args[0]
            if isinstance(walked, ast.Name) and ctx.value(walked).kind == v.PARAM:
                # the model's data argument (``def model(y)``, ``range(len(y))``), by its name: a
                # list of groups (``range(len(groups))``) is not rows a plate can index
                return len(walked.id) <= 2 or DATA_HEAD.search(walked.id) is not None
            return ctx.value(walked).is_array
        return True
    return ctx.value(iterable).is_array


def site_call(node: ast.AST, resolve) -> str | None:
    """The qualified name of the first site call in ``node`` (``numpyro.sample``...), else None."""
    return next((qualified for child in walk_local(node) if isinstance(child, ast.Call) for qualified in [resolve(child.func)] if qualified in SITE_CALLS), None)


def _chained(node: ast.For, calls: list[ast.Call]) -> bool:
    """A site's value feeds a site's distribution (``x = numpyro.sample(f"h{k}", Normal(a * x,
    1))``): each step's site depends on the step before, a recurrence (GA103's, with
    ``numpyro.contrib.control_flow.scan``), not independent elements a plate can hold."""
    drawn = {name for stmt in walk_local(node) if isinstance(stmt, ast.Assign) and any(stmt.value is call for call in calls)
             for target in stmt.targets for name in names_read(target)}
    return any(names_read(arg) & drawn for call in calls for arg in [*call.args[1:], *(item.value for item in call.keywords)])


def _reads_records(node: ast.For, variables: set[str]) -> bool:
    """An item read by key (``shapes[i]["V_targ"]``, ``row["mass"]`` for ``row`` the element),
    or walked in a loop of its own (``[skills[i] for i in skills_needed[q]]``): the loop walks
    records or lists of different lengths, not rows a plate can index."""
    for child in walk_local(node):
        iterables = [child.iter] if isinstance(child, (ast.For, ast.comprehension)) and child is not node else []
        if any(isinstance(item, ast.Subscript) and names_read(item.slice) & variables for item in iterables):
            return True
        if isinstance(child, ast.Subscript) and isinstance(child.slice, ast.Constant) and isinstance(child.slice.value, str):
            item = child.value
            if isinstance(item, ast.Name) and item.id in variables or isinstance(item, ast.Subscript) and names_read(item.slice) & variables:
                return True
    return False


def _named_per_element(name: ast.expr, variables: set[str]) -> bool:
    """``f"obs_{k}"``, ``"obs_{}".format(k)``, ``"obs_%d" % k``, ``"obs_" + str(k)``."""
    return bool(names_read(name) & variables) and (
        isinstance(name, (ast.JoinedStr, ast.BinOp)) or isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute) and name.func.attr == "format"
    )


def sites_advice(found: SiteLoop, code) -> str:
    """The message's advice: one site over the whole array, in a plate."""
    call = found.calls[0]
    shown = one_line(code(call), 60)
    plate = f"{found.module}.plate"
    return (
        f"`{shown}` makes one {found.module} site per element ({len(found.calls)} call{'s' if len(found.calls) > 1 else ''} "
        "named from the loop variable): the model the sampler traces and differentiates holds a log-density per element; "
        f"make one site over the whole array inside `with {plate}(\"...\", n):` (index the parameters with the plate's axis)"
    )
