"""GA101 per-sample-map: a function applied to each sample in Python and the results stacked."""

from __future__ import annotations

import re

import libcst as cst

from gradadvisor.analysis.names import imported_names, module_spellings

from gradadvisor.engine.walk import walk

from gradadvisor.analysis.gradient import Level
from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.analysis.vectorize import (
    JOINING,
    ElementLoop,
    batched,
    calls_jax,
    code,
    element_loop,
    elementwise_in,
    joined,
    names_in,
)
from gradadvisor.rules.base import Fix, Invalid, Rule, Valid
from gradadvisor.rules.ga102_per_example_grad_loop import gradient_callee

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
MODULE_LIBRARIES = ("haiku.", "flax.linen.", "flax.nnx.", "equinox.nn.")
#: Frameworks where ``jax.vmap`` cannot map a call that creates or reads module parameters.
LIFTED_VMAP = {"haiku": "hk.vmap", "flax.linen": "nn.vmap"}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _short(text: str, limit: int = 70) -> str:
    """``text`` on one line, in backticks, cut to about ``limit`` characters."""
    text = " ".join(text.split())
    return f"`{text}`" if len(text) <= limit else f"`{text[: limit - 5]} ...`"


def _first_positional(call: cst.Call) -> cst.BaseExpression | None:
    if call.args and call.args[0].keyword is None and not call.args[0].star:
        return call.args[0].value
    return None


def _name_count(node: cst.CSTNode, name: str) -> int:
    """How often the bare name ``name`` appears in ``node`` (read or written; attribute names excluded)."""
    count = 0

    class _Count(cst.CSTVisitor):
        def visit_Name(self, found: cst.Name) -> None:
            nonlocal count
            count += found.value == name

        def visit_Attribute(self, attribute: cst.Attribute) -> bool:
            walk(attribute.value, self)
            return False

    walk(node, _Count())
    return count


class PerSampleMap(Rule):
    """
    ## What it does
    Finds a function applied to each sample of a data-sized array in Python, with the
    results joined into one array: `jnp.stack([f(x) for x in xs])`,
    `jnp.array(list(map(f, xs)))`, `jnp.asarray` / `vstack` / `concatenate` of such a
    list, a list built with `for x in xs: out.append(f(x))` and then stacked, and
    `jax.lax.map(f, xs)` (without `batch_size`) inside differentiated code. Seed thread
    003 is this shape: `sum(map(t -> nn([t]), x) .^ 2)`.

    ## Why it is slow for gradients
    Python runs the loop, so JAX sees one small computation per sample: for a network,
    a chain of matrix-vector products instead of matrix-matrix products, forward and
    backward, with every sample's weight gradient accumulated separately. Under `jit` the
    loop is unrolled, so the program, its compile time and its backward pass grow with
    the data (a small MLP on 1,000 samples: 120 s to compile the gradient against 0.2 s
    with `jax.vmap`; 2.75 s eagerly against 11 ms). `lax.map` compiles once but still runs
    the samples one after another, forward and backward.

    ## Example
    ```python
    def loss(params, xs):
        outputs = jnp.stack([mlp(params, x[None]) for x in xs])
        return jnp.sum(outputs**2)
    ```

    ## Use instead
    ```python
    def loss(params, xs):
        outputs = jax.vmap(lambda x: mlp(params, x[None]))(xs)
        return jnp.sum(outputs**2)
    ```
    A call that passes the sample whole maps the function itself, sharing the other
    arguments: `jnp.stack([net(p, x) for x in xs])` becomes
    `jax.vmap(net, in_axes=(None, 0))(p, xs)`; `jnp.stack(..., axis=k)` becomes
    `out_axes=k`; `vstack`, `hstack`, `dstack` and `concatenate` keep their call around
    the mapped array, which gives the same result as around the list. An elementwise body
    (`jnp.stack([jnp.exp(x) for x in xs])`) becomes `jnp.exp(xs)`, a *safe* fix; every
    `vmap` fix is *unsafe*: Python control flow on values inside `f` fails under `vmap`,
    `f` must be a JAX function, and a tuple returned by `f` comes back as a tuple of
    stacked arrays where `jnp.array` of the list made one array of it. If the model already accepts a batch (a flax `Dense`,
    `mlp(params, xs[:, None])` above), passing the whole batch is often faster still.

    A list built by `for` + `append` and then stacked is reported with the rewrite in the
    message but not fixed (the fix would have to delete the loop). A list assigned from a
    comprehension and used only by the stacking calls is fixed in place. Inside a
    flax.linen or haiku module, `jax.vmap` cannot map a call that creates parameters: the
    message points to `nn.vmap` / `hk.vmap` and there is no fix.

    ## When not to apply
    Only loops over data-sized arrays are reported: not loops over layers, heads, a list
    of different modules or functions, pytree leaves, small literal ranges, or host-side
    values of unknown size. Not reported: `lax.map(f, xs, batch_size=...)` (chosen for
    memory), `lax.map` outside differentiated code, NumPy's `np.stack`, bodies that only
    index or convert the element (`[x[0] for x in xs]`, `[int(x) for x in xs]`), bodies
    that build a new module per sample (`hk.Linear(3)(x)`), loops whose iterations depend
    on each other (a sequential recurrence is a `lax.scan`, not a `vmap`), per-example
    gradients (GA102), and test code.
    """

    code = "GA101"
    name = "per-sample-map"
    summary = "a function applied to each sample in a Python loop and the results stacked; use `jax.vmap`"
    #: A loop or a map, and a joining call or a map: both are in the block that holds a finding.
    keywords = ("stack", "array", "concatenate", "map")
    trigger = (re.compile(r"\bfor\b|\bmap\s*\("), re.compile(r"(?:stack|array|concatenate|map)\s*\("))
    @classmethod
    def block_filter(cls, text: str):
        """Keep a block holding one of the shapes the rule reads, spelled with this file's
        jax.numpy and lax names: a comprehension or map inside a joining call; a list
        comprehension or ``.append`` then a joining call of a bare name; ``lax.map``."""
        joins = _spelled(text, "jax.numpy", JOINING)
        maps = _spelled(text, "jax.lax", {"map"})
        if joins is None and maps is None:
            return lambda block: False
        patterns = []
        if joins is not None:
            patterns.append(
                rf"{joins}\s*\(\s*[\[(]?\s*(?:(?:list|tuple)\s*\(\s*)?(?:map\s*\(|[^;]{{0,300}}?\bfor\b)"
                rf"|(?:\[[^\]]{{0,300}}?\bfor\b|\.append\s*\()(?=[\s\S]*?{joins}\s*\(\s*\w+\s*[,)])"
            )
        if maps is not None:
            patterns.append(rf"{maps}\s*\(")
        shape = re.compile("|".join(patterns))
        return lambda block: shape.search(block) is not None

    VALID = (
        # Layers: a loop over different modules.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(self, x):\n    return jnp.stack([layer(x) for layer in self.layers])\n"),
        # A list of different functions.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(fns, x):\n    return jnp.stack([fn(x) for fn in fns])\n"),
        # lax.map with batch_size, chosen for memory.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.grad\ndef f(xs):\n    return jnp.sum(jax.lax.map(g, xs, batch_size=128))\n"),
        # lax.map outside differentiated code.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.lax.map(g, xs)\n"),
        # NumPy, not JAX.
        Valid("import jax\nimport numpy as np\n\n@jax.jit\ndef f(xs):\n    return np.stack([g(x) for x in xs])\n"),
        # Only indexing the element.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([x[0] for x in xs])\n"),
        # Host-side values of unknown size.
        Valid("import jax.numpy as jnp\n\ndef encode(sentences):\n    return jnp.array([tokenize(s) for s in sentences])\n"),
        # A sequential recurrence (a scan, not a map).
        Valid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(h, xs):\n    out = []\n    for x in xs:\n"
            "        h = cell(h, x)\n        out.append(h)\n    return jnp.stack(out)\n"
        ),
        # A small literal range.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    return jnp.stack([jnp.roll(x, k) for k in range(3)])\n"),
        # Host-side conversions of each result cannot be vmapped.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(xs):\n    xs = jnp.asarray(xs)\n    return jnp.array([float(jnp.sum(x)) for x in xs])\n"),
        # A recurrence written with `:=`.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(h, xs):\n    return jnp.stack([(h := cell(h, x)) for x in xs])\n"),
        # The first three samples only.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([g(x) for x in xs[:3]])\n"),
        # The list is used as a list too (appended to later).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = [g(x) for x in xs]\n    ys.append(xs[0])\n    return jnp.stack(ys)\n"),
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef loss(params, xs):\n    return jnp.sum(jnp.stack([mlp(params, x[None]) for x in xs]) ** 2)\n\ngrad = jax.grad(loss)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\ndef loss(params, xs):\n    return jnp.sum(jax.vmap(lambda x: mlp(params, x[None]))(xs) ** 2)\n\ngrad = jax.grad(loss)\n",
            message_contains="jax.vmap(lambda x: mlp(params, x[None]))(xs)",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    return jnp.stack([net(p, x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    return jax.vmap(net, in_axes=(None, 0))(p, xs)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as np\n\ndef mapall(params, x):\n    return np.sum(np.array(list(map(lambda t: nn(params, np.array([t])), x))) ** 2.0)\n\ng = jax.grad(mapall)\n",
            expected_fix="import jax\nimport jax.numpy as np\n\ndef mapall(params, x):\n    return np.sum(jax.vmap(lambda t: nn(params, np.array([t])))(x) ** 2.0)\n\ng = jax.grad(mapall)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([g(x) for x in xs], axis=1)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jax.vmap(g, out_axes=1)(xs)\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.concatenate([g(xs[i]) for i in range(len(xs))])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.concatenate(jax.vmap(g)(xs))\n",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.stack([jnp.exp(-x) for x in xs])\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    return jnp.exp(-xs)\n",
        ),
        Invalid(
            "import jax\n\ndef loss(p, xs):\n    return jax.lax.map(lambda x: model(p, x), xs).sum()\n\ngrad = jax.grad(loss)\n",
            expected_fix="import jax\n\ndef loss(p, xs):\n    return jax.vmap(lambda x: model(p, x))(xs).sum()\n\ngrad = jax.grad(loss)\n",
            message_contains="batch_size",
        ),
        # for + append, then stacked: advice only.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = []\n    for x in xs:\n        out.append(net(p, x))\n    return jnp.stack(out)\n",
            message_contains="out = jax.vmap(net, in_axes=(None, 0))(p, xs)",
        ),
        # for + append with a temporary: advice to vmap a function of the loop body.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    out = []\n    for x in xs:\n        h = net(p, x)\n"
            "        out.append(jnp.tanh(h))\n    return jnp.stack(out)\n",
            message_contains="def per_sample(x): ...` and use `out = jax.vmap(per_sample)(xs)`",
        ),
        # A list comprehension assigned, then stacked: fixed in place.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    ys = [net(p, x) for x in xs]\n    return jnp.vstack(ys)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, xs):\n    ys = jax.vmap(net, in_axes=(None, 0))(p, xs)\n    return jnp.vstack(ys)\n",
        ),
        # The same name rebound to the joined array.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = [jnp.linalg.norm(x) for x in xs]\n    ys = jnp.stack(ys)\n    return ys\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(xs):\n    ys = jax.vmap(jnp.linalg.norm)(xs)\n    ys = jnp.stack(ys)\n    return ys\n",
        ),
    )

    # -- calls: jnp.stack([...]), jnp.array(list(map(...))), lax.map ------------------------

    def visit_Call(self, node: cst.Call) -> None:
        names = self.ctx.names
        qualified = names.resolve(node.func) or ""
        if qualified == "jax.lax.map":
            self._lax_map(node)
            return
        if not qualified.startswith("jax.numpy.") or qualified[len("jax.numpy.") :] not in JOINING:
            return
        found = self._per_sample(_first_positional(node))
        if found is None:
            return
        loop, extent = found
        rewrite = joined(node, loop, names)
        if rewrite is None:
            return
        advice = self._framework_advice(loop)
        if advice is not None:
            self.report(node, f"{_short(code(node))} applies a function once per element of `{code(loop.arrays[0])}` ({extent}); {advice}")
            return
        self.report(
            node,
            f"{_short(code(node))} applies a function once per element of `{code(loop.arrays[0])}` ({extent}); "
            f"use `{_one_line(code(rewrite.expression))}`",
            fix=Fix(node, rewrite.expression, rewrite.applicability, rewrite.imports),
        )

    def _lax_map(self, node: cst.Call) -> None:
        if any(arg.keyword is not None or arg.star for arg in node.args) or len(node.args) != 2:
            return  # batch_size=... (memory) or an unusual spelling
        if not self.ctx.gradient.is_differentiated(self.ctx.current_function):
            return
        if in_test_code(self.ctx.path, self.ctx.scope_stack):
            return
        function, xs = node.args[0].value, node.args[1].value
        operands = [element.value for element in xs.elements] if isinstance(xs, cst.Tuple) else [xs]
        extents = [self.ctx.loops.of_iterable(operand, self.ctx.current_function) for operand in operands]
        if not all(extent.is_data for extent in extents):
            return
        vmap, imports = self.ctx.names.spell("jax.vmap")
        replacement = cst.Call(func=cst.Call(func=vmap, args=[cst.Arg(function)]), args=[cst.Arg(xs)])
        self.report(
            node,
            f"{_short(code(node))} runs the function on one element of `{code(xs)}` after another, forward and backward "
            f"({extents[0].reason}); use `{_one_line(code(replacement))}`, or `lax.map(..., batch_size=k)` if memory is why it is a lax.map",
            fix=Fix(node, replacement, "unsafe", tuple(imports)),
        )

    # -- blocks: ys = [...] or for + append, then jnp.stack(ys) ------------------------------

    def visit_Module(self, node: cst.Module) -> None:
        self._block(node.body, node)

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        scope = self.ctx.current_function
        self._block(node.body, scope.body if isinstance(scope, cst.FunctionDef) else self.ctx.module)

    def _block(self, statements, scope: cst.CSTNode) -> None:
        for index, statement in enumerate(statements):
            if isinstance(statement, cst.For):
                self._for_append(statements, index, statement, scope)
            elif isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1:
                assign = statement.body[0]
                if isinstance(assign, cst.Assign) and len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name):
                    self._assigned_list(statements, index, assign, scope)

    def _joined_only(self, statements, index: int, name: str, scope: cst.CSTNode, own_uses: int) -> list[cst.Call]:
        """The jax.numpy joining calls of the list ``name`` (``jnp.stack(name)``...) in the statements
        after ``index``, when they are its only other uses in ``scope`` (after ``name = jnp.stack(name)``
        the name holds the array, and may be used freely); empty otherwise. ``own_uses``: the uses
        made by the loop or assignment that builds the list."""
        found: list[cst.Call] = []
        names = self.ctx.names

        def is_join(call: cst.BaseExpression) -> bool:
            if not isinstance(call, cst.Call):
                return False
            first = _first_positional(call)
            qualified = names.resolve(call.func) or ""
            return (
                isinstance(first, cst.Name)
                and first.value == name
                and qualified.startswith("jax.numpy.")
                and qualified[len("jax.numpy.") :] in JOINING
            )

        class _Joins(cst.CSTVisitor):
            def visit_Call(self, call: cst.Call) -> None:
                if is_join(call):
                    found.append(call)

        later = list(statements[index + 1 :])
        accounted = own_uses
        for position, statement in enumerate(later):
            walk(statement, _Joins())
            small = statement.body[0] if isinstance(statement, cst.SimpleStatementLine) and len(statement.body) == 1 else None
            if isinstance(small, cst.Assign) and is_join(small.value) and [code(target.target) for target in small.targets] == [name]:
                # ``ys = jnp.stack(ys)``: from here on ``ys`` is the joined array.
                accounted += 1 + sum(_name_count(rest, name) for rest in later[position + 1 :])
                break
        if not found or _name_count(scope, name) != accounted + len(found):
            return []
        return found

    def _assigned_list(self, statements, index: int, assign: cst.Assign, scope: cst.CSTNode) -> None:
        name = assign.targets[0].target.value  # type: ignore[union-attr]
        found = self._per_sample(assign.value)
        if found is None:
            return
        # Used only where it is joined: then an array in its place gives the same results.
        joins = self._joined_only(statements, index, name, scope, own_uses=1)
        if not joins:
            return
        loop, extent = found
        rewrite = batched(loop, self.ctx.names)
        joined_by = code(joins[0].func)
        advice = self._framework_advice(loop)
        if advice is not None:
            self.report(assign.value, f"`{name} = [...]` applies a function once per element of `{code(loop.arrays[0])}` ({extent}) and `{joined_by}({name})` joins the results; {advice}")
            return
        self.report(
            assign.value,
            f"`{name} = [...]` applies a function once per element of `{code(loop.arrays[0])}` ({extent}) and `{joined_by}({name})` "
            f"joins the results; build the array at once: `{name} = {_one_line(code(rewrite.expression))}`",
            fix=Fix(assign.value, rewrite.expression, rewrite.applicability, rewrite.imports),
        )

    def _for_append(self, statements, index: int, loop_node: cst.For, scope: cst.CSTNode) -> None:
        if loop_node.orelse is not None or loop_node.asynchronous is not None or not isinstance(loop_node.body, cst.IndentedBlock):
            return
        body = loop_node.body.body
        if not body or not all(isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 for line in body):
            return
        smalls = [line.body[0] for line in body]  # type: ignore[union-attr]
        append = smalls[-1]
        if not (
            isinstance(append, cst.Expr)
            and isinstance(append.value, cst.Call)
            and isinstance(append.value.func, cst.Attribute)
            and append.value.func.attr.value == "append"
            and isinstance(append.value.func.value, cst.Name)
            and len(append.value.args) == 1
            and append.value.args[0].keyword is None
            and not append.value.args[0].star
        ):
            return
        name = append.value.func.value.value
        value = append.value.args[0].value
        if isinstance(value, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
            return  # joined per sample into one array, but vmapped into a tuple of arrays
        # Each iteration must stand alone: temporaries are assigned before they are read, and
        # nothing assigned in the body is read before its assignment (that would carry state).
        assigned_in_body: set[str] = set()
        steps: list[cst.BaseExpression] = []
        for small in smalls[:-1]:
            if not (isinstance(small, cst.Assign) and all(isinstance(target.target, (cst.Name, cst.Tuple)) for target in small.targets)):
                return
            for target in small.targets:
                assigned_in_body |= names_in(target.target)
            steps.append(small.value)
        available: set[str] = set()
        for small in smalls[:-1]:
            if names_in(small.value) & (assigned_in_body - available):  # type: ignore[union-attr]
                return
            for target in small.targets:  # type: ignore[union-attr]
                available |= names_in(target.target)
        if name in assigned_in_body or name in names_in(value) or any(name in names_in(step) for step in steps):
            return
        # ``out = []`` earlier in this block, and ``out`` used only there, in the append and in the joins.
        if not any(
            isinstance(stmt, cst.SimpleStatementLine)
            and len(stmt.body) == 1
            and isinstance(stmt.body[0], cst.Assign)
            and len(stmt.body[0].targets) == 1
            and code(stmt.body[0].targets[0].target) == name
            and isinstance(stmt.body[0].value, cst.List)
            and not stmt.body[0].value.elements
            for stmt in statements[:index]
        ):
            return
        joins = self._joined_only(statements, index, name, scope, own_uses=2)
        if not joins:
            return
        expression = value if not steps else cst.Tuple([cst.Element(step) for step in [*steps, value]])
        found = self._per_element(loop_node.target, loop_node.iter, expression, joined_value=not steps)
        if found is None:
            return
        loop, extent = found
        joined_by = code(joins[0].func)
        where = f"`for {code(loop_node.target)} in {code(loop_node.iter)}: {name}.append(...)`"
        advice = self._framework_advice(loop)
        if advice is not None:
            self.report(loop_node, f"{where} applies a function once per element of `{code(loop.arrays[0])}` ({extent}) and `{joined_by}({name})` joins the results; {advice}")
            return
        if steps:
            variables = ", ".join(loop.variables)
            arrays = ", ".join(code(array) for array in loop.arrays)
            rewrite = f"move the loop body into `def per_sample({variables}): ...` and use `{name} = jax.vmap(per_sample)({arrays})`"
        else:
            rewrite = f"replace the loop and the list with `{name} = {_one_line(code(batched(loop, self.ctx.names).expression))}`"
        self.report(
            loop_node,
            f"{where} applies a function once per element of `{code(loop.arrays[0])}` ({extent}) and `{joined_by}({name})` "
            f"joins the results; {rewrite}",
        )

    # -- shared checks -------------------------------------------------------------------

    def _per_sample(self, expr: cst.BaseExpression | None) -> tuple[ElementLoop, str] | None:
        """The per-sample loop that builds the list ``expr``: a comprehension or ``list(map(f, xs))``."""
        if isinstance(expr, cst.ListComp):
            comp = expr.for_in
            if comp.inner_for_in is not None or comp.ifs or comp.asynchronous is not None:
                return None
            return self._per_element(comp.target, comp.iter, expr.elt)
        if (
            isinstance(expr, cst.Call)
            and (self.ctx.names.is_builtin(expr.func, "list") or self.ctx.names.is_builtin(expr.func, "tuple"))
            and len(expr.args) == 1
            and isinstance(expr.args[0].value, cst.Call)
            and self.ctx.names.is_builtin(expr.args[0].value.func, "map")
        ):
            return self._mapped(expr.args[0].value)
        return None

    def _mapped(self, call: cst.Call) -> tuple[ElementLoop, str] | None:
        """``map(f, xs, ys)`` read as the loop ``f(x, y) for x, y in zip(xs, ys)``."""
        if len(call.args) < 2 or any(arg.keyword is not None or arg.star for arg in call.args):
            return None
        function = call.args[0].value
        arrays = [arg.value for arg in call.args[1:]]
        variables = [f"_sample{index}" for index in range(len(arrays))]
        taken = names_in(call)
        if any(variable in taken for variable in variables):
            return None
        if isinstance(function, cst.Lambda) and (
            len(function.params.params) != len(arrays) or function.params.star_arg is not cst.MaybeSentinel.DEFAULT or function.params.kwonly_params
        ):
            return None
        body = cst.Call(func=function, args=[cst.Arg(cst.Name(variable)) for variable in variables])
        iterable = arrays[0] if len(arrays) == 1 else cst.Call(func=cst.Name("zip"), args=[cst.Arg(array) for array in arrays])
        target = cst.Name(variables[0]) if len(arrays) == 1 else cst.Tuple([cst.Element(cst.Name(variable)) for variable in variables])
        if isinstance(function, cst.Lambda):
            # Judge the lambda's own body, with its parameters as the loop variables.
            inner = [param.name.value for param in function.params.params]
            judged = self._per_element(
                cst.Name(inner[0]) if len(inner) == 1 else cst.Tuple([cst.Element(cst.Name(name)) for name in inner]),
                iterable,
                function.body,
            )
            if judged is None:
                return None
            return ElementLoop(tuple(variables), tuple(arrays), body), judged[1]
        return self._per_element(target, iterable, body)

    def _per_element(
        self, target: cst.BaseExpression, iterable: cst.BaseExpression, body: cst.BaseExpression, joined_value: bool = True
    ) -> tuple[ElementLoop, str] | None:
        """The loop read as a per-sample map, with the reason it is data-sized; None when it is not one.

        ``joined_value``: ``body`` is the value joined per sample (not a stand-in for a loop body's statements)."""
        ctx = self.ctx
        function = ctx.current_function
        loop = element_loop(target, iterable, body)
        if loop is None or in_test_code(ctx.path, ctx.scope_stack):
            return None
        if joined_value and isinstance(loop.body, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
            return None  # joined per sample into one array, but vmapped into a tuple of arrays
        if not self._applies_function(loop):
            return None
        extent = ctx.loops.of_iterable(iterable, function)
        if not extent.is_data or not all(ctx.loops.of_iterable(array, function).is_data for array in loop.arrays):
            return None  # ``range(len(xs))`` over a list: jax.vmap would map a list's leaves instead
        if ctx.gradient.level(function) < Level.TRACED and not calls_jax(loop.body, ctx.names, ctx.local_functions(function)):
            return None  # host-side code: only report jax work
        return loop, extent.reason

    def _applies_function(self, loop: ElementLoop) -> bool:
        """True when the body applies one function to the sample: not indexing or converting it, not
        calling the sample itself, not building a new module per sample, not a gradient (GA102)."""
        variables = set(loop.variables)
        names = self.ctx.names
        applies = False
        blocked = False
        ctx = self.ctx

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, call: cst.Call) -> None:
                nonlocal applies, blocked
                func = call.func
                if isinstance(func, cst.Name) and func.value in variables or isinstance(func, cst.Subscript) and names_in(func) & variables:
                    blocked = True  # the sample is the function: layers, heads, a list of callables
                    return
                if isinstance(func, cst.Call) and (names.resolve(func.func) or "").startswith(MODULE_LIBRARIES):
                    blocked = True  # a new module (new parameters) for every sample
                    return
                uses_sample = any(names_in(arg.value) & variables for arg in call.args)
                if uses_sample and gradient_callee(call, ctx) is not None:
                    blocked = True  # per-example gradients: GA102
                    return
                if (uses_sample and isinstance(func, cst.Name) and func.value in HOST_CONVERSIONS and names.is_builtin(func, func.value)) or (
                    isinstance(func, cst.Attribute) and func.attr.value in HOST_METHODS and names_in(func.value) & variables
                ):
                    blocked = True  # float(model(x)), loss(x).item(): host-side values per sample
                    return
                if isinstance(func, cst.Attribute) and names_in(func.value) & variables:
                    applies = applies or func.attr.value not in INSPECTING_METHODS
                elif any(names_in(arg.value) & variables for arg in call.args):
                    applies = applies or not (isinstance(func, cst.Name) and names.is_builtin(func, func.value) and func.value in INSPECTING_BUILTINS)

        walk(loop.body, _Calls())
        if blocked:
            return False
        if applies:
            return True
        return len(loop.variables) == 1 and elementwise_in(loop.body, loop.variables[0], names) is not None

    def _framework_advice(self, loop: ElementLoop) -> str | None:
        """For a body calling modules inside flax.linen or haiku code, the lifted vmap to use instead."""
        names = self.ctx.names
        klass = self.ctx.current_class
        framework = None
        if klass is not None:
            for base in klass.bases:
                qualified = names.resolve(base.value) or ""
                for prefix in LIFTED_VMAP:
                    if qualified.startswith(prefix + "."):
                        framework = prefix
        if framework is None and names.imports_module("haiku"):
            framework = "haiku"
        if framework is None:
            return None
        variables = set(loop.variables)
        only_jax = True

        class _Calls(cst.CSTVisitor):
            def visit_Call(self, call: cst.Call) -> None:
                nonlocal only_jax
                qualified = names.resolve(call.func) or ""
                if qualified.startswith("jax.") or isinstance(call.func, cst.Attribute) and names_in(call.func.value) & variables:
                    return
                only_jax = False

        walk(loop.body, _Calls())
        if only_jax:
            return None
        return (
            f"inside {framework} code `jax.vmap` cannot map calls that create or read module parameters: "
            f"use `{LIFTED_VMAP[framework]}`, or pass the whole batch if the module accepts one"
        )


def _spelled(text: str, module: str, functions: set[str] | frozenset[str]) -> str | None:
    """A regex for calls of ``module``'s ``functions`` as this file can spell them
    (``jnp.stack``, ``jax.numpy.stack``, a bare ``stack`` imported from it), or None."""
    spellings = module_spellings(text, module)
    names = "|".join(sorted(functions))
    alternatives = [rf"(?<![\w.]){re.escape(spelling)}\s*\.\s*(?:{names})\b" for spelling in sorted(spellings)]
    imported = imported_names(text, module)
    direct = set(functions) if "*" in imported else set(functions) & imported
    alternatives += [rf"(?<![\w.]){name}\b" for name in sorted(direct)]
    return "(?:" + "|".join(alternatives) + ")" if alternatives else None
