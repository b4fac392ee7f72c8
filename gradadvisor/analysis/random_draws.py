"""Loops that draw a fresh random example each step and take a derivative at it.

``for _ in range(num_trials): key, sub = jax.random.split(key); p = jax.random.uniform(sub,
(d,)); grads.append(grad_fn(p))``: the loop walks no array, yet each step is one example (a
Monte Carlo draw, a random restart, a sampled task), and its derivative is computed alone: a
trace, a dispatch and a backward pass per draw. Drawn all at once (a key per draw, or a leading
axis on the draw's shape), one ``jax.vmap`` of the gradient function computes them together.

``draw_loop`` answers for a ``for`` loop over ``range(n)`` (in a function) when:

- a statement of its body binds a name from a random draw (``jax.random.<distribution>``,
  ``numpy.random.<distribution>``; not ``split``, ``PRNGKey`` or ``fold_in``, which make keys),
  from names so drawn (``x0 = scale * eps``), or from a function or method of the module that
  draws (one whose code is not shown is judged by its name: ``self.sample_mdp()``); a key split afresh in the step counts too when
  the gradient function takes it (``g(params, sub)``: it draws its example with it);
- a gradient call (``gradient.gradient_calls``) reads a drawn name and the loop's index is read
  neither by it nor by the draws (an index that only writes a result row is allowed);
- nothing else it reads is carried from one step to the next (or made from what is: ``mu, s =
  params``), keys aside: a step that updates the parameters it differentiates at is stochastic
  training (SGD on random batches), not a map.

The loop's count comes from ``extent``, like any loop's: a small fixed one is not reported.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from gradadvisor.analysis.extent import Extent
from gradadvisor.analysis.gradient import called_definition, gradient_calls
from gradadvisor.analysis.library import RANDOM_MODULES
from gradadvisor.analysis.per_example_gradients import carried_names
from gradadvisor.analysis.syntax import names_read, walk

#: Calls of those modules that make or derive keys, seeds or generators: not an example.
KEY_CALLS = frozenset({
    "jax.random.split", "jax.random.PRNGKey", "jax.random.key", "jax.random.fold_in", "jax.random.key_data",
    "jax.random.wrap_key_data", "jax.random.clone", "numpy.random.seed", "numpy.random.default_rng",
    "numpy.random.RandomState", "numpy.random.Generator", "numpy.random.get_state", "numpy.random.set_state",
})


#: Names of functions and methods that draw an example, used only when their code is not shown.
DRAWING_NAME = re.compile(r"^_?(?:sample|draw|rand)(?:_\w+)?$")


@dataclass(frozen=True)
class DrawLoop:
    """One gradient call per step at values drawn afresh in that step."""

    call: ast.Call
    transform: str
    #: The parameter called, for a gradient function received as one (call sites prove it).
    param: str | None
    #: The drawn names the call reads, with the statement that first draws one.
    drawn: tuple[str, ...]
    draw: ast.stmt
    extent: Extent


def draw_loop(node: ast.For, ctx) -> DrawLoop | None:
    """The loop ``node`` computes a derivative at a fresh random draw each step (see the module)."""
    if ctx.function is None or node.orelse or not isinstance(node.iter, ast.Call) or not ctx.is_builtin(node.iter.func, "range"):
        return None
    index = names_read(node.target)
    keys: set[str] = set()
    drawn: dict[str, ast.stmt] = {}
    for stmt in node.body:
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            continue
        targets = names_read(stmt.targets[0])
        kind = _draws(stmt.value, set(drawn), ctx)
        if kind == "key":
            keys |= targets
        elif kind == "draw" and not names_read(stmt.value) & index:
            drawn.update((name, drawn.get(name, stmt)) for name in targets)
    carried = _carried(node.body)
    # A key split afresh each step and handed to the gradient is the example itself (the
    # function draws with it): ``g(params, sub)`` after ``key, sub = jax.random.split(key)``.
    fresh = {name: stmt for stmt in node.body if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
             for name in names_read(stmt.targets[0]) & keys - carried}
    drawn.update((name, stmt) for name, stmt in fresh.items() if name not in drawn)
    if not drawn:
        return None
    carried = _derived(node.body, carried - keys)
    for call, transform, param in gradient_calls(node, set(drawn), ctx):
        read = names_read(call)
        if read & index or read & carried:
            continue  # a row of data at the index, or parameters the steps update: not a draw per step
        if any(names_read(drawn[name]) & carried for name in read & set(drawn)):
            continue  # drawn around a carried value (``x = x + noise``): a random walk
        extent = ctx.extent(node.iter)
        if not extent.is_data:
            return None
        names = tuple(name for name in drawn if name in read)
        return DrawLoop(call, transform, param, names, drawn[names[0]], extent)
    return None


def _carried(body: list[ast.stmt]) -> set[str]:
    """Names the body assigns that a statement reads before the step assigns them: what one
    step hands the next (``params = update(params, g)``; not ``g = grad_fn(x)`` read after)."""
    assigned = carried_names(body)
    fresh: set[str] = set()
    found: set[str] = set()
    for stmt in body:
        found |= (names_read(stmt) - fresh) & assigned if not isinstance(stmt, ast.Assign) else (names_read(stmt.value) - fresh) & assigned
        fresh |= carried_names([stmt]) if not isinstance(stmt, (ast.For, ast.While, ast.If, ast.With, ast.Try)) else set()
    return found


def _derived(body: list[ast.stmt], carried: set[str]) -> set[str]:
    """``carried`` with the names a step assigns from them, in order (``mu, log_s = params``
    after ``params`` is carried): the step's view of what the step before left."""
    found = set(carried)
    assignments = sorted((node for stmt in body for node in walk(stmt) if isinstance(node, ast.Assign)), key=lambda node: (node.lineno, node.col_offset))
    for assignment in assignments:
        if names_read(assignment.value) & found:
            found |= {name for target in assignment.targets for name in names_read(target)}
    return found


def _draws(value: ast.expr, drawn: set[str], ctx) -> str | None:
    """"key" when ``value`` only makes keys, "draw" when it draws (or reads a name drawn before,
    or calls a function or method of this module that draws: ``R, P = self.sample_mdp()``),
    else None."""
    calls = [node for node in walk(value) if isinstance(node, ast.Call)]
    qualified = [ctx.resolve(call.func) or "" for call in calls]
    random = [name for name in qualified if name.startswith(RANDOM_MODULES)]
    if random and all(name in KEY_CALLS for name in random):
        return "key"
    if any(name not in KEY_CALLS for name in random) or names_read(value) & drawn or any(_draws_inside(call.func, ctx) for call in calls):
        return "draw"
    return None


def _draws_inside(func: ast.expr, ctx) -> bool:
    """``func`` names a function of this module (or a method of the class around, through
    ``self``) whose own statements draw random values."""
    definition = called_definition(func, ctx)
    if definition is None:
        # not shown (another module, a base class): its name breaks the tie (``self.sample_mdp()``)
        return DRAWING_NAME.match(func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")) is not None
    if definition is ctx.function:
        return False
    return any(isinstance(node, ast.Call) and (ctx.resolve(node.func) or "").startswith(RANDOM_MODULES) and ctx.resolve(node.func) not in KEY_CALLS
               for node in walk(definition))
