"""GA103 python-loop-recurrence: a Python loop whose `.at[i]` writes feed the next step."""

from __future__ import annotations

import re
from dataclasses import dataclass

import libcst as cst

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import calls_outside_jax, code, names_in
from gradadvisor.rules.base import Fix, Invalid, Rule, Valid

#: ``x.at[idx].<op>(value)`` methods that write into a copy of ``x``.
AT_WRITES = frozenset({"set", "add", "mul", "multiply", "min", "max", "divide", "power"})
#: Calls that derive a new PRNG key: a key split per step is not data carried between steps.
KEY_UPDATES = frozenset({"jax.random.split", "jax.random.fold_in", "jax.random.PRNGKey", "jax.random.key", "jax.random.clone"})
#: Reads of an array that do not depend on its values.
METADATA = frozenset({"shape", "dtype", "ndim", "size", "at"})


class PythonLoopRecurrence(Rule):
    """
    ## What it does
    Finds a Python `for` loop over a data-sized range whose body writes an array
    element by element with `x = x.at[i].set(...)` (or `.add`, `.mul`...) and where
    each step reads what an earlier step produced: the array itself at an earlier
    index (`x[i - 1]`, `x[:i]`, the whole `x`), or a carried value such as a hidden
    state `h = f(h, u[i])` that is then stored.

    ## Why it is slow for gradients
    Python runs the loop while JAX traces it, so the program holds one copy of the
    step per iteration: trace and compile time grow with the length, and the backward
    pass is as long again, each `.at[i].set` transposing into a slice-and-zero of the
    whole array's cotangent. With `jax.lax.scan` the step is traced once and the loop
    lives in the compiled program, forward and backward. Measured here (CPU) for
    `x = x.at[i].set(jnp.tanh(x[i - 1] + x[i]))` over 300 elements, `jit(grad)`: 96 s
    to compile and 9.2 ms per call unrolled, 1.2 s and 0.05 ms with `fori_loop`, 0.8 s
    and 0.015 ms with a `scan` carrying the previous value. Because each step needs the
    one before, `jax.vmap` does not apply: this is a recurrence, not a batch.

    ## Example
    ```python
    def simulate(x0, u, dt):
        x = jnp.zeros(u.shape[0]).at[0].set(x0)
        for i in range(1, u.shape[0]):
            x = x.at[i].set(x[i - 1] + dt * jnp.tanh(u[i] - x[i - 1]))
        return x
    ```

    ## Use instead
    ```python
    def simulate(x0, u, dt):
        def step(prev, u_i):
            new = prev + dt * jnp.tanh(u_i - prev)
            return new, new

        _, rest = jax.lax.scan(step, x0, u[1:])
        return jnp.concatenate([jnp.atleast_1d(x0), rest])
    ```
    The scan carries the previous value and stacks the new ones. When the loop body
    is the single `.at[...]` write, the fix keeps the loop's own statement and hands it
    to `jax.lax.fori_loop`, which JAX runs as a scan when the bounds are Python ints:
    `x = jax.lax.fori_loop(1, n, lambda i, x: x.at[i].set(...), x)`. It is *unsafe*:
    inside `fori_loop` the index is traced, so any Python use of it (indexing a list,
    a slice `x[:i]`) must be rewritten, and the loop variable is no longer defined
    after the loop.

    ## When not to apply
    Not reported when the writes do not depend on each other (`x = x.at[i].set(f(y[i]))`
    is a batch: vectorize it, see GA101/GA201), when a step reads only elements not yet
    written (`x[i + 1]` in a forward loop reads the input), for small literal ranges
    (Runge-Kutta stages, a few iterations), for loops over layers or parameters, for
    plain NumPy code, for `.at[i].set` outside a loop, in test code (reference loops),
    and for host-side driver loops outside any known trace that call a compiled step, a
    model's `apply` or `print` per iteration (autoregressive sampling with a jitted decode
    step is written that way on purpose). A PRNG key split per step, an index counter
    (`j += 1`) and a clock (`t = t + dt`) are not treated as carried state. A Python loop
    inside a `lax.fori_loop` or `scan` body *is* reported: it unrolls inside the body.
    """

    code = "GA103"
    name = "python-loop-recurrence"
    summary = "a Python loop whose `.at[i]` writes read earlier iterations unrolls a recurrence; use `jax.lax.scan`"
    keywords = (".at",)
    trigger = re.compile(r"\.at\s*\[")

    VALID = (
        # Independent writes: a batch, not a recurrence.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, y):\n    for i in range(x.shape[0]):\n        x = x.at[i].set(jnp.sin(y[i]))\n    return x\n"),
        # Reads the same element it writes.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    for i in range(len(x)):\n        x = x.at[i].set(jnp.tanh(x[i]) * 2)\n    return x\n"),
        # A small literal range (Runge-Kutta stages).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(k, y):\n    for s in range(1, 4):\n        k = k.at[s].set(jnp.sin(y + k[s - 1]))\n    return k\n"),
        # Reads a later, not yet written, element: the original values.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    for i in range(x.shape[0] - 1):\n        x = x.at[i].set(x[i + 1] - x[i])\n    return x\n"),
        # Plain NumPy in place.
        Valid("import jax\nimport numpy as np\n\ndef f(x):\n    for i in range(1, len(x)):\n        x[i] = x[i - 1] * 0.5\n    return x\n"),
        # Outside any loop.
        Valid("import jax.numpy as jnp\n\ndef f(x):\n    return x.at[1].set(x[0] * 2)\n"),
        # Host-side decode loop calling a jitted step.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\ndef generate(params, tokens, n):\n    step = jax.jit(decode)\n"
            "    for t in range(n):\n        logits = step(params, tokens)\n        tokens = tokens.at[t + 1].set(jnp.argmax(logits[t]))\n    return tokens\n"
        ),
        # A PRNG key split per step is not a carried state.
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(key, x):\n    for i in range(x.shape[0]):\n"
            "        key, sub = jax.random.split(key)\n        x = x.at[i].set(jax.random.normal(sub))\n    return x\n"
        ),
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, u):\n    for i in range(1, x.shape[0]):\n        x = x.at[i].set(jnp.tanh(x[i - 1] + u[i]))\n    return x\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, u):\n    x = jax.lax.fori_loop(1, x.shape[0], lambda i, x: x.at[i].set(jnp.tanh(x[i - 1] + u[i])), x)\n    return x\n",
            message_contains="jax.lax.scan",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef loss(w, us, n):\n    traj = jnp.zeros((n, 16))\n    h = jnp.zeros(16)\n    for i in range(n):\n"
            "        h = jnp.tanh(w @ h + us[i])\n        traj = traj.at[i].set(h)\n    return jnp.sum(traj ** 2)\n\ng = jax.grad(loss)\n",
            message_contains="reads `h`",
        ),
        Invalid(
            "from jax import lax\nimport jax.numpy as jnp\n\ndef cumulative(x):\n    out = jnp.zeros_like(x)\n    for i in range(1, len(x)):\n        out = out.at[i].add(out[i - 1] + x[i])\n    return out\n",
            expected_fix="from jax import lax\nimport jax.numpy as jnp\n\ndef cumulative(x):\n    out = jnp.zeros_like(x)\n    out = lax.fori_loop(1, len(x), lambda i, out: out.at[i].add(out[i - 1] + x[i]), out)\n    return out\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef gauss_seidel(a, b, x):\n    for i in range(b.shape[0]):\n"
            "        x = x.at[i].set((b[i] - a[i] @ x + a[i, i] * x[i]) / a[i, i])\n    return x\n",
            message_contains="reads `x`",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef euler(xs, dt):\n    for t in range(xs.shape[0] - 1):\n        xs = xs.at[t + 1].set(xs[t] + dt * jnp.sin(xs[t]))\n    return xs\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef euler(xs, dt):\n    xs = jax.lax.fori_loop(0, xs.shape[0] - 1, lambda t, xs: xs.at[t + 1].set(xs[t] + dt * jnp.sin(xs[t])), xs)\n    return xs\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef backward(x):\n    for i in reversed(range(x.shape[0] - 1)):\n        x = x.at[i].mul(x[i + 1])\n    return x\n",
        ),
    )

    def visit_For(self, node: cst.For) -> None:
        if not isinstance(node.target, cst.Name) or node.asynchronous is not None:
            return
        if in_test_code(self.ctx.path, self.ctx.scope_stack):
            return  # reference loops that check a fast version
        var = node.target.value
        direction = _direction(node.iter, self.ctx.names)
        if direction is None:
            return
        statements = _body_statements(node.body)
        writes = [write for stmt in statements if (write := _at_write(stmt, var)) is not None]
        if not writes:
            return
        function = self.ctx.current_function
        extent = self.ctx.loops.of_iterable(node.iter, function)
        if not extent.is_data:
            return
        traced = self.ctx.gradient.is_traced(function)
        if not traced:
            plain = {name: f for name, f in self.ctx.local_functions(function).items() if not self.ctx.gradient.is_traced(f)}
            if calls_outside_jax(node.body, self.ctx.names, plain):
                return  # a host-side driver loop (e.g. decoding with a jitted step)
        dependence = _first_dependence(statements, writes, var, direction, self.ctx.names)
        if dependence is None:
            return
        write, why, carried = dependence
        rewritten = self._fori_loop(node, statements, write, var)
        fix = fori = None
        shown = f"`{write.array} = {code(write.call.func)}(...)`"
        if rewritten is not None:
            fori, imports = rewritten
            old_line = node.body.body[0]  # type: ignore[attr-defined]
            line = cst.SimpleStatementLine(body=[fori], leading_lines=node.leading_lines, trailing_whitespace=old_line.trailing_whitespace)
            fix = Fix(node, line, "unsafe", imports)
        if fori is not None and len(code(fori)) <= 160:
            rewrite = f"here, with `jax.lax.fori_loop` (a scan for Python-int bounds): `{code(fori)}`"
        elif carried is not None:
            inputs = _step_inputs(statements, var, {w.array for w in writes})
            xs = inputs[0] if len(inputs) == 1 else f"({', '.join(inputs)})" if inputs else "xs"
            rewrite = f"`{carried}, ys = jax.lax.scan(step, {carried}, {xs})` with `step({carried}, x) -> ({carried}, y)`, stacking the stored values as `ys`"
        else:
            rewrite = "`carry, ys = jax.lax.scan(step, init, xs)` with `step(carry, x) -> (carry, y)`, the carry holding the elements the next step reads"
        self.report(
            node,
            f"{shown} in a Python loop over `{code(node.iter)}` ({extent.reason}) is a recurrence: each step "
            f"{why}, and the loop unrolls one copy of the step per iteration into the traced program and "
            f"its backward pass; use `jax.lax.scan` (not `vmap`: the steps depend on each other), {rewrite}",
            fix=fix,
        )

    def _fori_loop(
        self, loop: cst.For, statements: list[cst.BaseSmallStatement], write: "AtWrite", var: str
    ) -> tuple[cst.Assign, tuple[tuple[str, str | None, str | None], ...]] | None:
        """``x = jax.lax.fori_loop(start, stop, lambda i, x: <the write>, x)`` when the loop body is
        the one write, over ``range(stop)`` / ``range(start, stop)``, with the index used only to index."""
        body = loop.body
        if loop.orelse is not None or len(statements) != 1 or not isinstance(body, cst.IndentedBlock) or len(body.body) != 1:
            return None
        bounds = _range_bounds(loop.iter, self.ctx.names)
        if bounds is None or not _index_only(write.statement.value, var):
            return None
        start, stop = bounds
        target = write.statement.targets[0].target
        fori_loop, imports = self.ctx.names.spell("jax.lax.fori_loop")
        step = cst.Lambda(
            params=cst.Parameters(params=[cst.Param(cst.Name(var)), cst.Param(cst.Name(write.array))]),
            body=write.statement.value,
        )
        call = cst.Call(fori_loop, args=[cst.Arg(start), cst.Arg(stop), cst.Arg(step), cst.Arg(target)])
        return cst.Assign(targets=[cst.AssignTarget(target)], value=call), tuple(imports)


@dataclass(frozen=True)
class AtWrite:
    """``array = array.at[index].<op>(value)`` inside the loop body."""

    statement: cst.Assign
    call: cst.Call
    array: str
    index: tuple[cst.SubscriptElement, ...]
    #: Position of the index element that moves with the loop, and its offset from the loop variable.
    position: int
    offset: int


def _body_statements(body: cst.BaseSuite) -> list[cst.BaseSmallStatement]:
    """The small statements run by one iteration, in order, through ``if``/``with``/``try``
    blocks but not into nested loops or definitions."""
    found: list[cst.BaseSmallStatement] = []

    def block(suite: cst.BaseSuite | None) -> None:
        if suite is None:
            return
        if isinstance(suite, cst.SimpleStatementSuite):
            found.extend(suite.body)
            return
        for stmt in suite.body:  # type: ignore[union-attr]
            if isinstance(stmt, cst.SimpleStatementLine):
                found.extend(stmt.body)
            elif isinstance(stmt, cst.If):
                block(stmt.body)
                orelse = stmt.orelse
                while isinstance(orelse, cst.If):
                    block(orelse.body)
                    orelse = orelse.orelse
                if orelse is not None:
                    block(orelse.body)
            elif isinstance(stmt, (cst.With, cst.Try)):
                block(stmt.body)

    block(body)
    return found


def _offset(expr: cst.BaseExpression, var: str) -> int | None:
    """``c`` when ``expr`` is ``var``, ``var + c`` or ``var - c`` with ``c`` an integer literal."""
    if isinstance(expr, cst.Name) and expr.value == var:
        return 0
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.left, cst.Name) and expr.left.value == var:
        if isinstance(expr.right, cst.Integer):
            value = int(expr.right.evaluated_value)
            if isinstance(expr.operator, cst.Add):
                return value
            if isinstance(expr.operator, cst.Subtract):
                return -value
    return None


def _at_write(stmt: cst.BaseSmallStatement, var: str) -> AtWrite | None:
    """``x = x.at[<var + c>, ...].set(v)`` with exactly one index element moving with ``var``."""
    if not isinstance(stmt, cst.Assign) or len(stmt.targets) != 1:
        return None
    target = stmt.targets[0].target
    call = stmt.value
    if not isinstance(target, cst.Name) or not isinstance(call, cst.Call):
        return None
    method = call.func
    if not (isinstance(method, cst.Attribute) and method.attr.value in AT_WRITES and isinstance(method.value, cst.Subscript)):
        return None
    at = method.value.value
    if not (isinstance(at, cst.Attribute) and at.attr.value == "at" and isinstance(at.value, cst.Name) and at.value.value == target.value):
        return None
    index = tuple(method.value.slice)
    moving = [position for position, element in enumerate(index) if var in names_in(element)]
    if len(moving) != 1 or any(isinstance(element.slice, cst.Index) and isinstance(element.slice.value, cst.Ellipsis) for element in index):
        return None
    element = index[moving[0]].slice
    if not isinstance(element, cst.Index):
        return None
    offset = _offset(element.value, var)
    if offset is None:
        return None
    return AtWrite(stmt, call, target.value, index, moving[0], offset)


def _direction(iterable: cst.BaseExpression, names) -> int | None:
    """+1 for a loop that walks indices upwards, -1 downwards, None when unclear."""
    if isinstance(iterable, cst.Call) and isinstance(iterable.func, cst.Name):
        if iterable.func.value == "reversed" and len(iterable.args) == 1:
            inner = _direction(iterable.args[0].value, names)
            return -inner if inner is not None else None
        if iterable.func.value == "range" and names.is_builtin(iterable.func, "range"):
            if len(iterable.args) == 3:
                step = iterable.args[2].value
                if isinstance(step, cst.Integer):
                    return 1
                if isinstance(step, cst.UnaryOperation) and isinstance(step.operator, cst.Minus) and isinstance(step.expression, cst.Integer):
                    return -1
                return None
            return 1
    return None


def _range_bounds(iterable: cst.BaseExpression, names) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """``(start, stop)`` of ``range(stop)`` / ``range(start, stop)``."""
    if not (isinstance(iterable, cst.Call) and names.is_builtin(iterable.func, "range")):
        return None
    args = iterable.args
    if any(arg.keyword is not None or arg.star for arg in args):
        return None
    if len(args) == 1:
        return cst.Integer("0"), args[0].value
    if len(args) == 2:
        return args[0].value, args[1].value
    return None


def _index_only(expr: cst.BaseExpression, var: str) -> bool:
    """True when ``var`` appears only as a whole subscript index ``a[var + c]`` (a traced index works there)."""
    ok = True

    class _Uses(cst.CSTVisitor):
        def visit_SubscriptElement(self, element: cst.SubscriptElement) -> bool:
            if isinstance(element.slice, cst.Index) and _offset(element.slice.value, var) is not None:
                return False
            return True

        def visit_Name(self, name: cst.Name) -> None:
            nonlocal ok
            if name.value == var:
                ok = False

    walk(expr, _Uses())
    return ok


def _array_reads(expr: cst.CSTNode, arrays: set[str]) -> list[tuple[str, tuple[cst.SubscriptElement, ...] | None]]:
    """Reads of ``arrays`` in ``expr``: ``(name, index)`` for ``x[index]``, ``(name, None)`` for the whole array."""
    found: list[tuple[str, tuple[cst.SubscriptElement, ...] | None]] = []

    def walk(node: cst.CSTNode) -> None:
        if isinstance(node, cst.Subscript):
            base = node.value
            if isinstance(base, cst.Attribute) and base.attr.value == "at":
                base = base.value  # x.at[i].get()
            if isinstance(base, cst.Name) and base.value in arrays:
                found.append((base.value, tuple(node.slice)))
                for element in node.slice:
                    walk(element)
                return
        if isinstance(node, cst.Attribute):
            if isinstance(node.value, cst.Name) and node.value.value in arrays and node.attr.value in METADATA:
                return
            walk(node.value)
            return
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "len":
            return
        if isinstance(node, cst.Arg):
            walk(node.value)
            return
        if isinstance(node, cst.Name):
            if node.value in arrays:
                found.append((node.value, None))
            return
        for child in node.children:
            walk(child)

    walk(expr)
    return found


def _reads_earlier(index: tuple[cst.SubscriptElement, ...] | None, write: AtWrite, var: str, direction: int) -> bool:
    """Whether reading ``array[index]`` sees an element written by an earlier iteration."""
    if index is None or len(index) <= write.position:
        return True  # the whole array, or whole along the moving axis
    element = index[write.position].slice
    if isinstance(element, cst.Slice):
        lower = _offset(element.lower, var) if element.lower is not None else None
        upper = _offset(element.upper, var) if element.upper is not None else None
        if element.step is not None:
            return False
        if direction > 0:
            # Earlier writes sit below ``var + write.offset``.
            if element.lower is not None and lower is None and var in names_in(element.lower):
                return False
            return lower is None or lower < write.offset
        if element.upper is not None and upper is None and var in names_in(element.upper):
            return False
        return upper is None or upper - 1 > write.offset
    if var not in names_in(element.value):
        return False  # a fixed element
    offset = _offset(element.value, var)
    if offset is None:
        return False
    return offset < write.offset if direction > 0 else offset > write.offset


def _is_counter(stmt: cst.BaseSmallStatement, name: str, variant: set[str]) -> bool:
    """``n += 1``, ``t = t + dt``: a counter or clock moved by a step that does not change in
    the loop (``variant``: the names the loop body assigns), so not data carried between steps."""
    if isinstance(stmt, cst.AugAssign) and isinstance(stmt.target, cst.Name) and stmt.target.value == name:
        if not isinstance(stmt.operator, (cst.AddAssign, cst.SubtractAssign)):
            return False
        step = stmt.value
    elif (
        isinstance(stmt, cst.Assign)
        and isinstance(stmt.value, cst.BinaryOperation)
        and isinstance(stmt.value.operator, (cst.Add, cst.Subtract))
        and isinstance(stmt.value.left, cst.Name)
        and stmt.value.left.value == name
    ):
        step = stmt.value.right
    else:
        return False
    return not (names_in(step) & variant) and not isinstance(step, cst.Call)


def _assigned_names(stmt: cst.BaseSmallStatement) -> set[str]:
    targets: list[cst.BaseExpression] = []
    if isinstance(stmt, cst.Assign):
        targets = [target.target for target in stmt.targets]
    elif isinstance(stmt, (cst.AugAssign, cst.AnnAssign)):
        targets = [stmt.target]
    names: set[str] = set()
    for target in targets:
        if isinstance(target, cst.Name):
            names.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            names |= {element.value.value for element in target.elements if isinstance(element.value, cst.Name)}
    return names


def _read_names(stmt: cst.BaseSmallStatement) -> set[str]:
    """Names whose values ``stmt`` reads (``x.shape`` and ``len(x)`` are not value reads)."""
    reads: set[str] = set()
    value = getattr(stmt, "value", None)
    if value is not None:
        reads |= {name for name, _ in _array_reads(value, names_in(value))}
    if isinstance(stmt, cst.AugAssign) and isinstance(stmt.target, cst.Name):
        reads.add(stmt.target.value)
    return reads


def _step_inputs(statements: list[cst.BaseSmallStatement], var: str, written: set[str]) -> list[str]:
    """The arrays the loop reads one element per step (``us`` for ``us[i]``): what a scan would walk."""
    found: list[str] = []

    class _Reads(cst.CSTVisitor):
        def visit_Subscript(self, node: cst.Subscript) -> None:
            index = node.slice[0].slice if len(node.slice) == 1 else None
            if isinstance(index, cst.Index) and isinstance(index.value, cst.Name) and index.value.value == var:
                array = code(node.value)
                if isinstance(node.value, cst.Attribute) and node.value.attr.value == "at":
                    return  # the write itself
                if isinstance(node.value, (cst.Name, cst.Attribute)) and array not in written and array not in found:
                    found.append(array)

    for stmt in statements:
        walk(stmt, _Reads())
    return found


def _is_key_update(stmt: cst.BaseSmallStatement, names) -> bool:
    """``key, sub = jax.random.split(key)`` and friends."""
    value = getattr(stmt, "value", None)
    return isinstance(value, cst.Call) and (names.resolve(value.func) or "") in KEY_UPDATES


def _first_dependence(
    statements: list[cst.BaseSmallStatement], writes: list[AtWrite], var: str, direction: int, names
) -> tuple[AtWrite, str, str | None] | None:
    """The first write whose value depends on an earlier iteration, how (for the message), and
    the carried name it depends on (None when it reads the written array itself)."""
    written: dict[str, list[AtWrite]] = {}
    for write in writes:
        written.setdefault(write.array, []).append(write)
    assigned_anywhere: dict[str, list[cst.BaseSmallStatement]] = {}
    for stmt in statements:
        for name in _assigned_names(stmt):
            assigned_anywhere.setdefault(name, []).append(stmt)

    def carried_state(name: str) -> bool:
        updates = assigned_anywhere.get(name, [])
        if name == var or name in written or not updates:
            return False
        variant = set(assigned_anywhere) | {var}
        if all(_is_counter(stmt, name, variant) or _is_key_update(stmt, names) for stmt in updates):
            return False
        return "key" not in name.lower() and "rng" not in name.lower()

    # Names whose value this iteration depends on an earlier one, with the reason and the carried name.
    tainted: dict[str, tuple[str, str | None]] = {}
    assigned_so_far: set[str] = set()
    for stmt in statements:
        write = next((w for w in writes if w.statement is stmt), None)
        value = write.call if write is not None else getattr(stmt, "value", None)
        found: tuple[str, str | None] | None = None
        for name in sorted(_read_names(stmt)):
            if name in tainted:
                found = tainted[name]
                break
            if name not in assigned_so_far and carried_state(name):
                found = (f"reads `{name}`, which the step before updated", name)
                break
        if found is None and value is not None:
            earlier = _earlier_array_read(value, write, written, var, direction)
            found = (earlier, None) if earlier is not None else None
        if write is not None and found is not None:
            return write, found[0], found[1]
        if found is not None:
            for name in _assigned_names(stmt):
                tainted[name] = found
        assigned_so_far |= _assigned_names(stmt)
    return None


def _earlier_array_read(value: cst.CSTNode, write: AtWrite | None, written: dict[str, list[AtWrite]], var: str, direction: int) -> str | None:
    """``"reads `x[i - 1]`, written by an earlier step"`` when ``value`` reads a written array's earlier elements."""
    if write is not None:
        # In the write itself, look at the index and the arguments, not the `x.at` being written.
        parts: list[cst.CSTNode] = [arg for arg in write.call.args] + list(write.index)
    else:
        parts = [value]
    for part in parts:
        for name, index in _array_reads(part, set(written)):
            if any(_reads_earlier(index, each, var, direction) for each in written[name]):
                shown = name if index is None else code(cst.Subscript(cst.Name(name), slice=index))
                return f"reads `{shown}`, written by an earlier step"
    return None
