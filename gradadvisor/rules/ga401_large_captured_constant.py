"""GA401 large-captured-constant: jitted code reads a large array it does not receive."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from typing import Iterator

from gradadvisor.analysis import values as v
from gradadvisor.analysis.captures import (
    CAPTURED_CONSTANT_BYTES,
    WIDE_DTYPES,
    attribute_reads,
    captured_bytes,
    first_param,
    free_reads,
    human_bytes,
    is_pytree_class,
    is_static_or_class_method,
    self_attributes,
    uses_x64,
)
from gradadvisor.analysis.facts import Binding, Position, Scope
from gradadvisor.analysis.gradient import Level
from gradadvisor.analysis.summary import BENCH_FILE_FUNCTIONS, EXTERNAL, function_key
from gradadvisor.analysis.syntax import FUNCTION_NODES, names_read, nested_statements, one_line, own_expressions, walk_local
from gradadvisor.rules.base import Candidate, Finding, Invalid, Rule, Valid, make_finding

#: A class that never names a compiling transform cannot jit a method with a static ``self``.
COMPILING_WORD = re.compile(r"\b(?:jit|pjit|pmap|filter_jit|filter_pmap)\b")
#: An identifier not directly called: ``free_reads`` skips a called name (``helper(x)``), so only
#: these can be captured. (``[ \t]``, not ``\s``: a name at the end of a line is read.)
NOT_CALLED = re.compile(r"[A-Za-z_]\w*+(?![ \t]*\()")
#: Operators whose result has the shape of the larger operand: ``(table * scale)[i]``.
ELEMENTWISE_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.FloorDiv, ast.Mod)
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
    callers pass such data to.

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

    ## When not to apply
    Not reported: arrays under 4 MB (literal tables of coefficients, `jnp.eye(3)`,
    `jnp.arange(N)` with `N = 64`, quadrature nodes, PRNG keys); scalars (`jnp.float32(3)`,
    `jnp.bool_(True)`, `jnp.array(0.5)`); functions, optimizers, modules, dtypes and configs;
    reads of only `x.shape`, `x.dtype`, `len(x)` or `jnp.zeros_like(x)`; arrays built inside an
    enclosing function that is itself traced (they are tracers, not constants); attributes of
    equinox, flax, haiku and registered-pytree classes, and of classes whose methods `@jax.jit`
    traces `self` (they are inputs); code no jit reaches (eager `grad`/`vmap`, a `lax.scan` body
    not under jit); and test code. An array whose size the code does not show and that is not
    bound to data is reported only at `low` confidence (`--min-confidence low`).
    """

    code = "GA401"
    name = "large-captured-constant"
    summary = "jitted code closes over a large array: jit embeds it as a constant; pass it as an argument"
    expression_trigger = re.compile(r"\blambda\b")  # its only expression visit is visit_Lambda
    trigger = re.compile(r"\b(?:def|lambda)\b")

    VALID = (
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
        #: Function node id -> the free names its own code reads.
        self._reads: dict[int, set[str]] = {}
        self._attr_reads: dict[int, set[str]] = {}
        self._classes: dict[int, tuple[bool, dict]] = {}
        self._dense_seen: set[int] = set()
        self._word_sets: dict[int, set[str]] = {}
        self._body_texts: dict[int, str] = {}
        self._compiling: dict[int, bool] = {}
        self._x64, self._module_names, self._module_maybe_array = _file_info(ctx)
        self._bench_file = BENCH_FILE_FUNCTIONS <= ctx.facts.module_scope.bindings.keys()

    # -- captured names ------------------------------------------------------------------------

    def enters(self, node: ast.AST) -> bool:
        """A top-level function is worth entering when its body may read a module-level array,
        defines functions (which may capture its locals), or it is a method of a class that
        compiles (``self.<array>``); anything nested in one that is, is."""
        scopes = self.ctx.scopes
        if self._bench_file or isinstance(node, ast.ClassDef) or any(isinstance(scope, FUNCTION_NODES) for scope in scopes):
            return True
        if scopes and isinstance(scopes[-1], ast.ClassDef) and self._class_compiles(scopes[-1]):
            return True
        # Substring tests first (a name the body's text does not hold is not among its words);
        # the identifier scan only when one of them passes.
        text = self._body_text(node)
        if "def" in text or "lambda" in text or "class" in text:
            return True
        present = [name for name in self._module_names if name in text] if len(self._module_names) <= 64 else self._module_names
        if not present:
            return False
        words = self._words(node)
        return any(self._may_be_array(name) for name in words.intersection(present))

    def _class_compiles(self, klass: ast.ClassDef) -> bool:
        """Whether the class's text names a jit (``self`` is static only under a jit it applies)."""
        known = self._compiling.get(id(klass))
        if known is None:
            known = self._compiling[id(klass)] = COMPILING_WORD.search(self.ctx.source.block(klass)) is not None
        return known

    def visit_FunctionDef(self, node: ast.AST) -> None:
        self._function(node)

    visit_AsyncFunctionDef = visit_FunctionDef
    visit_Lambda = visit_FunctionDef

    def _function(self, node: ast.AST) -> None:
        ctx = self.ctx
        scope = ctx.scope
        words = self._words(node)
        # Only names bound outside this function can be captured: the module's (other than
        # definitions and library imports) and the enclosing functions'.
        wanted = {name for name in words & self._module_names if self._may_be_array(name)}
        outer = scope.parent
        while outer is not None and not outer.is_module:
            wanted.update(words & outer.bindings.keys())
            outer = outer.parent
        own: set[str] = set()
        if wanted:
            reads = {name: read for name, read in free_reads(node).items() if name in wanted}
            own = {name for name in reads if not scope.binds(name)}
            for name, read in reads.items():
                if name in own:
                    self._capture(node, name, read, scope)
        self._reads[id(node)] = own
        if ctx.klass is not None or any(isinstance(item, ast.ClassDef) for item in ctx.scopes):
            self._self_attributes(node, words)
        if own or self._bench_file:
            # The table of a dense form is a captured array (or, in a bench file, a parameter).
            self._dense_forms(node, scope)

    def _words(self, node: ast.AST) -> set[str]:
        """The identifiers not directly called in the body of the outermost function around
        ``node`` (a superset of what ``node`` reads: a prefilter, read once per top-level
        function, not once per nesting level)."""
        outermost = next((scope for scope in self.ctx.scopes if isinstance(scope, FUNCTION_NODES)), node)
        words = self._word_sets.get(id(outermost))
        if words is None:
            words = self._word_sets[id(outermost)] = set(NOT_CALLED.findall(self._body_text(outermost)))
        return words

    def _body_text(self, function: ast.AST) -> str:
        """The text of a function's body (a lambda's expression): decorators and the
        signature's annotations are not read by it. Kept for the outermost function."""
        text = self._body_texts.get(id(function))
        if text is None:
            source = self.ctx.source
            if isinstance(function, ast.Lambda):
                text = source.segment(function.body)
            else:
                text = "".join(source.lines[function.body[0].lineno - 1 : function.end_lineno])
            self._body_texts[id(function)] = text
        return text

    def _may_be_array(self, name: str) -> bool:
        """A module-level name that may hold a large array (a project import may: phase 2 tells)."""
        known = self._module_maybe_array.get(name)
        if known is None:
            module = self.ctx.facts.module_scope
            if all(binding.kind == "import" for binding in module.bindings.get(name, ())):
                known = True
            else:
                value = self.ctx.facts.name_value(name, module, None)
                nbytes = captured_bytes(value, self._x64) if value.kind == v.ARRAY else None
                known = value.kind == v.UNKNOWN or value.kind == v.ARRAY and value.shape != () and (nbytes is None or nbytes >= CAPTURED_CONSTANT_BYTES)
            self._module_maybe_array[name] = known
        return known

    def _enclosing(self) -> list[tuple[ast.AST, str]]:
        """The functions enclosing the one being visited (itself excluded), innermost first, with keys."""
        functions = [scope for scope in self.ctx.scopes if isinstance(scope, FUNCTION_NODES)]
        return list(zip(reversed(functions[:-1]), self.ctx.keys[1:]))

    def _also_read(self, name: str, owner: ast.AST | None) -> list[str]:
        """Keys of enclosing functions (inside ``owner``) whose own code reads ``name`` too: if one of
        them is compiled, the finding belongs there."""
        found = []
        for function, key in self._enclosing():
            if function is owner:
                break
            if name in self._reads.get(id(function), ()):
                found.append(key)
        return found

    def _capture(self, node: ast.AST, name: str, read: ast.Name, scope: Scope) -> None:
        ctx = self.ctx
        outer = scope.parent
        while outer is not None and not outer.is_module:
            if outer.binds(name):
                self._enclosing_capture(node, name, read, outer)
                return
            outer = outer.parent
        module = ctx.facts.module_scope
        if not module.binds(name):
            return
        bindings = module.bindings[name]
        if all(binding.kind == "import" for binding in bindings):
            qualified = str(bindings[-1].value)
            if qualified.split(".")[0] in EXTERNAL:
                return
            data = {"kind": "import", "name": name, "import": name, "also": self._also_read(name, None), "x64": self._x64,
                    "where": f"imported from `{qualified.rpartition('.')[0]}`"}
            self._candidate(read, data)
            return
        if any(binding.kind in ("def", "class", "import") for binding in bindings):
            return
        value = ctx.facts.name_value(name, module, None)
        size = self._judge(value, [b for b in bindings if b.kind != "param"], module)
        if size is None:
            return
        data = {"kind": "module", "name": name, "also": self._also_read(name, None), "where": "module-level", **size}
        self._candidate(read, data)

    def _enclosing_capture(self, node: ast.AST, name: str, read: ast.Name, owner: Scope) -> None:
        ctx = self.ctx
        bindings = owner.bindings.get(name, [])
        if any(binding.kind in ("def", "class", "import") for binding in bindings):
            return
        owner_key = next((key for function, key in self._enclosing() if function is owner.node), None)
        if owner_key is None:
            return
        value = ctx.facts.value(ast.Name(id=name, ctx=ast.Load()), owner, None)
        if value.kind == v.PARAM or name in owner.params and value.kind in (v.ARRAY, v.UNKNOWN):
            if name in owner.packed or value.literal is not None:
                return  # ``*args``; a parameter whose default is a number
            size = {"param": name, "array": value.kind == v.ARRAY, "evidence": f"`{name}` is a parameter of `{getattr(owner.node, 'name', 'lambda')}`"}
        else:
            size = self._judge(value, [b for b in bindings if b.kind != "param"], owner)
        if size is None:
            return
        owner_name = getattr(owner.node, "name", "<lambda>")
        data = {
            "kind": "enclosing", "name": name, "owner": owner_key, "also": self._also_read(name, owner.node),
            "where": f"built in the enclosing `{owner_name}`", **size,
        }
        if data.get("param"):
            data["calls_to"] = owner_name
        self._candidate(read, data)

    def _judge(self, value: v.Value, bindings: list[Binding], scope: Scope) -> dict | None:
        """What the code shows of a captured value's size: ``{"nbytes": N}``, ``{"data": True}``,
        ``{"param": NAME}`` (a parameter of ``scope`` that callers fill), ``{"unknown": True}``; or
        None when it is not an array, a scalar, or small."""
        if value.kind == v.ARRAY:
            if value.shape == () or any(_scalar_constructor(binding, self.ctx) for binding in bindings):
                return None
            nbytes = captured_bytes(value, self._x64)
            evidence = value.evidence[0] if value.evidence else ""
            if nbytes is not None:
                if nbytes < CAPTURED_CONSTANT_BYTES:
                    return None
                return {"nbytes": nbytes, "evidence": evidence, "shape": _shape_text(value, self._x64)}
            if value.data:
                return {"data": True, "evidence": evidence}
            origin = self._origin(value, bindings, scope)
            return origin or {"unknown": True, "evidence": evidence}
        if value.kind == v.UNKNOWN:
            return self._origin(value, bindings, scope)
        return None

    def _origin(self, value: v.Value, bindings: list[Binding], scope: Scope) -> dict | None:
        """Where a value of unknown size comes from: data (``ensure_batched(emissions)`` of a data
        array, a shape ``(X.shape[0], 8)`` of one), or a parameter of ``scope``."""
        ctx = self.ctx
        sources: list[tuple[str, ast.AST | None]] = []
        for binding in bindings:
            if binding.kind not in ("assign", "walrus") or not isinstance(binding.value, ast.expr):
                return None
            sources.extend((name, binding.statement) for name in _operand_names(binding.value))
        if value.kind == v.ARRAY and value.shape is not None:
            for dim in value.shape:
                if isinstance(dim, str) and re.match(r"[A-Za-z_]\w*", dim):
                    sources.append((re.match(r"[A-Za-z_]\w*", dim).group(0), None))  # type: ignore[union-attr]
        for name, statement in sources:
            if name in ("self", "cls"):
                continue
            if name in scope.params and not scope.is_module and name not in scope.packed:
                return {"param": name, "array": value.kind == v.ARRAY, "evidence": f"computed from `{name}`, a parameter of `{getattr(scope.node, 'name', 'lambda')}`"}
            if not scope.binds(name):
                continue
            found = ctx.facts.value(ast.Name(id=name, ctx=ast.Load()), scope, statement)
            if found.kind == v.ARRAY and found.data:
                evidence = found.evidence[0] if found.evidence else f"`{name}` is data"
                return {"data": True, "evidence": f"computed from `{name}`: {evidence}"}
        return None

    def _candidate(self, read: ast.AST, data: dict) -> None:
        data.setdefault("x64", self._x64)
        self.report(read, "", size="none", work="jax", need="compiled", require_trace=True, data=data)

    # -- self.<attr> -----------------------------------------------------------------------------

    def _self_attributes(self, node: ast.AST, words: set[str]) -> None:
        """``self.<attr>`` read in a method (or a function nested in one) of a class that is not a
        pytree, where the class assigns an array to ``self.<attr>``."""
        ctx = self.ctx
        scopes = ctx.scopes
        index = max((i for i, scope in enumerate(scopes) if isinstance(scope, ast.ClassDef)), default=None)
        if index is None or index + 1 >= len(scopes) or not isinstance(scopes[index + 1], (ast.FunctionDef, ast.AsyncFunctionDef)):
            return
        klass, method = scopes[index], scopes[index + 1]
        base = first_param(method)
        if base is None or base not in words or is_static_or_class_method(method):
            return
        if id(klass) not in self._classes and not self._class_compiles(klass):
            # ``self`` is static only under a jit the class applies (a decorator, ``jax.jit(self.f)``).
            self._classes[id(klass)] = (True, {})
            return
        # Between the method and this function, nothing may rebind ``self``.
        scope: Scope | None = ctx.scope
        while scope is not None and scope.node is not method:
            if scope.binds(base):
                return
            scope = scope.parent
        if scope is None:
            return
        pytree, attributes = self._class_info(klass, scope)
        if pytree or not attributes:
            return
        chain = [(node, ctx.keys[0]), *self._enclosing()]
        method_key = next(key for function, key in chain if function is method)
        prefix = method_key.rpartition(":")[0].rpartition(".")[0]
        reads = attribute_reads(node, base)
        self._attr_reads[id(node)] = set(reads)
        for attr, read in reads.items():
            found = attributes.get(attr)
            if found is None:
                continue
            setter, size = found
            also = []
            for function, key in chain[1:]:
                if attr in self._attr_reads.get(id(function), ()):
                    also.append(key)
                if function is method:
                    break
            data = {
                "kind": "attribute", "name": f"{base}.{attr}", "owner": function_key(setter, f"{prefix}.{setter.name}" if prefix else setter.name),
                "also": also, "where": f"set in `{setter.name}`", "x64": self._x64, **size,
            }
            if data.get("param"):
                if setter.name != "__init__":
                    if not data.get("array"):
                        continue  # a parameter of another method: nothing shows an array
                    data.pop("param")
                    data["unknown"] = True
                else:
                    data["calls_to"] = klass.name
            self._candidate(read, data)

    def _class_info(self, klass: ast.ClassDef, method_scope: Scope) -> tuple[bool, dict]:
        """(is it a pytree, ``attr -> (setter, size)`` for its array attributes)."""
        cached = self._classes.get(id(klass))
        if cached is not None:
            return cached
        ctx = self.ctx
        pytree = is_pytree_class(klass, ctx.resolve)
        arrays: dict[str, tuple[ast.FunctionDef, dict]] = {}
        if not pytree:
            outer = method_scope.parent
            for attr, assignments in self_attributes(klass).items():
                judged: list[tuple[ast.FunctionDef, dict]] = []
                for setter, statement, value_expr in assignments:
                    scope = ctx.facts.scope(setter, outer)
                    value = ctx.facts.value(value_expr, scope, statement)
                    pseudo = Binding(attr, "assign", Position(-1, ()), statement, value_expr)
                    size = None
                    if value.kind == v.PARAM and isinstance(value_expr, ast.Name) and value_expr.id in scope.params:
                        if value.literal is not None or value_expr.id in scope.packed:
                            continue  # ``self.ridge = ridge`` with ``ridge=1e-3``: a number
                        size = {"param": value_expr.id, "array": False, "evidence": f"`{value_expr.id}` is a parameter of `{setter.name}`"}
                    else:
                        size = self._judge(value, [pseudo], scope)
                    if size is not None:
                        judged.append((setter, size))
                if judged and len(judged) == len(assignments):
                    arrays[attr] = judged[0]
        result = (pytree, arrays)
        self._classes[id(klass)] = result
        return result

    # -- the dense-gradient form -------------------------------------------------------------------

    def _dense_forms(self, function: ast.AST, scope: Scope) -> None:
        """``(TABLE * scale)[index]`` in ``function``'s own code (its first argument is the one
        a gradient would be taken for)."""
        differentiated = _first_argument(function)
        if differentiated is None:
            return
        for statement, node in _subscripts_with_statements(function):
            if isinstance(node.ctx, ast.Load) and isinstance(node.value, (ast.Name, ast.BinOp)) and _narrow_index(node.slice):
                self._dense_form(node, _At(function, scope, statement), differentiated)

    def _dense_form(self, node: ast.Subscript, at: "_At", differentiated: str) -> None:
        ctx = self.ctx
        product = node.value
        named: str | None = None
        if isinstance(product, ast.Name):
            named = product.id
            reaching = ctx.facts.bindings_at(named, at.scope, at.statement) if at.scope.binds(named) else []
            if len(reaching) != 1 or reaching[0].kind != "assign" or reaching[0].path or not isinstance(reaching[0].value, ast.BinOp):
                return
            if id(reaching[0]) in self._dense_seen or not _only_indexed(at.function, named):
                return
            self._dense_seen.add(id(reaching[0]))
            product = reaching[0].value
        if not isinstance(product, ast.BinOp) or not isinstance(product.op, ELEMENTWISE_OPERATORS):
            return
        if not self._few_rows(node.slice, at):
            return
        for table, other in ((product.left, product.right), (product.right, product.left)):
            if not isinstance(table, ast.Name) or table.id == differentiated or differentiated not in names_read(other):
                continue
            if differentiated in names_read(table):
                continue
            self._dense(node, product, table, other, differentiated, named, at)
            return

    def _few_rows(self, index: ast.AST, at: "_At") -> bool:
        """The index picks a few rows: numbers, or index arrays of a literal length of at most 64
        (``perm`` of unknown length may pick every row)."""
        for item in index.elts if isinstance(index, ast.Tuple) else [index]:
            value = at.value(self.ctx, item)
            if value.kind == v.ARRAY and value.rank != 0:
                length = value.shape[0] if value.shape else None
                if not (isinstance(length, int) and length <= 64):
                    return False
            elif value.kind in (v.SEQUENCE,):
                if not (isinstance(value.length, int) and value.length <= 64):
                    return False
        return True

    def _dense(self, node: ast.Subscript, product: ast.BinOp, table: ast.Name, other: ast.expr, differentiated: str, named: str | None, at: "_At") -> None:
        ctx = self.ctx
        scope = at.scope
        value = at.value(ctx, table)
        other_value = at.value(ctx, other)
        size: dict | None
        if value.kind == v.PARAM and table.id in scope.params:
            size = {"param": table.id, "array": True, "evidence": f"`{table.id}` is a parameter of `{getattr(at.function, 'name', 'lambda')}`"}
        elif value.kind == v.ARRAY and value.rank != 0:
            bindings = ctx.facts.bindings_at(table.id, scope, at.statement) if scope.binds(table.id) else ctx.facts.module_scope.bindings.get(table.id, [])
            size = self._judge(value, [b for b in bindings if b.kind != "param"], scope if scope.binds(table.id) else ctx.facts.module_scope)
        else:
            return
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
        shown = f"`{one_line(ctx.code(node), 50)}`" if named is None else f"`{named} = {one_line(ctx.code(product), 40)}` then `{one_line(ctx.code(node), 30)}`"
        message = (
            f"{shown} computes on all of `{table.id}` to use a slice: the gradient for `{differentiated}` pays for the whole "
            f"array (its backward scatters into zeros the size of `{table.id}`); {advice}"
        )
        data = {"kind": "dense", "name": table.id, "also": [], "x64": self._x64, **size}
        if data.get("param"):
            data["function"] = getattr(at.function, "name", "")
        self.report(node, message, size="none", work="jax", need="differentiated", require_trace=True, data=data)

    # -- phase 2 -----------------------------------------------------------------------------------

    @classmethod
    def finalize(cls, candidate: Candidate, project) -> Finding | None:
        data = candidate.data
        if data.get("kind") == "dense":
            return _finalize_dense(cls, candidate, project)
        compiled = project.compiled_key(candidate.path, candidate.scopes)
        if compiled is None:
            return None  # no jit reaches it: nothing is embedded
        if any((candidate.path, key) in project.compiled for key in data.get("also", ())):
            return None  # an enclosing jitted function reads it too: reported there
        owner = data.get("owner")
        if owner is not None and project.level(candidate.path, (owner,))[0] >= Level.TRACED:
            return None  # built under a trace: a tracer, not a constant
        size = _size(candidate, project)
        if size is None:
            return None
        proof, size_text, evidence = size
        confidence = {"proven": "high", "likely": "medium"}.get(proof, "low")
        function = project.name_of((candidate.path, candidate.scopes[0])) if candidate.scopes else "a function"
        function = f"the jitted {function[4:]}" if function.startswith("the ") else f"jitted {function}"
        name = data["name"]
        message = (
            f"`{name}` ({data['where']}, {size_text}) is captured by {function}: jit embeds it in the compiled program "
            f"as a constant, so compile time, program size and memory grow with it; {ADVICE}"
        )
        explanation = project.explain_compiled(compiled, candidate.path)
        items = [*evidence, explanation or ""]
        if proof not in ("proven", "likely"):
            items.append("the code does not show this array's size, nor that it holds data: it may be small")
        return make_finding(cls, replace(candidate, message=message), confidence, items, explanation)


def _size(candidate: Candidate, project) -> tuple[str, str, list[str]] | None:
    """(proof: proven | likely | unknown, the size in words, evidence), or None when it is small."""
    data = candidate.data
    evidence = [data["evidence"]] if data.get("evidence") else []
    if data.get("kind") == "import":
        found = project.resolve_array(candidate.path, data["import"])
        if found is None:
            return None
        path, array = found
        if array.elements == 0 or array.elements is not None and array.nbytes is None:
            return None
        value = v.array(None, array.dtype)
        nbytes = None
        if array.elements is not None:
            value = v.Value(v.ARRAY, shape=(array.elements,), dtype=array.dtype)
            nbytes = captured_bytes(value, data.get("x64", False))
        evidence = [f"{array.evidence} in {path}"]
        if nbytes is not None:
            if nbytes < CAPTURED_CONSTANT_BYTES:
                return None
            return "proven", human_bytes(nbytes), evidence
        if array.data:
            return "likely", "loaded data", evidence
        return "unknown", "size not shown", evidence
    if data.get("nbytes") is not None:
        shape = f": {data['shape']}" if data.get("shape") else ""
        return "proven", f"{human_bytes(data['nbytes'])}{shape}", evidence
    if data.get("data"):
        return "likely", "loaded data", evidence
    param = data.get("param")
    if param is not None:
        owner = data.get("owner") or (candidate.scopes[0] if candidate.scopes else None)
        facts = project.arguments(candidate.path, owner, param) if owner else []
        traced = [fact for fact in facts if fact.caller is not None and _traced(project, fact.path, fact.caller)]
        if traced and len(traced) == len(facts) and data.get("kind") != "dense":
            return None  # every call is made under a trace: the captured values are tracers
        facts = [fact for fact in facts if fact not in traced] if data.get("kind") != "dense" else facts
        large = [fact for fact in facts if fact.nbytes is not None and fact.nbytes >= CAPTURED_CONSTANT_BYTES]
        if large:
            fact = large[0]
            return "proven", f"{human_bytes(fact.nbytes)} from callers", [*evidence, f"{fact.evidence}, {human_bytes(fact.nbytes)}, at {fact.path}:{fact.line}"]
        loaded = [fact for fact in facts if fact.data]
        if loaded:
            fact = loaded[0]
            return "likely", "data passed by callers", [*evidence, f"{fact.evidence}: data, at {fact.path}:{fact.line}"]
        if facts and all(fact.nbytes is not None or fact.kind in ("other",) or fact.kind.startswith(("int:", "seq:")) for fact in facts):
            return None  # every caller passes something small
        if not data.get("array"):
            return None  # nothing shows that the parameter is an array at all
        return "unknown", "size not shown", evidence
    return "unknown", "size not shown", evidence


def _file_info(ctx) -> tuple[bool, set[str], dict[str, bool]]:
    """(x64 is on, the module-level names a function may capture: assigned ones, and those
    imported from modules that are not libraries)."""
    names: set[str] = set()
    for name, bindings in ctx.facts.module_scope.bindings.items():
        for binding in bindings:
            if binding.kind in ("def", "class"):
                continue
            if binding.kind == "import":
                qualified = str(binding.value)
                if not isinstance(binding.statement, ast.ImportFrom) or qualified.split(".")[0] in EXTERNAL:
                    continue
            names.add(name)
            break
    return uses_x64(ctx.source.text), names, {}


def _traced(project, path: str, key: str) -> bool:
    return project.level(path, (key,))[0] >= Level.TRACED or (path, key) in project.compiled


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
        size = _size(candidate, project)
        if size is None:
            return None
        proof, _, evidence = size
    explanation = project.explain(key, candidate.path) if key is not None else None
    confidence = {"proven": "high", "likely": "medium"}.get(proof, "low")
    items = [*evidence, "the first argument is the one `jax.grad` differentiates by default", explanation or ""]
    return make_finding(rule, candidate, confidence, items, explanation)


def _scalar_constructor(binding: Binding, ctx) -> bool:
    """``x = jnp.float32(...)``: a scalar type applied to something that is not shown to be an array."""
    value = binding.value
    if not isinstance(value, ast.Call):
        return False
    qualified = ctx.resolve(value.func) or ""
    module, _, name = qualified.rpartition(".")
    from gradadvisor.analysis import library as lib

    return name in lib.SCALAR_TYPES and (module in lib.JAX_NUMPY or module in lib.HOST_NUMPY)


def _operand_names(expr: ast.expr) -> list[str]:
    """Names ``expr`` computes with at its top: operands, call arguments, receivers (``X`` and
    ``w`` in ``ensure_batched(X) @ w.T``); nested lambdas and comprehensions are not entered."""
    found: list[str] = []
    stack: list[ast.AST] = [expr]
    seen = 0
    while stack and seen < 64:
        seen += 1
        node = stack.pop()
        if isinstance(node, ast.Name):
            found.append(node.id)
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute):
                stack.append(node.func.value)
            stack.extend(arg.value if isinstance(arg, ast.Starred) else arg for arg in node.args)
            stack.extend(item.value for item in node.keywords)
        elif isinstance(node, ast.BinOp):
            stack.extend((node.left, node.right))
        elif isinstance(node, ast.UnaryOp):
            stack.append(node.operand)
        elif isinstance(node, (ast.Attribute, ast.Subscript)):
            stack.append(node.value)
        elif isinstance(node, (ast.Tuple, ast.List)):
            stack.extend(node.elts)
    return found


def _shape_text(value: v.Value, x64: bool) -> str:
    """``(10,000, 640) float32``: the shape, and the dtype jit embeds."""
    if value.shape is None or len(value.shape) > 4:
        return ""
    dims = ", ".join(f"{dim:,}" if isinstance(dim, int) else "?" for dim in value.shape)
    dtype = value.dtype or "float32"
    dtype = dtype if x64 else WIDE_DTYPES.get(dtype, dtype)
    return f"({dims}{',' if len(value.shape) == 1 else ''}) {dtype}"


def _narrow_index(index: ast.AST) -> bool:
    """An index that picks rows (a number, an index array), not a slice of the whole."""
    items = index.elts if isinstance(index, ast.Tuple) else [index]
    if not items:
        return False
    for item in items:
        if isinstance(item, ast.Slice) or isinstance(item, ast.Constant) and (item.value is None or item.value is Ellipsis):
            return False
        if isinstance(item, ast.Constant) and not isinstance(item.value, int):
            return False
    return True


def _only_indexed(function: ast.AST, name: str) -> bool:
    """Every read of ``name`` in ``function`` is ``name[...]`` with a narrow index."""
    reads = 0
    indexed = 0
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load):
            reads += 1
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name and _narrow_index(node.slice):
            indexed += 1
    return reads > 0 and reads == indexed


def _first_argument(function: ast.AST) -> str | None:
    """The argument ``jax.grad`` differentiates by default (a method's first after ``self``)."""
    args = getattr(function, "args", None)
    if args is None:
        return None
    ordered = [arg.arg for arg in [*args.posonlyargs, *args.args]]
    if ordered and ordered[0] in ("self", "cls"):
        ordered = ordered[1:]
    return ordered[0] if ordered else None


@dataclass(frozen=True)
class _At:
    """Where an expression is evaluated: its function, that function's scope, its statement."""

    function: ast.AST
    scope: Scope
    statement: ast.AST

    def value(self, ctx, expr: ast.AST) -> v.Value:
        return ctx.facts.value(expr, self.scope, self.statement)


def _subscripts_with_statements(function: ast.AST) -> Iterator[tuple[ast.AST, ast.Subscript]]:
    """``(statement, subscript)`` for every subscript in ``function``'s own code (nested
    definitions excluded; a lambda's statement is its expression)."""
    if isinstance(function, ast.Lambda):
        for node in walk_local(function.body):
            if type(node) is ast.Subscript:
                yield function.body, node
        return
    stack = list(reversed(function.body))
    while stack:
        statement = stack.pop()
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for expr in own_expressions(statement):
            for node in walk_local(expr):
                if type(node) is ast.Subscript:
                    yield statement, node
        stack.extend(reversed(nested_statements(statement)))
