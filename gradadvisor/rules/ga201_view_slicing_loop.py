"""GA201 view-slicing-loop: a loop of contractions over slices, one slice at a time."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.arrays import is_collection_name
from gradadvisor.analysis.einsum import Contraction, IndexOutput, Operand, StackOutput, compile_einsum, operand_axes
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import code, names_in
from gradadvisor.rules.base import Fix, Invalid, Rule, Valid

#: Array functions that gather a comprehension into one array (``axis`` only for stack).
STACKERS = ("stack", "array", "asarray")
#: Named contractions, by their jax.numpy name.
CONTRACTIONS: dict[str, Contraction] = {"dot": "dot", "matmul": "matmul", "inner": "inner", "vdot": "vdot"}
#: Keyword arguments of those contractions that ``jnp.einsum`` takes too.
KEPT_KEYWORDS = frozenset({"precision", "preferred_element_type"})


@dataclass
class Loop:
    """One ``for var in range(...)`` of the nest, and the slice of the axis it covers."""

    var: str
    iterable: cst.Call
    start: cst.BaseExpression | None
    stop: cst.BaseExpression
    step: cst.BaseExpression | None

    @property
    def from_zero(self) -> bool:
        return self.step is None and (self.start is None or code(self.start) == "0")

    def as_slice(self, to_end: bool = False) -> cst.Slice:
        """``start:stop:step``; ``start:`` when ``to_end`` (the stop is the axis length)."""
        lower = None if self.start is None or code(self.start) == "0" else self.start
        return cst.Slice(lower=lower, upper=None if to_end else self.stop, step=self.step)


@dataclass
class Sliced:
    """An operand of the contraction: ``base[entries]``, or ``base`` itself when unsliced."""

    expression: cst.BaseExpression
    base: cst.BaseExpression
    #: The subscript elements (None when unsliced).
    elements: tuple[cst.SubscriptElement, ...] | None
    #: Per element other than ``...``: the loop variable it indexes with, or None for ``:``.
    entries: tuple[str | None, ...] = ()
    #: Where ``...`` stands among the elements, if anywhere.
    ellipsis_at: int | None = None

    @property
    def is_slice(self) -> bool:
        return self.elements is not None


class ViewSlicingLoop(Rule):
    """
    ## What it does
    Finds a loop, comprehension or `list(map(lambda i: ..., range(n)))` over `range(n)`
    whose body contracts slices taken with
    the loop index (`a[:, i]`, `a[i]`, `a[i, :]`, `a[..., i]`) with `jnp.dot`, `@`,
    `jnp.matmul`, `jnp.vdot`, `jnp.inner`, `(u * v).sum()` or `jnp.sum(u * v)`, and gathers
    the results with `jnp.stack` / `jnp.array` / `jnp.asarray`, `out = out.at[i].set(...)`
    or `outs.append(...)`. It derives the one `jnp.einsum` that computes the whole loop.

    ## Why it is slow for gradients
    The loop unrolls into n slices and n small products. The backward pass of every slice
    `a[:, i]` is a pad (a scatter) of its cotangent into a zero array the size of all of
    `a`, so the gradient builds and adds up n full-size arrays: O(n * size) work for an
    O(size) forward. Compile time grows with n too. In seed thread 000, 4 x 128 column dots
    took 7.4 ms per jit gradient against 0.15 ms for one einsum, and 17.8 s to compile
    against 0.45 s.

    ## Example
    ```python
    cols = jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])
    rows = jnp.array([[jnp.dot(x[i], y[j]) for j in range(m)] for i in range(n)])
    for i in range(n):
        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))
    ```

    ## Use instead
    ```python
    cols = jnp.einsum("ki,ki->i", a, b)
    rows = jnp.einsum("ik,jk->ij", x, y)                # that is, x @ y.T
    out = out.at[:n].set(jnp.einsum("ki,ki->i", a, b))
    ```
    The subscripts come from the slicing: the loop index becomes an output letter, the
    axes the contraction sums get shared letters, and the loop's stacking axis says where
    the index goes in the output. A range that does not start at zero slices first
    (`range(1, n)` gives `a[:, 1:n]`); `precision=` carries over.

    ## When not to apply
    The rewrite is *unsafe*: the rule rarely sees shapes, so it states what it assumed (the
    ranks of the arrays, when no annotation or creation call shows them, and that `range(n)`
    covers the whole axis); a wrong rank makes the einsum raise rather than return something
    else. Check with `gradadvisor bench`. Not reported: small literal ranges (spatial
    dimensions, stencil offsets), loops over layers, leaves or lists, NumPy on the host,
    slices without a contraction, indices an einsum cannot express (`a[i + 1]`, a loop
    variable used outside the slices, triangular nests such as `for j in range(i)`), `x[i]` of what may be a Python list of different
    arrays (`heads[h]`, `weights[l]` with no `.shape` or rank in sight), loops whose result
    is not gathered into an array, and test code (reference loops on purpose). The
    `outs.append` form gets advice only, and so does an `.at[].set` loop whose variable is
    read after the loop.
    """

    code = "GA201"
    name = "view-slicing-loop"
    summary = "a loop of dot products over slices `a[:, i]` scatters a full-size gradient per slice; use one einsum"
    #: A range loop, a contraction, and something that gathers the results, all in one file
    #: (and, for pruning, in one top-level block).
    keywords = ("range",)
    trigger = (
        re.compile(r"\brange\s*\("),
        re.compile(r"\b(?:dot|vdot|inner|matmul)\s*\(|\.sum\s*\(\s*\)|\bsum\s*\([^()\n]*\*|\]\s*@|@\s*[\w.]+\["),
        re.compile(r"\b(?:stack|array|asarray)\s*\(|\.at\s*\[|\.append\s*\("),
    )

    VALID = (
        # A small static range: the three spatial dimensions.
        Valid("import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, d], b[:, d]) for d in range(3)])\n"),
        # Host-side NumPy.
        Valid("import jax\nimport numpy as np\n\ndef f(a, b):\n    return np.stack([np.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n"),
        # Slicing without a contraction.
        Valid("import jax.numpy as jnp\n\ndef f(a, n):\n    return jnp.stack([jnp.tanh(a[:, i]) for i in range(n)])\n"),
        # An offset index an einsum cannot express.
        Valid("import jax.numpy as jnp\n\ndef f(a, n):\n    return jnp.stack([jnp.dot(a[i], a[i + 1]) for i in range(n)])\n"),
        # The loop variable is used outside the slices.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    return jnp.stack([i * jnp.dot(a[:, i], b[:, i]) for i in range(n)])\n"),
        # Loop over layers, not over an index.
        Valid("import jax.numpy as jnp\n\ndef f(self, x):\n    return jnp.stack([jnp.dot(x, layer.w) for layer in self.layers])\n"),
        # A recurrence: the output feeds the next step.
        Valid("import jax.numpy as jnp\n\ndef f(h, w, n):\n    for i in range(n):\n        h = h.at[i].set(jnp.dot(w[i], h[i - 1]))\n    return h\n"),
        # A triangular nest: only the lower triangle is written.
        Valid("import jax.numpy as jnp\n\ndef f(g, a, b, n):\n    for i in range(n):\n        for j in range(i):\n            g = g.at[i, j].set(jnp.dot(a[i], b[j]))\n    return g\n"),
        # A scalar broadcast along each row of a matrix: not what the einsum would write.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    out = jnp.zeros((n, n))\n    for i in range(n):\n        out = out.at[i].set(jnp.dot(a[:, i], b[:, i]))\n    return out\n"),
        # Not gathered into an array.
        Valid("import jax.numpy as jnp\n\ndef f(a, b, n):\n    return [jnp.dot(a[:, i], b[:, i]) for i in range(n)]\n"),
        # A reference loop in a test, outside any trace.
        Valid("import jax.numpy as jnp\n\ndef test_cols(a, b):\n    want = jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n    assert want.shape\n"),
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[:, i], b[:, i]) for i in range(a.shape[1])])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ki,ki->i", a, b)\n',
            message_contains='jnp.einsum("ki,ki->i", a, b)',
        ),
        Invalid(
            "import jax.numpy as np\n\ndef f(a, b, n):\n    return np.array([np.dot(a[i], b[i]) for i in range(n)])\n",
            expected_fix='import jax.numpy as np\n\ndef f(a, b, n):\n    return np.einsum("ik,ik->i", a, b)\n',
        ),
        Invalid(
            "from jax import numpy as jnp\n\ndef f(x, w):\n    return jnp.stack([x @ w[:, j] for j in range(w.shape[1])], axis=1)\n",
            expected_fix='from jax import numpy as jnp\n\ndef f(x, w):\n    return jnp.einsum("ik,kj->ij", x, w)\n',
            message_contains="x @ w",
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b, n, m):\n    return jnp.array([[jnp.dot(a[i], b[j]) for j in range(m)] for i in range(n)])\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(a, b, n, m):\n    return jnp.einsum("ik,jk->ij", a, b)\n',
            message_contains="a @ b.T",
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.stack([a[t] @ b[t] for t in range(len(a))])\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.einsum("tik,tkj->tij", a, b)\n',
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b, n):\n    return jnp.stack(jnp.sum(a[..., i] * b[..., i]) for i in range(1, n))\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(a, b, n):\n    return jnp.einsum("ki,ki->i", a[..., 1:n], b[..., 1:n])\n',
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    for i in range(n):\n        out = out.at[i].set(jnp.vdot(a[:, i], b[:, i]))\n    return out\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(a, b, n):\n    out = jnp.zeros(n)\n    out = out.at[:n].set(jnp.einsum("ki,ki->i", a, b))\n    return out\n',
        ),
        Invalid(
            "from jax.numpy import dot, stack\n\ndef f(a, b, n):\n    return stack([dot(a[:, i], b[:, i]) for i in range(n)])\n",
            expected_fix='from jax.numpy import dot, stack\nimport jax.numpy as jnp\n\ndef f(a, b, n):\n    return jnp.einsum("ki,ki->i", a, b)\n',
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.stack(list(map(lambda i: jnp.inner(a[i], b[i]), range(len(a)))))\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.einsum("ik,ik->i", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.stack([jnp.dot(a[i], b[i], precision=jax.lax.Precision.HIGHEST) for i in range(len(a))])\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.einsum("ik,ik->i", a, b, precision=jax.lax.Precision.HIGHEST)\n',
        ),
        Invalid(
            "import jax.numpy as jnp\n\ndef f(a, b, n):\n    outs = []\n    for i in range(n):\n        outs.append((a[i] * b[i]).sum())\n    return jnp.stack(outs)\n",
            message_contains='jnp.einsum("ik,ik->i", a, b)',
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        #: Nodes already part of a reported nest (inner stacks, inner loops).
        self._covered: set[int] = set()

    # -- comprehension forms ----------------------------------------------------------

    def visit_Call(self, node: cst.Call) -> None:
        if id(node) in self._covered or self.ctx.names.autodiff_numpy_function(node.func) not in STACKERS:
            return
        nest = self._unstack(node)
        if nest is None:
            return
        loops, stacking, element, inner_calls = nest
        if not self._worth_checking(loops):
            return
        rewrite = self._rewrite(element, loops, StackOutput(tuple(stacking)), like=node.func)
        if rewrite is None:
            return
        self._covered.update(id(call) for call in inner_calls)
        replacement, summary, notes, imports = rewrite
        original = code(node)
        shown = f"`{original}`" if len(original) <= 80 else "this comprehension"
        self.report(
            node,
            f"{shown} computes {summary} one slice at a time, {self._cost()}; "
            f"use `{code(replacement)}`{notes}",
            fix=Fix(node, replacement, "unsafe", imports),
        )

    def _unstack(self, call: cst.Call):
        """``(loops outermost first, (var, axis) innermost first, element, inner stack calls)``
        for ``jnp.stack([... for i in range(n)], axis=k)`` and nests of them."""
        function = self.ctx.names.autodiff_numpy_function(call.func)
        positional = [arg for arg in call.args if arg.keyword is None and not arg.star]
        keywords = [arg for arg in call.args if arg.keyword is not None]
        if not positional or any(arg.star for arg in call.args):
            return None
        axis: cst.BaseExpression | None = None
        if function == "stack":
            if len(positional) == 2 and not keywords:
                axis = positional[1].value
            elif len(positional) == 1 and len(keywords) == 1 and keywords[0].keyword.value == "axis":
                axis = keywords[0].value
            elif len(positional) != 1 or keywords:
                return None
        elif len(positional) != 1 or keywords:
            return None
        axis_value = _int(axis) if axis is not None else 0
        if axis_value is None:
            return None
        comprehension = positional[0].value
        if isinstance(comprehension, cst.GeneratorExp) and function != "stack":
            return None
        return self._unstack_comprehension(comprehension, axis_value, [call])

    def _loop_parts(self, expr: cst.BaseExpression) -> tuple[cst.BaseExpression, cst.BaseExpression, cst.BaseExpression] | None:
        """``(target, iterable, element)`` of ``[element for target in iterable]`` (or a generator)
        and of ``list(map(lambda target: element, iterable))``."""
        if isinstance(expr, (cst.ListComp, cst.GeneratorExp)):
            clause = expr.for_in
            if clause.inner_for_in is not None or clause.ifs or clause.asynchronous is not None:
                return None
            return clause.target, clause.iter, expr.elt
        names = self.ctx.names
        if not (isinstance(expr, cst.Call) and names.is_builtin(expr.func, "list") and len(expr.args) == 1):
            return None
        mapped = expr.args[0].value
        if not (isinstance(mapped, cst.Call) and names.is_builtin(mapped.func, "map") and len(mapped.args) == 2):
            return None
        function, iterable = (arg.value for arg in mapped.args)
        if any(arg.keyword is not None or arg.star for arg in mapped.args) or not isinstance(function, cst.Lambda):
            return None
        params = function.params
        if len(params.params) != 1 or params.params[0].default is not None or params.posonly_params or params.kwonly_params:
            return None
        if not isinstance(params.star_arg, cst.MaybeSentinel) or params.star_kwarg is not None:
            return None
        return params.params[0].name, iterable, function.body

    def _unstack_comprehension(self, comprehension: cst.BaseExpression, axis: int, calls: list[cst.Call]):
        parts = self._loop_parts(comprehension)
        if parts is None:
            return None
        target, iterable, element = parts
        loop = self._range_loop(target, iterable)
        if loop is None:
            return None
        inner = None
        if isinstance(element, cst.Call) and self.ctx.names.autodiff_numpy_function(element.func) in STACKERS:
            inner = self._unstack(element)
        elif isinstance(element, cst.ListComp):
            inner = self._unstack_comprehension(element, 0, [])
        if inner is None:
            return [loop], [(loop.var, axis)], element, calls
        inner_loops, inner_stacking, inner_element, inner_calls = inner
        return [loop] + inner_loops, inner_stacking + [(loop.var, axis)], inner_element, calls + inner_calls

    # -- loop forms -------------------------------------------------------------------

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        if self.ctx.current_function is None:
            return
        statements = list(node.body)
        for position, statement in enumerate(statements):
            if isinstance(statement, cst.For) and id(statement) not in self._covered:
                self._check_for(statement, statements[:position], statements[position + 1 :])

    def _check_for(self, loop_statement: cst.For, before: list[cst.BaseStatement], after: list[cst.BaseStatement]) -> None:
        loops: list[Loop] = []
        current: cst.BaseStatement = loop_statement
        while isinstance(current, cst.For):
            if current.orelse is not None or current.asynchronous is not None:
                return
            loop = self._range_loop(current.target, current.iter)
            if loop is None:
                return
            loops.append(loop)
            if isinstance(current.body, cst.SimpleStatementSuite):
                current = current.body
                break
            if len(current.body.body) != 1:
                return
            current = current.body.body[0]
        if not isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)) or len(current.body) != 1:
            return
        small = current.body[0]
        at_set = _at_set(small)
        if at_set is not None:
            self._check_at_set(loop_statement, loops, at_set, before)
        elif len(loops) == 1:
            self._check_append(loop_statement, loops[0], small, before, after)

    def _check_at_set(self, loop_statement: cst.For, loops: list[Loop], at_set, before: list[cst.BaseStatement]) -> None:
        target, elements, value = at_set
        if target in names_in(value) or not self._worth_checking(loops):
            return
        loop_vars = {loop.var for loop in loops}
        entries: list[str | None] = []
        for element in elements:
            entry = _index_entry(element, loop_vars)
            if entry is None or entry == "...":
                return
            entries.append(None if entry == ":" else entry)
        initial = _last_assignment(before, target)
        out_rank = self.ctx.loops.arrays.rank(initial, self.ctx.current_function) if initial is not None else None
        rewrite = self._rewrite(value, loops, IndexOutput(tuple(entries)), like=None, out_rank=out_rank)
        if rewrite is None:
            return
        einsum, summary, notes, imports = rewrite
        by_var = {loop.var: loop for loop in loops}
        new_index = [
            cst.SubscriptElement(by_var[entry].as_slice()) if entry is not None else element
            for entry, element in zip(entries, elements)
        ]
        at = cst.Subscript(value=cst.Attribute(cst.Name(target), cst.Name("at")), slice=_with_commas(new_index))
        new_value = cst.Call(func=cst.Attribute(at, cst.Name("set")), args=[cst.Arg(einsum)])
        statement = cst.SimpleStatementLine(
            [cst.Assign([cst.AssignTarget(cst.Name(target))], new_value)],
            leading_lines=loop_statement.leading_lines,
        )
        fix = None
        if not self._read_outside(loop_statement, loop_vars):
            fix = Fix(loop_statement, statement, "unsafe", imports)
        else:
            notes += " (no automatic fix: the loop variable is read after the loop)"
        self._covered.update(id(node) for node in _nested_fors(loop_statement))
        self.report(
            loop_statement,
            f"this loop computes {summary} one slice at a time into `{target}`, {self._cost()}; "
            f"use `{code(statement.body[0])}`{notes}",
            fix=fix,
        )

    def _check_append(self, loop_statement: cst.For, loop: Loop, small: cst.BaseSmallStatement, before, after) -> None:
        if not (isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)):
            return
        call = small.value
        if not (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == "append"
            and isinstance(call.func.value, cst.Name)
            and len(call.args) == 1
            and call.args[0].keyword is None
            and not call.args[0].star
        ):
            return
        outs = call.func.value.value
        # The list starts empty just before the loop and is first used to build one array.
        if not before or not _assigns_empty_list(before[-1], outs):
            return
        consumer = next((statement for statement in after if outs in names_in(statement)), None)
        gathered = _gathering_call(consumer, outs, self.ctx.names) if consumer is not None else None
        if gathered is None or not self._worth_checking([loop]):
            return
        gather_call, axis = gathered
        rewrite = self._rewrite(call.args[0].value, [loop], StackOutput(((loop.var, axis),)), like=gather_call.func)
        if rewrite is None:
            return
        einsum, summary, notes, _ = rewrite
        self.report(
            loop_statement,
            f"this loop computes {summary} one slice at a time for `{code(gather_call)}`, "
            f"{self._cost()}; drop the loop and use "
            f"`{code(einsum)}` in place of `{code(gather_call)}`{notes}",
        )

    # -- shared -----------------------------------------------------------------------

    def _cost(self) -> str:
        """What the unrolled slices cost, as far as the gradient context tells."""
        if self.ctx.gradient.is_differentiated(self.ctx.current_function):
            return "and the gradient of every slice is a full-size scatter"
        return "and under `jax.grad` every slice's gradient would be a full-size scatter"

    def _range_loop(self, target: cst.BaseExpression, iterable: cst.BaseExpression) -> Loop | None:
        if not isinstance(target, cst.Name) or not isinstance(iterable, cst.Call):
            return None
        if not self.ctx.names.is_builtin(iterable.func, "range") or not 1 <= len(iterable.args) <= 3:
            return None
        if any(arg.keyword is not None or arg.star for arg in iterable.args):
            return None
        values = [arg.value for arg in iterable.args]
        if len(values) == 1:
            return Loop(target.value, iterable, None, values[0], None)
        return Loop(target.value, iterable, values[0], values[1], values[2] if len(values) == 3 else None)

    def _worth_checking(self, loops: list[Loop]) -> bool:
        """Data-sized loops in a function, and not a reference loop in test code."""
        function = self.ctx.current_function
        if function is None:
            return False
        if not all(self.ctx.loops.of_iterable(loop.iterable, function).is_data for loop in loops):
            return False
        # Tests compute slow references on purpose, traced or not.
        return not in_test_code(self.ctx.path, self.ctx.scope_stack)

    def _read_outside(self, loop_statement: cst.For, loop_vars: set[str]) -> bool:
        """True when a loop variable is read in the function outside the loop (it stays bound)."""
        function = self.ctx.current_function
        if function is None:
            return True
        inside = _count_names(loop_statement, loop_vars)
        return _count_names(function, loop_vars) > inside

    def _rewrite(self, element: cst.BaseExpression, loops: list[Loop], output, like: cst.BaseExpression | None, out_rank: int | None = None):
        """``(einsum call, what is contracted, notes on assumptions, imports)`` or None.

        ``out_rank``, when known, is the rank the result must have (an ``.at[]`` target's)."""
        contraction = self._contraction(element)
        if contraction is None:
            return None
        kind, left_expr, right_expr, spelled_like, keywords = contraction
        loop_vars = [loop.var for loop in loops]
        if any(set(loop_vars) & names_in(loop.iterable) for loop in loops):
            return None  # a triangular or ragged nest (`for j in range(i)`)
        sliced = [_sliced(expr, set(loop_vars)) for expr in (left_expr, right_expr)]
        if sliced[0] is None or sliced[1] is None or not (sliced[0].is_slice or sliced[1].is_slice):
            return None
        if any(self._maybe_list(operand) for operand in sliced):
            return None
        # Every read of a loop variable must be an index of a slice.
        slice_uses = sum(entry is not None for operand in sliced for entry in operand.entries)
        if _count_names(element, set(loop_vars)) != slice_uses:
            return None
        ranks, assumed = self._ranks(kind, sliced)
        operands: list[Operand] = []
        for operand, rank in zip(sliced, ranks):
            axes = operand_axes(operand.entries, operand.ellipsis_at, rank)
            if axes is None:
                return None
            operands.append(axes)
        einsum = compile_einsum(kind, operands[0], operands[1], output, loop_vars)
        if einsum is None or (out_rank is not None and out_rank != len(einsum.subscripts.split("->")[1])):
            return None  # e.g. `out.at[i].set(scalar)` broadcast along a row of a matrix
        full = {loop.var for loop in loops if self._covers_axis(loop, sliced, operands)}
        arguments = [self._einsum_argument(operand, loops, full) for operand in sliced]
        function, imports = self._einsum_function(like, spelled_like)
        call = cst.Call(
            func=function,
            args=[cst.Arg(cst.SimpleString(f'"{einsum.subscripts}"'))]
            + [cst.Arg(_bare(argument)) for argument in arguments]
            + [keyword.with_changes(comma=cst.MaybeSentinel.DEFAULT) for keyword in keywords],
        )
        notes = []
        if einsum.matmul is not None:
            notes.append("that is, `" + einsum.matmul.format(*(_operand_code(argument) for argument in arguments)) + "`")
        unproven = [f"`{code(loop.iterable)}`" for loop in loops if loop.from_zero and loop.var not in full]
        if unproven:
            verb = "covers the whole axis" if len(unproven) == 1 else "cover their whole axes"
            assumed.append(" and ".join(unproven) + " " + verb)
        if assumed:
            notes.append("assumes " + " and ".join(assumed))
        notes.append("check with `gradadvisor bench`")
        slices = " and ".join(dict.fromkeys(f"`{code(operand.expression)}`" for operand in sliced if operand.is_slice))
        what = f"`{code(element)}`" if len(code(element)) <= 50 else slices
        return call, what, " (" + "; ".join(notes) + ")", tuple(imports)

    def _maybe_list(self, operand: Sliced) -> bool:
        """True when ``x[i]`` may index a Python list of different arrays (heads, kernels,
        components): a name that says so, or a value known not to be an array. A subscript
        with several axes (``x[:, i]``) is an array's."""
        if not operand.is_slice or len(operand.elements) > 1:
            return False
        base = operand.base
        function = self.ctx.current_function
        if function is not None and _uses_array_attribute(function, code(base)):
            return False
        if self.ctx.loops.arrays.rank(base, function) is not None:
            return False
        name = base.attr.value if isinstance(base, cst.Attribute) else base.value if isinstance(base, cst.Name) else None
        if name is not None and is_collection_name(name):
            return True
        return self.ctx.loops.arrays.is_array(base, function, self.ctx.gradient.is_traced(function)) is False

    def _contraction(self, expr: cst.BaseExpression):
        """``(kind, left, right, the function called, keyword arguments to keep)`` for the
        contractions GA201 knows; ``precision=`` and ``preferred_element_type=`` carry over."""
        names = self.ctx.names
        if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.MatrixMultiply):
            return "matmul", expr.left, expr.right, None, []
        if not isinstance(expr, cst.Call) or any(arg.star for arg in expr.args):
            return None
        positional = [arg.value for arg in expr.args if arg.keyword is None]
        keywords = [arg for arg in expr.args if arg.keyword is not None]
        function = names.autodiff_numpy_function(expr.func)
        if function in CONTRACTIONS and len(positional) == 2 and len(expr.args) == 2 + len(keywords):
            if any(arg.keyword.value not in KEPT_KEYWORDS for arg in keywords) or expr.args[0].keyword or expr.args[1].keyword:
                return None
            return CONTRACTIONS[function], positional[0], positional[1], expr.func, keywords
        if keywords:
            return None
        product = None
        if function == "sum" and len(expr.args) == 1:
            product = expr.args[0].value
        elif isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "sum" and not expr.args and names.resolve(expr.func) is None:
            product = expr.func.value
        if isinstance(product, cst.BinaryOperation) and isinstance(product.operator, cst.Multiply):
            return "sum_product", product.left, product.right, expr.func if function == "sum" else None, []
        return None

    def _ranks(self, kind: Contraction, sliced: list[Sliced]) -> tuple[list[int], list[str]]:
        """The rank of each operand: shown by the code, or the natural one for the contraction."""
        function = self.ctx.current_function
        arrays = self.ctx.loops.arrays
        shown = [arrays.rank(operand.base, function) for operand in sliced]
        both_sliced = sliced[0].is_slice and sliced[1].is_slice
        view_ranks: list[int | None] = []
        for operand, rank in zip(sliced, shown):
            if rank is not None:
                view_ranks.append(rank - sum(entry is not None for entry in operand.entries))
            elif not operand.is_slice:
                view_ranks.append(None)
            else:
                # `a[t] @ b[t]` over a leading axis is a per-item matrix product; other slices are vectors.
                per_item = operand.entries[:1] != (None,) and len(operand.entries) == 1 and operand.ellipsis_at is None
                kept = sum(entry is None for entry in operand.entries)
                view_ranks.append(max(kept, 2 if kind == "matmul" and both_sliced and per_item else 1))
        for index, operand in enumerate(sliced):
            if view_ranks[index] is None:
                partner = view_ranks[1 - index]
                if kind in ("vdot", "sum_product") and partner is not None:
                    view_ranks[index] = partner  # the same shape as the slice
                else:
                    view_ranks[index] = 2 if partner == 1 else 1  # a matrix times vector slices, else a vector
        ranks: list[int] = []
        assumed: dict[int, list[str]] = {}
        for operand, rank, view_rank in zip(sliced, shown, view_ranks):
            if rank is None:
                rank = sum(entry is not None for entry in operand.entries) + (view_rank or 0)
                names = assumed.setdefault(rank, [])
                if f"`{code(operand.base)}`" not in names:
                    names.append(f"`{code(operand.base)}`")
            ranks.append(rank)
        return ranks, [
            f"{' and '.join(names)} {'is' if len(names) == 1 else 'are'} {rank}-D" for rank, names in assumed.items()
        ]

    def _covers_axis(self, loop: Loop, sliced: list[Sliced], operands: list[Operand]) -> bool:
        """True when the range's stop is the size of an axis the loop variable indexes."""
        stop = loop.stop
        facts = self.ctx.loops.arrays.facts(self.ctx.current_function)
        for _ in range(3):
            if isinstance(stop, cst.Name) and stop.value in facts.assigned:
                stop = facts.assigned[stop.value]
        for operand, axes in zip(sliced, operands):
            base = code(operand.base)
            for axis, var in enumerate(axes.axes):
                if var != loop.var:
                    continue
                if isinstance(stop, cst.Call) and self.ctx.names.is_builtin(stop.func, "len") and len(stop.args) == 1:
                    if axis == 0 and code(stop.args[0].value) == base:
                        return True
                if (
                    isinstance(stop, cst.Subscript)
                    and isinstance(stop.value, cst.Attribute)
                    and stop.value.attr.value == "shape"
                    and code(stop.value.value) == base
                    and len(stop.slice) == 1
                    and isinstance(stop.slice[0].slice, cst.Index)
                ):
                    index = _int(stop.slice[0].slice.value)
                    if index is not None and index % len(axes.axes) == axis:
                        return True
        return False

    def _einsum_argument(self, operand: Sliced, loops: list[Loop], full: set[str]) -> cst.BaseExpression:
        """The whole array for an operand, sliced first where the range does not start at 0."""
        if not operand.is_slice:
            return operand.expression
        by_var = {loop.var: loop for loop in loops}
        elements = []
        narrowed = False
        for element in operand.elements:
            entry = _index_entry(element, set(by_var))
            if entry in (":", "..."):
                elements.append(element)
            elif by_var[entry].from_zero:
                elements.append(cst.SubscriptElement(cst.Slice(lower=None, upper=None)))
            else:
                elements.append(cst.SubscriptElement(by_var[entry].as_slice(to_end=entry in full)))
                narrowed = True
        if not narrowed:
            return operand.base
        return cst.Subscript(value=operand.base, slice=_with_commas(elements))

    def _einsum_function(self, *likes: cst.BaseExpression | None):
        """``einsum`` spelled as the user spells the numpy module of ``likes``, and its imports."""
        names = self.ctx.names
        for like in likes:
            if like is None:
                continue
            qualified = names.resolve(like) or ""
            module = next((m for m in AUTODIFF_NUMPY if qualified.startswith(m + ".")), None)
            if module is not None:
                return names.spell(f"{module}.einsum", like=like)
        return names.spell("jax.numpy.einsum")


def _int(expr: cst.BaseExpression | None) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus) and isinstance(expr.expression, cst.Integer):
        return -int(expr.expression.value)
    return None


def _index_entry(element: cst.SubscriptElement, loop_vars: set[str]) -> str | None:
    """A loop variable's name, ``":"`` for a full slice, ``"..."``, or None for anything else."""
    part = element.slice
    if isinstance(part, cst.Slice):
        return ":" if part.lower is None and part.upper is None and part.step is None else None
    value = part.value
    if isinstance(value, cst.Name) and value.value in loop_vars:
        return value.value
    if isinstance(value, cst.Ellipsis):
        return "..."
    return None


def _sliced(expr: cst.BaseExpression, loop_vars: set[str]) -> Sliced | None:
    """``expr`` as an operand: a slice by loop variables, or an expression free of them."""
    if isinstance(expr, cst.Subscript) and not (loop_vars & names_in(expr.value)):
        entries: list[str | None] = []
        ellipsis_at = None
        for position, element in enumerate(expr.slice):
            entry = _index_entry(element, loop_vars)
            if entry is None:
                return None if loop_vars & names_in(expr) else Sliced(expr, expr, None)
            if entry == "...":
                if ellipsis_at is not None:
                    return None
                ellipsis_at = position
                entries.append(None)
                continue
            entries.append(None if entry == ":" else entry)
        if any(entry is not None for entry in entries):
            if ellipsis_at is not None:
                del entries[ellipsis_at]
            return Sliced(expr, expr.value, tuple(expr.slice), tuple(entries), ellipsis_at)
    if loop_vars & names_in(expr):
        return None
    return Sliced(expr, expr, None)


#: Attributes only an array has: reading one shows that a name holds an array, not a list.
ARRAY_ATTRIBUTES = frozenset({"shape", "ndim", "T", "mT", "reshape", "astype", "dtype", "transpose"})


def _uses_array_attribute(function: cst.CSTNode, base: str) -> bool:
    """True when ``function`` reads ``base.shape``, ``base.T``, ``base.reshape`` or the like."""
    found = False

    class _Find(cst.CSTVisitor):
        def visit_Attribute(self, attribute: cst.Attribute) -> None:
            nonlocal found
            if not found and attribute.attr.value in ARRAY_ATTRIBUTES and code(attribute.value) == base:
                found = True

    walk(function, _Find())
    return found


def _count_names(node: cst.CSTNode, wanted: set[str]) -> int:
    count = 0

    class _Count(cst.CSTVisitor):
        def visit_Name(self, name: cst.Name) -> None:
            nonlocal count
            count += name.value in wanted

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            walk(attribute.value, self)
            return False

    walk(node, _Count())
    return count


def _at_set(small: cst.BaseSmallStatement):
    """``(out, index elements, value)`` for ``out = out.at[index].set(value)``."""
    if not isinstance(small, cst.Assign) or len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name):
        return None
    target = small.targets[0].target.value
    call = small.value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "set"):
        return None
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return None
    at = call.func.value
    if not (isinstance(at, cst.Subscript) and isinstance(at.value, cst.Attribute) and at.value.attr.value == "at"):
        return None
    if not (isinstance(at.value.value, cst.Name) and at.value.value.value == target):
        return None
    return target, tuple(at.slice), call.args[0].value


def _nested_fors(statement: cst.For) -> list[cst.For]:
    found = [statement]
    while isinstance(statement.body, cst.IndentedBlock) and len(statement.body.body) == 1 and isinstance(statement.body.body[0], cst.For):
        statement = statement.body.body[0]
        found.append(statement)
    return found


def _with_commas(elements: list[cst.SubscriptElement]) -> list[cst.SubscriptElement]:
    """Subscript elements separated by ``", "`` (and no trailing comma)."""
    separator = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    last = len(elements) - 1
    return [element.with_changes(comma=separator if index < last else cst.MaybeSentinel.DEFAULT) for index, element in enumerate(elements)]


def _last_assignment(statements: list[cst.BaseStatement], name: str) -> cst.BaseExpression | None:
    """The value of the last plain ``name = value`` among ``statements``."""
    for statement in reversed(statements):
        if isinstance(statement, cst.SimpleStatementLine):
            for small in reversed(statement.body):
                if isinstance(small, cst.Assign) and any(
                    isinstance(target.target, cst.Name) and target.target.value == name for target in small.targets
                ):
                    return small.value
    return None


def _assigns_empty_list(statement: cst.BaseStatement, name: str) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    return (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, cst.Name)
        and small.targets[0].target.value == name
        and isinstance(small.value, cst.List)
        and not small.value.elements
    )


def _gathering_call(statement: cst.BaseStatement, outs: str, names) -> tuple[cst.Call, int] | None:
    """The ``jnp.stack(outs, axis=k)`` / ``jnp.array(outs)`` call in ``statement``, with k."""
    found: list[tuple[cst.Call, int]] = []

    class _Find(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            function = names.autodiff_numpy_function(call.func)
            if function not in STACKERS or not call.args or call.args[0].keyword is not None:
                return
            first = call.args[0].value
            if not (isinstance(first, cst.Name) and first.value == outs):
                return
            rest = call.args[1:]
            axis: int | None = 0
            if rest:
                if function != "stack" or len(rest) != 1 or (rest[0].keyword is not None and rest[0].keyword.value != "axis"):
                    return
                axis = _int(rest[0].value)
            if axis is not None:
                found.append((call, axis))

    walk(statement, _Find())
    if len(found) != 1 or _count_names(statement, {outs}) != 1:
        return None
    return found[0]


def _bare(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The expression without redundant outer parentheses, as a call argument."""
    if isinstance(expr, (cst.Tuple, cst.GeneratorExp, cst.Yield)):
        return expr
    return expr.with_changes(lpar=[], rpar=[]) if hasattr(expr, "lpar") else expr


def _operand_code(expr: cst.BaseExpression) -> str:
    """Source of an operand, parenthesised when ``.T`` or ``@`` would bind into it."""
    text = code(_bare(expr))
    if isinstance(expr, (cst.Name, cst.Attribute, cst.Subscript, cst.Call)):
        return text
    return f"({text})"
