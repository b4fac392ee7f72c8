"""GA401 large-captured-constant: jitted code reads a large array it does not receive.

The query: the captures of each function that may be large arrays (``analysis/captured_arrays.py``,
sizes from ``analysis/captured_size.py``), and table-sized products indexed under a gradient
(``analysis/dense_slice.py``); phase 2 keeps those a jit (or a gradient) reaches.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from gradadvisor.analysis.captured_arrays import FileCaptures, merge_captures
from gradadvisor.analysis.captured_size import project_size
from gradadvisor.analysis.dense_slice import DenseSlice, dense_slices
from gradadvisor.analysis.gradient import COMPILING, TRANSFORM_LEVELS, Level
from gradadvisor.analysis.names import canonical
from gradadvisor.analysis.syntax import one_line
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, make_finding

ADVICE = "pass it as an argument (not a differentiated one)"


class LargeCapturedConstant(Rule):
    """
    ## What it does
    Finds jitted code (a function that `jax.jit`, `pmap` or `eqx.filter_jit` reaches, in this
    file or through another module) that reads a large array it does not receive as an
    argument, and reports it in two forms:

    - **Captured constant.** The array is a module-level name (`TABLE = jnp.asarray(np.load(...))`,
      also one imported from another scanned module), a local of an enclosing factory that is
      not itself traced (`def make_step(path): X = np.loadtxt(path); @jax.jit def step(w): ... X ...`),
      or `self.<attr>` read through a `self` that jit does not trace (a method jitted with
      `static_argnums=0`, or `jax.jit(self.method)`).
    - **Dense gradient of a slice.** Inside a differentiated function, a large array is combined
      elementwise with the differentiated argument and then indexed, `(table * scale)[index]`:
      only a slice is used, but the backward pass works on the whole table.

    Sizes are in bytes, from the code: shapes and dtypes of creation calls
    (`np.zeros((1000, 64))`, `rng.normal(size=(100, 3))`, `hermegauss(21)`,
    `[0] * (N // 2) + [1] * (N // 2)`, concatenations), or "data" when the array is loaded
    from outside (a file, a dataset, a data frame), or comes from a factory parameter that
    callers pass such data to. A factory parameter no caller shows, named as the data's rows
    (`samples`, `inputs`, `X`; not `x`, often a state, nor a count such as `num_samples`), may
    be data: low, since only its name says so (a size shown at a call site makes it more).

    ## Why it is slow for gradients
    `jax.jit` turns every concrete array a traced function closes over into a constant of the
    compiled program: its bytes are written into the program text, and compile time, program
    size and compile-time memory grow with them. Measured with `jit(grad(f))` capturing a
    float32 array against passing it as an argument, on one H100 (jax 0.11.2): 0.18 s vs 0.09 s
    to compile at 65,536 elements, 0.78 vs 0.34 s at 1e6 (4 MB), 1.65 vs 0.23 s at 1e7, 7.9 vs
    0.29 s at 1e8 (800 MB of program text); on a 2-core CPU (jax 0.10.2,
    `benchmarks/capture_cost.py`): nothing measurable below 1e6 elements, +0.1 s from about
    4 MB of a 1-byte dtype (16 MB of float32), +4.2 s and 2.3 GB more peak memory at 400 MB.
    JAX issues report out-of-memory failures and compiler crashes on captures of 1 GiB and more (#16278,
    #17222) and minutes of constant folding (#14655, #21300). The constant is also fixed at
    trace time: rebinding the global later is silently ignored by the compiled function.
    Hence the threshold, `CAPTURED_CONSTANT_BYTES` = 4 MB (4,000,000 bytes, `analysis/captures.py`,
    shared with `gradadvisor trace`): where the cost starts to matter on the GPU (a float32 array
    of 1e6 elements, +0.44 s there), and the largest byte count that catches every CPU case at
    its +0.1 s point (1-byte dtypes there cost +0.1 s from about 4.2 MB).

    Without a jit nothing is compiled as a whole: under an eager `grad` or `vmap` a captured
    array costs what an argument costs, and only the dense-gradient form applies. There the
    backward pass of `(table * scale)[index]` scatters the cotangent into a table-sized array of
    zeros and multiplies it by the whole table to get the gradient of `scale`: it grows with the
    table while the forward (fused under jit) does not.

    ## Example
    ```python
    TABLE = jnp.asarray(np.load("embeddings.npy"))

    @jax.jit
    def loss(w, idx):
        return jnp.sum((TABLE[idx] @ w) ** 2)

    def lookup(scale, table, index):           # differentiated with respect to scale
        return jnp.tanh((table * scale)[index])
    ```

    ## Use instead
    ```python
    @jax.jit
    def loss(w, idx, table):
        return jnp.sum((table[idx] @ w) ** 2)

    grads = jax.grad(loss)(w, idx, TABLE)      # argnums=0: no gradient for the table

    def lookup(scale, table, index):
        return jnp.tanh(table[index] * scale)  # index first
    ```

    ## Fix safety
    No automatic fix: passing the array as an argument changes the function's signature (and
    every caller), and which argument to add is a decision about the program's interface.

    ## Confirm with trace
    Confirm a finding from the program JAX builds: `gradadvisor trace FILE` on a bench file (or
    `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`); the finding then shows as
    *confirmed* under "Scan findings vs trace". `captured-constant` on the line that reads the array, with the bytes embedded in the program
    (`const_bytes`), from the same 4 MB threshold; the dense-table form shows as
    `dense-table-gradient`.

    The same holds for an array bound with `functools.partial` into the function `jax.jit`
    compiles (`jax.jit(functools.partial(loss, table))`): the bound arguments are constants.
    Data of a size the code does not show, bound so, is medium only where a gradient transform
    wraps it there (`jax.jit(jax.grad(partial(loss, table)))`); compiled once and never
    differentiated it may well be small, and is low. A closure that never leaves the function
    holding what it captures (only called or handed to calls there) is compiled with it only
    by a jit that starts inside that function (`Project.compiled_within`).

    ## When not to apply
    Not reported: arrays under 4 MB (literal tables of coefficients, `jnp.eye(3)`,
    `jnp.arange(N)` with `N = 64`, quadrature nodes, PRNG keys); scalars (`jnp.float32(3)`,
    `jnp.bool_(True)`, `jnp.array(0.5)`); functions, optimizers, modules, dtypes and configs;
    reads of only `x.shape`, `x.dtype`, `len(x)`, `range(x)` (a count) or `jnp.zeros_like(x)`; arrays built inside an
    enclosing function that is itself traced (they are tracers, not constants); attributes of
    equinox, flax, haiku and registered-pytree classes, and of classes whose methods `@jax.jit`
    traces `self` (they are inputs; a jitted static method takes no `self`); code no jit reaches (eager `grad`/`vmap`, a `lax.scan` body
    not under jit); and test code. An array whose size the code does not show and that is not
    bound to data is reported only at `low` confidence (`--min-confidence low`).
    """

    code = "GA401"
    name = "large-captured-constant"
    summary = "jitted code closes over a large array: jit embeds it as a constant; pass it as an argument"
    expression_trigger = re.compile(r"\blambda\b|\bpartial\s*\(")  # visit_Lambda; jit(partial(f, table))
    trigger = re.compile(r"\b(?:def|lambda)\b|\bpartial\s*\(")

    VALID = (
        # A small array bound with partial: a few bytes of constant.
        Valid("import functools\nimport jax\nimport jax.numpy as jnp\n\nW = jnp.ones((3, 3))\n\ndef f(w, x):\n    return w @ x\n\ng = jax.jit(functools.partial(f, W))\n"),
        # The same factory over a small sparse matrix: 8 kB of indices.
        Valid("import jax\nimport jax.numpy as jnp\nfrom jax.experimental import sparse\n\nn = 1000\n\ndef build_operator():\n    nonzeroes = sparse.eye(n).indices\n    def product(other):\n        return jnp.take(other, nonzeroes[:, 0])\n    return product\n\noperator = build_operator()\n\ndef fn(x):\n    return operator(jnp.ones(n) / x).sum()\n\njax.jit(fn)(1.0)\n"),
        # A literal table of a few numbers.
        Valid("import jax\nimport jax.numpy as jnp\n\n_COEFFS = jnp.array([1.0, 0.5, 0.25])\n\n@jax.jit\ndef f(x):\n    return jnp.polyval(_COEFFS, x)\n"),
        # Small literal shapes and PRNG keys.
        Valid("import jax\nimport jax.numpy as jnp\n\nI3 = jnp.eye(3)\nKEY = jax.random.PRNGKey(0)\nN = 64\nGRID = jnp.arange(N)\n\n@jax.jit\ndef f(x):\n    return I3 @ x + GRID[:3] + jax.random.normal(KEY)\n"),
        # Passed as an argument.
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nTABLE = jnp.asarray(np.load('t.npy'))\n\n@jax.jit\ndef f(table, i):\n    return table[i]\n\nf(TABLE, 0)\n"),
        # Only the shape is read.
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nDATA = np.load('d.npy')\n\n@jax.jit\ndef f(x):\n    return jnp.zeros(DATA.shape[1]) + x\n"),
        # Not traced.
        Valid("import jax.numpy as jnp\nimport numpy as np\n\nDATA = jnp.asarray(np.load('d.npy'))\n\ndef f(x):\n    return DATA @ x\n"),
        # Differentiated but not compiled: nothing is embedded.
        Valid("import jax\nimport jax.numpy as jnp\n\nX = jnp.zeros((10000, 1000))\n\ndef loss(w):\n    return jnp.sum(X @ w)\n\ng = jax.grad(loss)\n"),
        # The enclosing function is traced: the array is a tracer, not a constant.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, n):\n    w = jnp.ones((x.shape[0], 100))\n    def body(c, i):\n        return c + w[i], None\n    return jax.lax.scan(body, x, jnp.arange(10))\n"),
        # A local variable with the same name shadows the module's.
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nX = np.load('x.npy')\n\n@jax.jit\ndef f(w):\n    X = jnp.ones(3)\n    return X @ w\n"),
        # `@jax.jit` on a method traces `self`: the class is a pytree registered elsewhere.
        Valid("import jax\nimport jax.numpy as jnp\n\nclass GP:\n    def __init__(self, x):\n        self.x = jnp.asarray(x)\n    @jax.jit\n    def predict(self, q):\n        return self.x @ q\n"),
        # Another module's constant that the scan does not include: its size cannot be told.
        Valid("import jax\nimport jax.numpy as jnp\nfrom .tables import WEIGHTS\n\n_W = jnp.asarray(WEIGHTS)\n\n@jax.jit\ndef f(x):\n    return x @ _W\n"),
        # Equinox module fields are leaves jit receives, not constants.
        Valid("import jax\nimport equinox as eqx\n\nclass Linear(eqx.Module):\n    weight: jax.Array\n    def __init__(self, key):\n        self.weight = jax.random.normal(key, (1000, 1000))\n    @eqx.filter_jit\n    def __call__(self, x):\n        return self.weight @ x\n"),
        # Scalars are not arrays.
        Valid("import jax\nimport jax.numpy as jnp\n\nTRUE = jnp.bool_(True)\nTHREE = jnp.int32(3)\nHALF = jnp.array(0.5)\nEPS = jnp.float32(1e-6)\n\n@jax.jit\ndef f(x):\n    return jnp.where(TRUE, x * THREE * HALF, EPS)\n"),
        # A bool table: 1 byte per element, 1,000,000 elements = 1 MB, under the threshold.
        Valid("import jax\nimport jax.numpy as jnp\n\nMASK = jnp.zeros((1000, 1000), dtype=jnp.bool_)\n\n@jax.jit\ndef f(x):\n    return jnp.where(MASK, x, 0.0)\n"),
        # Literal-sized small arrays: 128 entries.
        Valid("import jax\nimport jax.numpy as jnp\n\nN = 128\nLABELS = jnp.array([0] * (N // 2) + [1] * (N // 2))\n\n@jax.jit\ndef f(x):\n    return x[LABELS]\n"),
        # Unknown size, not data: only at low confidence.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef make(table):\n    t = jnp.asarray(table)\n    return jax.jit(lambda i: t[i])\n"),
        # Test code.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef test_lookup():\n    xs = jnp.zeros((3_000_000, 300))\n    fn = jax.jit(lambda ix: xs[ix])\n    fn(jnp.array([1, 2]))\n"),
        # The dense-gradient form needs a differentiated function; indexing first is fine.
        Valid("import jax\nimport jax.numpy as jnp\n\ndef f(scale, table, index):\n    return jnp.sum((table * scale)[index])\n\ng = jax.jit(f)\n"),
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nTABLE = np.load('t.npy')\n\ndef f(scale, index):\n    return jnp.sum(TABLE[index] * scale)\n\ng = jax.grad(f)\n"),
        # An index array of unknown length may pick every row.
        Valid("import jax\nimport jax.numpy as jnp\n\nTABLE = jnp.zeros((100_000, 64))\n\ndef f(scale, key):\n    perm = jax.random.permutation(key, 100_000)\n    return jnp.sum((TABLE * scale)[perm])\n\ng = jax.grad(f)\n"),
    )
    INVALID = (
        # A large array bound with functools.partial into the function jit compiles.
        Invalid(
            "import functools\nimport jax\nimport jax.numpy as jnp\n\nTABLE = jnp.ones((2000, 1000))\n\n"
            "def loss(table, idx):\n    return jnp.sum(table[idx])\n\nstep = jax.jit(functools.partial(loss, TABLE))\n",
            message_contains="binds `TABLE`",
        ),
        # A factory's closure, stored at module level and called from a jitted function
        # (jax-ml/jax#14655: a minute of constant folding).
        Invalid(
            "import jax\nimport jax.numpy as jnp\nfrom jax.experimental import sparse\n\nn = 10_000_000\n\ndef build_operator():\n    nonzeroes = sparse.eye(n).indices\n    def product(other):\n        return jnp.take(other, nonzeroes[:, 0])\n    return product\n\noperator = build_operator()\n\ndef fn(x):\n    return operator(jnp.ones(n) / x).sum()\n\njax.jit(fn)(1.0)\n",
            message_contains="80 MB: (10,000,000, 2) int32",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nTABLE = jnp.asarray(np.load('table.npy'))\n\n@jax.jit\ndef loss(w, idx):\n    return jnp.sum((TABLE[idx] @ w) ** 2)\n",
            message_contains="pass it as an argument",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nX = jax.random.normal(jax.random.PRNGKey(0), (10000, 640))\n\ndef loss(w):\n    return jnp.mean((X @ w) ** 2)\n\ngrad = jax.jit(jax.grad(loss))\n",
            message_contains="25.6 MB",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef make_loss(path):\n    X = jnp.asarray(np.load(path))\n    @jax.jit\n    def loss(w):\n        return jnp.mean((X @ w) ** 2) + jnp.sum(X)\n    return loss\n",
            message_contains="enclosing `make_loss`",
        ),
        # A factory's parameter: callers pass data.
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef make_loss(data):\n    X = jnp.asarray(data)\n    @jax.jit\n    def loss(w):\n        return jnp.mean((X @ w) ** 2)\n    return loss\n\nloss = make_loss(np.load('x.npy'))\n",
            message_contains="`X`",
        ),
        Invalid(
            "from functools import partial\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n\nclass Model:\n    def __init__(self, path):\n        self.table = jnp.asarray(np.load(path))\n\n    @partial(jax.jit, static_argnums=0)\n    def apply(self, i):\n        return self.table[i]\n",
            message_contains="`self.table`",
        ),
        Invalid(
            "import functools\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n\nclass GP:\n    def __init__(self, x):\n        self.x = jnp.asarray(x)\n\n    @functools.partial(jax.jit, static_argnums=(0,))\n    def predict(self, q):\n        return self._kernel(q)\n\n    def _kernel(self, q):\n        return jnp.exp(-(self.x @ q))\n\ngp = GP(np.load('x.npy'))\n",
            message_contains="`self.x`",
        ),
        Invalid(
            "import jax\nfrom jax import numpy as jnp\nimport numpy as onp\n\nN = 10_000_000\nGRID = onp.linspace(0.0, 1.0, N)\nf = jax.jit(lambda a: jnp.sum(jnp.sin(a * GRID)))\n",
            message_contains="40 MB",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nX = np.load('x.npy')\nX = jnp.asarray(X)\n\n@jax.jit\ndef f(w):\n    return X @ w + X.sum()\n\n@jax.jit\ndef g(w):\n    return X.T @ w\n",
            count=2,
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef loss(w):\n    return jnp.mean((inputs @ w) ** 2)\n\nif __name__ == '__main__':\n    inputs = np.random.randn(20_000, 160)\n    print(jax.jit(jax.grad(loss))(jnp.zeros(160)))\n",
            message_contains="12.8 MB",
        ),
        # The dense-gradient form, with the table a large module-level array.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nTABLE = jnp.zeros((100_000, 64))\n\ndef f(scale, index):\n    return jnp.sum(jnp.tanh((TABLE * scale)[index]))\n\ng = jax.grad(f)\n",
            message_contains="index first: `TABLE[index] * scale`",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._captures = FileCaptures(ctx.facts, ctx.source, ctx.resolve)
        #: Bindings of named products already reported (``scaled = table * scale``).
        self._dense_seen: set[int] = set()

    def enters(self, node: ast.AST) -> bool:
        """Only functions that may read a module-level array, define closures, or are methods
        of a class that compiles (``FileCaptures.worth_entering``)."""
        return self._captures.worth_entering(node, self.ctx.scopes)

    def visit_FunctionDef(self, node: ast.AST) -> None:
        ctx = self.ctx
        captures = self._captures
        own, found = captures.captures(node, ctx.scope, ctx.scopes, ctx.keys)
        for read, data in merge_captures(found):
            self._candidate(read, data)
        if any(isinstance(item, ast.ClassDef) for item in ctx.scopes):
            for read, data in captures.attribute_captures(node, ctx.scope, ctx.scopes, ctx.keys):
                self._candidate(read, data)
        if own or captures.bench_file:
            # The table of a dense form is a captured array (or, in a bench file, a parameter).
            for dense in dense_slices(node, ctx.scope, ctx.facts, self._dense_seen):
                self._dense(dense)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef

    def visit_Call(self, node: ast.Call) -> None:
        """``jax.jit(functools.partial(loss, table))``: the arguments ``partial`` binds are
        constants of the compiled program, as a closure's captures are."""
        ctx = self.ctx
        if canonical(ctx.resolve(node.func)) not in COMPILING or not node.args:
            return
        inner = node.args[0]
        differentiated = False
        while isinstance(inner, ast.Call) and inner.args and canonical(ctx.resolve(inner.func)) in TRANSFORM_LEVELS:
            differentiated |= TRANSFORM_LEVELS[canonical(ctx.resolve(inner.func))] >= Level.DIFFERENTIATED
            inner = inner.args[0]  # jax.jit(jax.grad(partial(loss, table))): the same constant
        if not (isinstance(inner, ast.Call) and (ctx.resolve(inner.func) or "") == "functools.partial" and inner.args):
            return
        for bound in [*inner.args[1:], *(item.value for item in inner.keywords if item.arg)]:
            if not isinstance(bound, (ast.Name, ast.Call)):
                continue
            value = ctx.value(bound)
            if isinstance(bound, ast.Name):
                bindings = ctx.facts.bindings_at(bound.id, ctx.scope, ctx.statement) if ctx.scope.binds(bound.id) else ctx.facts.module_scope.bindings.get(bound.id, [])
            else:  # ``partial(f, table=np.load(path))``: the array made right there
                bindings = []
            size = self._captures.sizes.judge(value, [b for b in bindings if b.kind != "param"], ctx.scope)
            if not size or not (size.get("nbytes") or size.get("data")):
                continue
            shown = f"a {size['shape']} array" if size.get("shape") else "an array of the data"
            evidence = [item for item in (size.get("evidence"),) if item]
            message = (
                f"`{one_line(ctx.code(inner), 50)}` binds `{one_line(ctx.code(bound), 30)}`, {shown}, into the function "
                f"`{one_line(ctx.code(node.func), 20)}` compiles: jit embeds it in the program as a constant, so compile time, "
                f"program size and memory grow with it; pass it as an argument of the jitted function instead"
            )
            # the jit is this very call (``need="here"``): in a driver that compiles its own step, too
            self.report(bound, message, size="proven" if size.get("nbytes") else "likely", work="jax", need="here",
                        evidence=[*evidence, f"`{one_line(ctx.code(node), 60)}` compiles it at line {node.lineno}"],
                        data={"kind": "partial", "differentiated": differentiated})

    def _candidate(self, read: ast.AST, data: dict) -> None:
        data.setdefault("x64", self._captures.x64)
        self.report(read, "", size="none", work="jax", need="compiled", require_trace=True, data=data)

    def _dense(self, dense: DenseSlice) -> None:
        """``(table * scale)[index]`` with a table that may be large: message and advice."""
        ctx = self.ctx
        node, product, table, at = dense.node, dense.product, dense.table, dense.at
        value = at.value(ctx.facts, table)
        other_value = at.value(ctx.facts, dense.other)
        size = self._captures.sizes.table_size(table, value, at.scope, at.statement, at.function)
        if size is None:
            return
        index = ctx.code(node.slice)
        operator = ctx.code(product)[len(ctx.code(product.left)) : len(ctx.code(product)) - len(ctx.code(product.right))].strip() or "*"
        if other_value.is_array and other_value.rank is not None and value.rank is not None and other_value.rank >= value.rank:
            advice = "index every operand first"
        else:
            left = f"{table.id}[{index}]" if product.left is table else ctx.code(product.left)
            right = f"{table.id}[{index}]" if product.right is table else ctx.code(product.right)
            advice = f"index first: `{one_line(f'{left} {operator} {right}', 60)}`"
        named = dense.named
        shown = f"`{one_line(ctx.code(node), 50)}`" if named is None else f"`{named} = {one_line(ctx.code(product), 40)}` then `{one_line(ctx.code(node), 30)}`"
        message = (
            f"{shown} computes on all of `{table.id}` to use a slice: the gradient for `{dense.differentiated}` pays for the whole "
            f"array (its backward scatters into zeros the size of `{table.id}`); {advice}"
        )
        data = {"kind": "dense", "name": table.id, "also": [], "x64": self._captures.x64, **size}
        if data.get("param"):
            data["function"] = getattr(at.function, "name", "")
        self.report(node, message, size="none", work="jax", need="differentiated", require_trace=True, data=data)

    # -- phase 2 -----------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        data = candidate.data
        if data.get("kind") == "dense":
            return _finalize_dense(cls, candidate, project)
        if data.get("kind") == "partial":  # the jit is at the call: compiled
            # data of a size the code does not show is medium only where a gradient is taken
            # through it too; compiled once and never differentiated, it may well be small
            level = "high" if candidate.size == "proven" else "medium" if data.get("differentiated") else "low"
            return make_finding(cls, candidate, level, candidate.evidence, None)
        compiled = project.compiled_key(candidate.path, candidate.scopes)
        if compiled is None:
            return None  # no jit reaches it: nothing is embedded
        if any((candidate.path, key) in project.compiled for key in data.get("also", ())):
            return None  # an enclosing jitted function reads it too: reported there
        owner = data.get("owner")
        if owner is not None and project.level(candidate.path, (owner,))[0] >= Level.TRACED:
            return None  # built under a trace: a tracer, not a constant
        if data.get("kept") and not project.compiled_within(compiled, (candidate.path, owner)):
            return None  # the jit starts outside the function holding the value: nothing of it is embedded
        size = project_size(data, candidate.path, candidate.scopes, project)
        if size is None:
            return None
        proof, size_text, evidence = size
        confidence = {"proven": "high", "likely": "medium"}.get(proof, "low")
        function = project.name_of((candidate.path, candidate.scopes[0])) if candidate.scopes else "a function"
        function = f"the jitted {function[4:]}" if function.startswith("the ") else f"jitted {function}"
        name = "`, `".join([data["name"], *data.get("together", ())])
        it = "them" if data.get("together") else "it"
        message = (
            f"`{name}` ({data['where']}, {size_text}) {'are' if data.get('together') else 'is'} captured by {function}: jit embeds {it} in the compiled program "
            f"as {'constants' if data.get('together') else 'a constant'}, so compile time, program size and memory grow with {it}; "
            f"{'pass them as arguments (not differentiated ones)' if data.get('together') else ADVICE}"
        )
        explanation = project.explain_compiled(compiled, candidate.path)
        items = [*evidence, explanation or ""]
        if proof not in ("proven", "likely"):
            items.append("the code does not show this array's size, nor that it holds data: it may be small")
        return make_finding(cls, replace(candidate, message=message), confidence, items, explanation)


def _finalize_dense(rule: type[Rule], candidate: Candidate, project) -> Finding | None:
    level, key = project.level(candidate.path, candidate.scopes)
    if level < Level.DIFFERENTIATED:
        return None
    data = candidate.data
    summary = project.files.get(candidate.path)
    evidence: list[str]
    if data.get("param") and summary is not None and summary.bench_file and data.get("function") in ("baseline", "candidate"):
        proof, evidence = "likely", [f"`{data['param']}` is built by `inputs()` at each of the benchmark's sizes"]
    else:
        size = project_size(data, candidate.path, candidate.scopes, project)
        if size is None:
            return None
        proof, _, evidence = size
    explanation = project.explain(key, candidate.path) if key is not None else None
    confidence = {"proven": "high", "likely": "medium"}.get(proof, "low")
    items = [*evidence, "the first argument is the one `jax.grad` differentiates by default", explanation or ""]
    return make_finding(rule, candidate, confidence, items, explanation)
