"""GA302 accumulation-loop: ``acc += f(x[i])`` in a Python loop over an array."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.gradient import gradient_transform
from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import (
    Vectorized,
    calls_jax,
    calls_outside_jax,
    code,
    elementwise_in,
    names_in,
    sized_array,
    substitute,
    vectorize,
)
from gradadvisor.rules.base import LOOP, Fix, Invalid, Rule, Valid

#: Initial values after which ``acc = acc + total`` equals the loop exactly.
ZERO_CREATORS = frozenset({"zeros", "zeros_like"})
#: Libraries whose classes are modules with their own parameters.
MODULE_LIBRARIES = ("haiku.", "flax.linen.", "flax.nnx.", "equinox.nn.")


#: ``acc += <term>`` or ``acc = acc + ...``: a name accumulated in a statement. Not counters
#: (``i += 1``) nor list, tuple and string building (``shape += (d,)``, ``out += [x]``, ``s += "."``).
ACCUMULATION = re.compile(
    r"^[ \t]*(\w+)[ \t]*(?:[+-]=[ \t]*(?![\d.]+[ \t]*(?:#.*)?$|[\[\"']|[rbfu]+[\"']|\([^\n]*,[ \t]*\)[ \t]*(?:#.*)?$|(?:len|int|str)\()"
    r"|=[ \t]*\1[ \t]*[+-])",
    re.MULTILINE,
)


class AccumulationLoop(Rule):
    """
    ## What it does
    Finds an accumulator filled by a Python loop over a data-sized range, one term per
    element: `acc = 0.0` then `for i in range(len(x)): acc += f(x[i])` (or
    `acc = acc + ...`, `for xi in x`, `for a, b in zip(x, y)`, and the
    `while i < n: ...; i += 1` form), where the term is jax.numpy work.

    ## Why it is slow for gradients
    Python runs the loop while JAX traces it: the program gets one slice, one
    computation and one add per element, so compile time grows with the data, and the
    backward pass has as many steps again, each slice transposing into a scatter into
    a full-size array of zeros. One `jnp.sum` over the vectorized term is a single
    fused reduction with a single broadcast as its gradient. Measured here (CPU) for the
    example below over 300 elements, `jit(grad)`: 41 s to compile and 0.52 ms per call
    for the loop, 0.5 s and 0.18 ms for the rewrite.

    ## Example
    ```python
    def energy(x):
        total = 0.0
        for i in range(x.shape[0]):
            total += jnp.exp(-3.0 * (x[i] + 1.0))
        return total
    ```

    ## Use instead
    ```python
    def energy(x):
        total = 0.0
        total = total + jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)
        return total
    ```
    The fix replaces the loop with one statement and keeps the initial value, so it is
    exact for accumulators of any shape (`axis=0` sums over the loop's axis only). It
    is offered when the loop body is the accumulation alone and the accumulator starts
    at `0`, `0.0` or `jnp.zeros...`. It is *safe* when the term is elementwise
    jax.numpy and arithmetic in the element alone; when the term reads other names
    (which could broadcast differently), calls a function (rewritten with `jax.vmap`)
    or zips several arrays (which `zip` would truncate), it is *unsafe*: check it, e.g.
    with `gradadvisor bench`. Shifted reads become shifted slices
    (`x[t] - x[t - 1]` over `range(1, len(x))` gives `x[1:] - x[:-1]`). A body with local
    assignments before the add, and the `while` form, are reported with the rewrite in
    the message but no fix. In a flax.linen or haiku module, a submodule call per element
    needs `nn.vmap` / `hk.vmap`, so no `jax.vmap` fix is offered there.

    ## When not to apply
    Not reported for loops over layers, parameters, pytree leaves or a few loss terms,
    over small literal ranges (Runge-Kutta stages, spatial dimensions), for Python or
    NumPy arithmetic, when the accumulator is read inside the loop (that is a recurrence:
    see GA103), when the loop also carries other state or leaves early (`break`,
    `continue`, `return`), when the addition is conditional, when each step builds a new
    haiku/flax/equinox module (different parameters per element), in test code
    (reference loops), and outside any known trace when the loop calls a compiled step,
    a model's `apply` or `float(...)`: a host-side evaluation loop is written that way.
    """

    code = "GA302"
    name = "accumulation-loop"
    summary = "an accumulator summed in a Python loop over an array unrolls one add per element; use `jnp.sum`"
    trigger = re.compile(r"[+-]=|=\s*[\w.]+\s*[+-]")
    #: Within one block: a loop, and an accumulation that is not a counter (``i += 1``):
    #: ``acc += <expression>`` or ``acc = acc + <expression>``.
    block_trigger = (LOOP, ACCUMULATION)

    @classmethod
    def block_filter(cls, text: str):
        """Keep a block with a loop in which some name is accumulated (not counted: ``i += 1``)
        and that also binds that name with a plain assignment (the accumulator's start)."""

        def keep(block: str) -> bool:
            if not LOOP.search(block):
                return False
            accumulated = {match.group(1) for match in ACCUMULATION.finditer(block)}
            return bool(accumulated) and any(
                re.search(rf"^[ \t]*{re.escape(name)}[ \t]*(?::[^=\n]*)?=(?!=)", block, re.MULTILINE)
                for name in accumulated
            )

        return keep

    VALID = (
        # Layers: a handful of different things.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(self, x):\n    out = 0.0\n    for layer in self.layers:\n        out += jnp.sum(layer(x))\n    return out\n"),
        # Small literal range.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(k, y):\n    acc = jnp.zeros_like(y)\n    for s in range(4):\n        acc += jnp.sin(k[s])\n    return acc\n"),
        # Pytree leaves.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef l2(params):\n    total = 0.0\n    for p in jax.tree_util.tree_leaves(params):\n        total += jnp.sum(p ** 2)\n    return total\n"),
        # The accumulator is read in the loop: a recurrence, not a sum.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.tanh(acc * x[i])\n    return acc\n"),
        # Plain Python / NumPy arithmetic.
        Valid("import jax\nimport numpy as np\n\ndef f(x):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += np.exp(x[i])\n    return acc\n"),
        # Conditional accumulation.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        if i % 2:\n            acc += jnp.exp(x[i])\n    return acc\n"),
        # A host-side loop calling a compiled model once per batch (a metric, not a trace).
        Valid("import jax\nimport jax.numpy as jnp\n\ndef evaluate(model, params, xs):\n    total = 0.0\n    for i in range(xs.shape[0]):\n        total += jnp.mean(model.apply(params, xs[i]))\n    return total\n"),
        # A new haiku layer per step is not one function mapped over the data.
        Valid("import haiku as hk\nimport jax.numpy as jnp\n\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.sum(hk.Linear(3)(x[i]))\n    return acc\n\nt = hk.transform(f)\n"),
        # Plain arithmetic outside any trace: x may be a list of floats.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(x, w):\n    acc = 0.0\n    for i in range(len(x)):\n        acc += x[i] * w[i]\n    return acc\n"),
        # The accumulator is read after the add, in the same step.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += jnp.exp(x[i])\n        y = acc * 2\n    return acc\n"),
        # Gradient accumulation over micro-batches: chunked on purpose, for memory.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, x):\n    g = jnp.zeros_like(w)\n    for i in range(x.shape[0]):\n        g += jax.grad(loss)(w, x[i])\n    return g\n"),
        # Loop body that carries other state.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, h):\n    loss = 0.0\n    for i in range(x.shape[0]):\n"
            "        h = jnp.tanh(h + x[i])\n        loss += jnp.sum(h ** 2)\n    return loss\n"
        ),
    )
    INVALID = (
        Invalid(
            "import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    for i in range(x.shape[0]):\n        total += jnp.exp(-3.0 * (x[i] + 1.0))\n    return total\n",
            expected_fix="import jax.numpy as jnp\n\ndef energy(x):\n    total = 0.0\n    total = total + jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)\n    return total\n",
            message_contains="jnp.sum(jnp.exp(-3.0 * (x + 1.0)), axis=0)",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = jnp.zeros(3)\n    for xi in x:\n        acc = acc + jnp.tanh(w * xi)\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = jnp.zeros(3)\n    acc = acc + jnp.sum(jnp.tanh(w * x), axis=0)\n    return acc\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef model(p, x):\n    return jnp.tanh(p @ x)\n\ndef loss(p, xs, ys):\n    err = 0.0\n    for x, y in zip(xs, ys):\n        err += jnp.sum((model(p, x) - y) ** 2)\n    return err\n\ng = jax.grad(loss)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef model(p, x):\n    return jnp.tanh(p @ x)\n\ndef loss(p, xs, ys):\n    err = 0.0\n    err = err + jnp.sum(jax.vmap(lambda x, y: jnp.sum((model(p, x) - y) ** 2))(xs, ys), axis=0)\n    return err\n\ng = jax.grad(loss)\n",
        ),
        Invalid(
            "from jax import numpy as jnp\n\ndef f(x, n):\n    acc = 0\n    for i in range(1, n):\n        acc -= jnp.log1p(x[i] ** 2)\n    return acc\n",
            expected_fix="from jax import numpy as jnp\n\ndef f(x, n):\n    acc = 0\n    acc = acc - jnp.sum(jnp.log1p(x[1:n] ** 2), axis=0)\n    return acc\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, n):\n    acc = 0.0\n    i = 0\n    while i < n:\n        acc += jnp.cos(x[i])\n        i += 1\n    return acc\n",
            message_contains="acc = acc + jnp.sum(jnp.cos(x[:n]), axis=0)",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    acc = 0.0\n    for i in range(a.shape[0]):\n        acc += jnp.dot(a[i], b[i])\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    acc = 0.0\n    acc = acc + jnp.sum(jax.vmap(jnp.dot)(a, b[:a.shape[0]]), axis=0)\n    return acc\n",
        ),
        # A local computed from the element, then added: the advice inlines it (no fix: two statements).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, w):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        h = jnp.tanh(w * x[i])\n        acc += h ** 2\n    return acc\n",
            message_contains="acc = acc + jnp.sum(jnp.tanh(w * x) ** 2, axis=0)",
        ),
        # No call at all, but jax arrays in a trace.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef dot(x, w):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += x[i] * w[i]\n    return acc\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef dot(x, w):\n    acc = 0.0\n    acc = acc + jnp.sum(x * w[:x.shape[0]], axis=0)\n    return acc\n",
        ),
        # A flax.linen submodule per element: advice with nn.vmap, no jax.vmap fix.
        Invalid(
            "import flax.linen as nn\nimport jax.numpy as jnp\n\nclass M(nn.Module):\n    @nn.compact\n    def __call__(self, x):\n        acc = jnp.zeros(3)\n"
            "        for i in range(x.shape[0]):\n            acc += self.head(x[i])\n        return acc\n",
            message_contains="nn.vmap",
        ),
    )

    def visit_Module(self, node: cst.Module) -> None:
        self._block(node.body)

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._block(node.body)

    def _block(self, body: "tuple[cst.BaseStatement, ...] | list[cst.BaseStatement]") -> None:
        if in_test_code(self.ctx.path, self.ctx.scope_stack):
            return  # reference loops that check a fast version
        for index, stmt in enumerate(body):
            if isinstance(stmt, cst.For) and stmt.asynchronous is None and stmt.orelse is None:
                self._check_for(stmt, body[:index])
            elif isinstance(stmt, cst.While) and stmt.orelse is None:
                self._check_while(stmt, body[:index])

    def _check_for(self, loop: cst.For, before) -> None:
        accumulation = _accumulation(loop.body, loop_names(loop.target))
        if accumulation is None:
            return
        extent = self.ctx.loops.of_iterable(loop.iter, self.ctx.current_function)
        if not extent.is_data or not self._is_jax_work(loop, accumulation, before):
            return
        total = self._total(loop, accumulation)
        fix = None
        if total is not None and accumulation.only_statement and _is_zero(_initial_value(accumulation.name, before), self.ctx.names):
            fix = Fix(loop, _statement(_updated(accumulation, total.expression), loop), total.applicability, total.imports)
        where = f"a Python loop over `{code(loop.iter)}`"
        self._report(loop, accumulation, where, extent.reason, total, fix)

    def _check_while(self, loop: cst.While, before) -> None:
        """``i = 0; while i < n: acc += f(x[i]); i += 1`` (advice only)."""
        test = loop.test
        if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.LessThan)):
            return
        if not isinstance(test.left, cst.Name):
            return
        counter, bound = test.left.value, test.comparisons[0].comparator
        start = _initial_value(counter, before)
        if not isinstance(start, cst.Integer) or counter in names_in(bound):
            return
        body = loop.body
        if not isinstance(body, cst.IndentedBlock) or not body.body:
            return
        last = body.body[-1]
        if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and _is_increment(last.body[0], counter)):
            return
        extent = self.ctx.loops.of_bound(bound, self.ctx.current_function)
        if not extent.is_data:
            return
        accumulation = _accumulation(body.with_changes(body=body.body[:-1]), {counter})
        if accumulation is None:
            return
        as_for = cst.For(target=cst.Name(counter), iter=cst.Call(cst.Name("range"), args=[cst.Arg(start), cst.Arg(bound)]), body=body)
        if not self._is_jax_work(as_for, accumulation, before):
            return
        where = f"a Python `while` loop up to `{code(bound)}`"
        self._report(loop, accumulation, where, extent.reason, self._total(as_for, accumulation), None)

    def _is_jax_work(self, loop: cst.For, accumulation: "Accumulation", before) -> bool:
        """An accumulator initialised in this block, summing jax work that changes with the loop,
        in code that is not a host-side driver loop."""
        if _initial_value(accumulation.name, before) is None:
            return False
        term = accumulation.inlined if accumulation.inlined is not None else accumulation.term
        if not (names_in(term) & (loop_names(loop.target) | accumulation.reassigned)):
            return False  # the term does not change with the loop
        names = self.ctx.names
        if _builds_modules(loop.body, names):
            return False  # hk.Linear(...)(x) per step: a new layer each time, not one function mapped
        if _computes_gradients(loop.body, names):
            return False  # gradient accumulation over micro-batches is chunked for memory (GA102 covers per-example grads)
        function = self.ctx.current_function
        traced = self.ctx.gradient.is_traced(function)
        if not traced:
            plain = {name: f for name, f in self.ctx.local_functions(function).items() if not self.ctx.gradient.is_traced(f)}
            if calls_outside_jax(loop.body, names, plain):
                return False  # a host-side driver: a compiled step, a metric, printing
        if calls_jax(loop.body, names, self.ctx.local_functions(function)):
            return True
        # ``acc += x[i] * w[i]`` with no call: jax work when the arrays are known jax arrays in a trace.
        if not traced:
            return False
        arrays = self.ctx.loops.arrays
        if isinstance(loop.target, cst.Name) and not _is_range(loop.iter, names):
            return bool(arrays.is_array(loop.iter, function, True))
        if isinstance(loop.target, cst.Name):
            return any(arrays.is_array(array, function, True) for array, _ in _indexed_reads(term, loop.target.value))
        return False

    def _report(self, loop: cst.For | cst.While, accumulation: "Accumulation", where: str, reason: str, total: Vectorized | None, fix: Fix | None) -> None:
        if total is not None and total.how == "vmap" and self._lifted_module() is not None and "self" in names_in(total.expression):
            # jax.vmap cannot map a flax.linen / haiku submodule call: their own vmap lifts the parameters.
            lifted = self._lifted_module()
            shown = f"`jnp.sum` over the batched term, mapping the submodule with `{lifted}` (plain `jax.vmap` cannot lift its parameters)"
            fix = None
        elif total is not None:
            shown = f"`{code(_updated(accumulation, total.expression))}`"
        else:
            sign = "-" if accumulation.subtract else "+"
            shown = f"`{accumulation.name} = {accumulation.name} {sign} jnp.sum(<the term over all elements at once>, axis=0)` (with `jax.vmap` if the term is not elementwise)"
        self.report(
            loop,
            f"`{code(accumulation.statement)}` adds one term per step of {where} ({reason}), so the traced "
            f"program and its backward pass grow with the data; use {shown}",
            fix=fix,
        )

    def _lifted_module(self) -> str | None:
        """``nn.vmap`` / ``hk.vmap`` when the code is a method of a flax.linen or haiku module."""
        klass = self.ctx.current_class
        if klass is None:
            return None
        for base in klass.bases:
            qualified = self.ctx.names.resolve(base.value) or ""
            if qualified.startswith("flax.linen"):
                return "nn.vmap"
            if qualified.startswith("haiku"):
                return "hk.vmap"
        return None

    def _total(self, loop: cst.For, accumulation: "Accumulation") -> Vectorized | None:
        """``jnp.sum(<term over all elements>, axis=0)`` for the loop, or None when it cannot be written."""
        names = self.ctx.names
        term = accumulation.inlined
        if term is None:
            return None
        target, iterable = loop.target, loop.iter
        if isinstance(target, cst.Name) and not _is_range(iterable, names):
            if isinstance(iterable, cst.Call) and not self.ctx.loops.arrays.array_call(iterable):
                return None  # enumerate(...), a function's result: no single array to map over
            batched = vectorize(term, target.value, iterable, names)
        elif isinstance(target, cst.Name):
            batched = self._over_range(term, target.value, iterable)
            if batched is None:
                return None
        elif isinstance(target, cst.Tuple) and _is_call_of(iterable, "zip", names):
            batched = _over_zip(term, target, iterable, names)
            if batched is None:
                return None
        else:
            return None
        jnp_sum, imports = names.spell("jax.numpy.sum")
        axis = cst.Arg(cst.Integer("0"), keyword=cst.Name("axis"), equal=cst.AssignEqual(cst.SimpleWhitespace(""), cst.SimpleWhitespace("")))
        total = cst.Call(jnp_sum, args=[cst.Arg(batched.expression), axis])
        return Vectorized(total, batched.applicability, tuple(imports) + batched.imports, batched.how)

    def _over_range(self, term: cst.BaseExpression, var: str, iterable: cst.Call) -> Vectorized | None:
        """The term for every index of ``range(...)``: over the arrays it indexes, else over ``jnp.arange``."""
        names = self.ctx.names
        args = [arg.value for arg in iterable.args]
        if len(args) not in (1, 2) or any(arg.keyword or arg.star for arg in iterable.args):
            return None
        start, stop = (args[0], args[1]) if len(args) == 2 else (None, args[0])
        if start is not None and isinstance(start, cst.Integer) and start.value == "0":
            start = None
        reads = _indexed_reads(term, var)
        if reads:
            covered = sized_array(stop)
            sliced = [_shifted(array, offset, start, stop, covered) for array, offset in reads]
            if all(whole is not None for whole in sliced):
                elements = _element_names(reads, names_in(term))
                per_element = _replace_indexed(term, var, {(code(array), offset): cst.Name(name) for (array, offset), name in zip(reads, elements)})
                if len(reads) == 1:
                    return vectorize(per_element, elements[0], sliced[0], names)  # type: ignore[arg-type]
                return _over_arrays(per_element, elements, sliced, names)  # type: ignore[arg-type]
        arange, arange_imports = names.spell("jax.numpy.arange")
        indices = cst.Call(arange, args=[cst.Arg(arg) for arg in ([start] if start is not None else []) + [stop]])
        batched = vectorize(term, var, indices, names)
        return Vectorized(batched.expression, "unsafe", tuple(arange_imports) + batched.imports, batched.how)


@dataclass(frozen=True)
class Accumulation:
    """``name += term`` (or ``name = name + term``, ``-=``) as the loop's one accumulation."""

    statement: cst.BaseSmallStatement
    name: str
    term: cst.BaseExpression
    subtract: bool
    #: The loop body is this statement alone.
    only_statement: bool
    #: Names the loop body assigns besides the accumulator.
    reassigned: frozenset[str]
    #: The term with those assignments substituted in, when that is possible.
    inlined: cst.BaseExpression | None


def loop_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return {name for element in target.elements for name in loop_names(element.value)}
    return set()


def _as_accumulation(stmt: cst.BaseSmallStatement) -> tuple[str, cst.BaseExpression, bool] | None:
    """``(name, term, subtract)`` for ``name += term``, ``name -= term``, ``name = name + term``..."""
    if isinstance(stmt, cst.AugAssign) and isinstance(stmt.target, cst.Name):
        if isinstance(stmt.operator, (cst.AddAssign, cst.SubtractAssign)):
            return stmt.target.value, stmt.value, isinstance(stmt.operator, cst.SubtractAssign)
        return None
    if isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0].target, cst.Name):
        name = stmt.targets[0].target.value
        value = stmt.value
        if isinstance(value, cst.BinaryOperation) and not value.lpar:
            if isinstance(value.left, cst.Name) and value.left.value == name and isinstance(value.operator, (cst.Add, cst.Subtract)):
                return name, value.right, isinstance(value.operator, cst.Subtract)
            if isinstance(value.right, cst.Name) and value.right.value == name and isinstance(value.operator, cst.Add):
                return name, value.left, False
    return None


def _accumulation(body: cst.BaseSuite, loop_vars: set[str]) -> Accumulation | None:
    """The single accumulation of a loop body made of it and of plain local assignments, with no
    value carried from one step to the next but the accumulator itself."""
    if isinstance(body, cst.SimpleStatementSuite):
        statements = list(body.body)
    else:
        statements = []
        for line in body.body:  # type: ignore[union-attr]
            if not isinstance(line, cst.SimpleStatementLine):
                return None  # if / nested loop / with: conditional or more than a sum
            statements.extend(line.body)
    found = [(stmt, parts) for stmt in statements if (parts := _as_accumulation(stmt)) is not None]
    if len(found) != 1:
        return None
    accumulation, (name, term, subtract) = found[0]
    if name in loop_vars:
        return None
    assigned_in_body: set[str] = set()
    for stmt in statements:
        if stmt is accumulation:
            continue
        if not (isinstance(stmt, cst.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0].target, cst.Name)):
            return None  # a call for its effect, break, continue, return, x[i] = ..., a, b = ...
        assigned_in_body.add(stmt.targets[0].target.value)  # type: ignore[union-attr]
    if name in assigned_in_body or assigned_in_body & loop_vars:
        return None
    # Nothing but the accumulator may flow from one step to the next, and it only into itself.
    assigned_so_far: set[str] = set()
    locals_before: list[tuple[str, cst.BaseExpression]] = []
    seen_accumulation = False
    for stmt in statements:
        reads = names_in(term) if stmt is accumulation else names_in(stmt.value)  # type: ignore[attr-defined]
        if name in reads or (reads - assigned_so_far) & assigned_in_body:
            return None
        if stmt is accumulation:
            seen_accumulation = True
            continue
        target = stmt.targets[0].target.value  # type: ignore[attr-defined]
        assigned_so_far.add(target)
        if not seen_accumulation:
            locals_before.append((target, stmt.value))  # type: ignore[attr-defined]
    inlined: cst.BaseExpression | None = term
    for local, value in reversed(locals_before):
        inlined = substitute(inlined, local, value)  # type: ignore[arg-type]
    if inlined is not None and names_in(inlined) & assigned_in_body:
        inlined = None
    return Accumulation(accumulation, name, term, subtract, len(statements) == 1, frozenset(assigned_in_body), inlined)


def _computes_gradients(node: cst.CSTNode, names) -> bool:
    """True when ``node`` calls a gradient function built in place: ``jax.grad(loss)(w, x)``."""
    found = False

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            found = found or gradient_transform(call.func, names) is not None

    walk(node, _Calls())
    return found


def _builds_modules(node: cst.CSTNode, names) -> bool:
    """True when ``node`` constructs a haiku / flax / equinox module (new parameters each call)."""
    found = False

    class _Calls(cst.CSTVisitor):
        def visit_Call(self, call: cst.Call) -> None:
            nonlocal found
            qualified = names.resolve(call.func) or ""
            if qualified.startswith(MODULE_LIBRARIES) and qualified.rsplit(".", 1)[-1][:1].isupper():
                found = True

    walk(node, _Calls())
    return found


def _initial_value(name: str, before) -> cst.BaseExpression | None:
    """The value last assigned to ``name`` by a plain assignment before the loop, in the same block."""
    for stmt in reversed(before):
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in reversed(stmt.body):
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                target = small.targets[0].target
                if isinstance(target, cst.Name) and target.value == name:
                    return small.value
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)) and isinstance(small.target, cst.Name) and small.target.value == name:
                return small.value if isinstance(small, cst.AnnAssign) else None
    return None


def _is_zero(value: cst.BaseExpression, names) -> bool:
    if isinstance(value, (cst.Integer, cst.Float)):
        return float(value.evaluated_value) == 0.0
    if isinstance(value, cst.Call):
        return names.autodiff_numpy_function(value.func) in ZERO_CREATORS
    return False


def _is_increment(stmt: cst.BaseSmallStatement, counter: str) -> bool:
    one = lambda value: isinstance(value, cst.Integer) and value.value == "1"  # noqa: E731
    if isinstance(stmt, cst.AugAssign) and isinstance(stmt.target, cst.Name) and stmt.target.value == counter:
        return isinstance(stmt.operator, cst.AddAssign) and one(stmt.value)
    parts = _as_accumulation(stmt)
    return parts is not None and parts[0] == counter and not parts[2] and one(parts[1])


def _is_call_of(expr: cst.BaseExpression, builtin: str, names) -> bool:
    return isinstance(expr, cst.Call) and names.is_builtin(expr.func, builtin)


def _is_range(expr: cst.BaseExpression, names) -> bool:
    return _is_call_of(expr, "range", names)


def _index_offset(node: cst.Subscript, var: str) -> int | None:
    """``c`` when ``node`` is ``a[var + c]`` (or ``a[var]``, ``a[var - c]``) with ``a`` free of ``var``."""
    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    if not isinstance(node.value, (cst.Name, cst.Attribute)) or var in names_in(node.value):
        return None
    index = node.slice[0].slice.value
    if isinstance(index, cst.Name):
        return 0 if index.value == var else None
    if isinstance(index, cst.BinaryOperation) and isinstance(index.left, cst.Name) and index.left.value == var and isinstance(index.right, cst.Integer):
        if isinstance(index.operator, cst.Add):
            return int(index.right.evaluated_value)
        if isinstance(index.operator, cst.Subtract):
            return -int(index.right.evaluated_value)
    return None


def _indexed_reads(term: cst.BaseExpression, var: str) -> list[tuple[cst.BaseExpression, int]]:
    """The distinct reads ``a[var + c]`` in ``term`` as ``(a, c)``, when that is the only way ``var`` is used."""
    reads: dict[tuple[str, int], cst.BaseExpression] = {}
    plain_uses = 0

    class _Reads(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> bool:
            offset = _index_offset(node, var)
            if offset is None:
                return True
            reads.setdefault((code(node.value), offset), node.value)
            return False

        def visit_Name(self, node: cst.Name) -> None:
            nonlocal plain_uses
            plain_uses += node.value == var

    walk(term, _Reads())
    return [(array, offset) for (_, offset), array in reads.items()] if plain_uses == 0 else []


def _replace_indexed(term: cst.BaseExpression, var: str, replacements: dict[tuple[str, int], cst.BaseExpression]) -> cst.BaseExpression:
    """``term`` with each ``a[var + c]`` replaced by ``replacements[(code(a), c)]``."""

    class _Replace(cst.CSTTransformer):
        def leave_Subscript(self, original: cst.Subscript, updated: cst.Subscript) -> cst.BaseExpression:
            offset = _index_offset(original, var)
            if offset is not None and (code(original.value), offset) in replacements:
                return replacements[(code(original.value), offset)]
            return updated

    return term.visit(_Replace())  # type: ignore[return-value]


def _shifted(
    array: cst.BaseExpression, offset: int, start: cst.BaseExpression | None, stop: cst.BaseExpression, covered: cst.BaseExpression | None
) -> cst.BaseExpression | None:
    """The elements ``array[var + offset]`` visits for ``var`` in ``range(start, stop)``, as one slice
    (``x``, ``x[1:]``, ``x[:-1]``, ``x[:n]``); None when an index could wrap around (``x[i - 1]``
    from ``i = 0``) or run past the end."""
    lower: cst.BaseExpression | None
    if start is None or isinstance(start, cst.Integer):
        first = int(start.evaluated_value) if start is not None else 0
        if first + offset < 0:
            return None
        lower = cst.Integer(str(first + offset)) if first + offset else None
    elif offset == 0:
        lower = start
    else:
        return None
    upper: cst.BaseExpression | None
    if covered is not None and code(covered) == code(array):
        # ``stop`` is the array's length.
        if offset > 0:
            return None
        upper = cst.UnaryOperation(cst.Minus(), cst.Integer(str(-offset))) if offset else None
    elif offset:
        upper = cst.BinaryOperation(stop, cst.Add() if offset > 0 else cst.Subtract(), cst.Integer(str(abs(offset))))
    else:
        upper = stop
    if lower is None and upper is None:
        return array
    return cst.Subscript(array, slice=[cst.SubscriptElement(cst.Slice(lower=lower, upper=upper))])


def _over_zip(term: cst.BaseExpression, target: cst.Tuple, iterable: cst.Call, names) -> Vectorized | None:
    """The term over ``zip(a, b)`` bound to ``for x, y in ...``."""
    arrays = [arg.value for arg in iterable.args]
    variables = [element.value for element in target.elements]
    if len(arrays) != len(variables) or any(arg.keyword or arg.star for arg in iterable.args):
        return None
    if not all(isinstance(variable, cst.Name) for variable in variables):
        return None
    return _over_arrays(term, [variable.value for variable in variables], arrays, names)  # type: ignore[union-attr]


def _over_arrays(term: cst.BaseExpression, variables: list[str], arrays: list[cst.BaseExpression], names) -> Vectorized:
    """The term over several arrays walked together, ``variables[k]`` standing for an element of
    ``arrays[k]``: elementwise when it is, else ``jax.vmap``. Always unsafe: the loop stops at the
    shortest array, the batched form does not."""
    placeholder = "_".join(variables)
    as_one = term
    for variable in variables:
        as_one = substitute(as_one, variable, cst.Name(placeholder))
    if elementwise_in(as_one, placeholder, names) is not None:
        batched = term
        for variable, array in zip(variables, arrays):
            batched = substitute(batched, variable, array)
        return Vectorized(batched, "unsafe", (), "elementwise")
    vmap, imports = names.spell("jax.vmap")
    function: cst.BaseExpression
    if (
        isinstance(term, cst.Call)
        and [code(arg.value) for arg in term.args] == variables
        and not any(arg.keyword or arg.star for arg in term.args)
        and not names_in(term.func) & set(variables)
    ):
        function = term.func
    else:
        function = cst.Lambda(params=cst.Parameters(params=[cst.Param(cst.Name(variable)) for variable in variables]), body=term)
    mapped = cst.Call(cst.Call(vmap, args=[cst.Arg(function)]), args=[cst.Arg(array) for array in arrays])
    return Vectorized(mapped, "unsafe", tuple(imports), "vmap")


def _element_names(reads: list[tuple[cst.BaseExpression, int]], taken: set[str]) -> list[str]:
    """A readable name for each read element: ``x_i`` for ``x[i]``, ``x_prev`` for ``x[i - 1]``,
    ``w_i`` for ``self.w[i]``."""
    chosen: list[str] = []
    for array, offset in reads:
        base = array.attr.value if isinstance(array, cst.Attribute) else array.value if isinstance(array, cst.Name) else "element"
        suffix = {0: "i", -1: "prev", 1: "next"}.get(offset, f"m{-offset}" if offset < 0 else f"p{offset}")
        name = f"{base}_{suffix}"
        while name in taken or name in chosen:
            name += "_"
        chosen.append(name)
    return chosen


def _updated(accumulation: Accumulation, total: cst.BaseExpression) -> cst.Assign:
    """``acc = acc + total`` (``- total`` for a subtraction)."""
    operator = cst.Subtract() if accumulation.subtract else cst.Add()
    value = cst.BinaryOperation(cst.Name(accumulation.name), operator, total)
    return cst.Assign(targets=[cst.AssignTarget(cst.Name(accumulation.name))], value=value)


def _statement(assign: cst.Assign, loop: cst.For) -> cst.SimpleStatementLine:
    return cst.SimpleStatementLine(body=[assign], leading_lines=loop.leading_lines)
