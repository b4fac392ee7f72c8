"""GA401 large-captured-constant: a traced function reads a large array it does not receive."""

from __future__ import annotations

import re

import libcst as cst

from gradadvisor.analysis.captures import (
    ArraySizes,
    Bindings,
    Scope,
    Size,
    attribute_reads,
    bound_names,
    first_param,
    name_reads,
    operand_names,
)
from gradadvisor.analysis.gradient import FunctionNode, GradientContext
from gradadvisor.rules.base import Invalid, Rule, Valid

#: Bases and decorators that make a class a pytree: its array attributes are leaves
#: that jit receives as inputs, not constants.
PYTREE_BASES = frozenset(
    {
        "equinox.Module", "eqx.Module", "flax.nnx.Module", "flax.nnx.Object", "flax.struct.PyTreeNode",
        "flax.nnx.Variable", "chex.dataclass",
    }
)
PYTREE_DECORATORS = ("register_pytree_node_class", "register_dataclass", "register_pytree_with_keys_class", "dataclass")

#: Names of array constructors, samplers and loaders, for the trigger.
ARRAY_CALL = (
    r"(?:load\w*|genfromtxt|fromfile|memmap|frombuffer|read_\w+|fetch_\w+|make_\w+|as_numpy|array|asarray|"
    r"asanyarray|ascontiguousarray|zeros|ones|empty|full|\w+_like|eye|identity|tri|arange|linspace|logspace|"
    r"geomspace|normal|uniform|randn|rand|randint|integers|random|random_sample|standard_normal|bernoulli|choice|"
    r"permutation|truncated_normal|gamma|beta|categorical|orthogonal|exponential|poisson|default_rng|RandomState|"
    r"device_put)"
)

#: ``name = <array call>(`` (or ``a, b = ...``) at any indentation, naming what it binds.
ARRAY_BINDING = re.compile(
    rf"^[ \t]*([A-Za-z_][\w, \t]*?)[ \t]*(?::[^=\n]*)?=[^=\n]*?\b{ARRAY_CALL}\s*\(", re.MULTILINE
)
#: An indented ``name = <array call>(`` or ``self.name = <array call>(`` (a function's own array).
LOCAL_ARRAY_BINDING = re.compile(rf"^[ \t]+[\w.,()\[\] \t]+?(?::[^=\n]*)?=[ \t]*[\w.]*?\b{ARRAY_CALL}\s*\(", re.MULTILINE)
SELF_ARRAY_BINDING = re.compile(rf"^[ \t]+self\.\w+[ \t]*(?::[^=\n]*)?=[ \t]*[\w.]*?\b{ARRAY_CALL}\s*\(", re.MULTILINE)
#: A ``def`` line and its indentation; a lambda.
DEF_LINE = re.compile(r"^([ \t]*)(?:async[ \t]+)?def[ \t]", re.MULTILINE)
LAMBDA = re.compile(r"\blambda\b")
#: A column-0 assignment ``targets = value``, to follow arrays computed from arrays (``Y = X @ W``).
MODULE_ASSIGNMENT = re.compile(r"^([A-Za-z_][\w, \t]*?)[ \t]*(?::[^=\n]*)?=(?!=)([^\n]*)", re.MULTILINE)
#: A file that never names a compiling transform cannot hold an enclosing-scope or ``self`` finding.
COMPILING_MENTION = re.compile(r"\b(?:jit|pjit|pmap|filter_jit|filter_pmap)\b")

ADVICE = "pass it as an argument, outside the differentiated `argnums` (or under `jax.lax.stop_gradient`)"
WHY = "under jit it is baked into the compiled program as a constant, so compile time and memory grow with it"


class LargeCapturedConstant(Rule):
    """
    ## What it does
    Finds traced code (a jitted, differentiated or vmapped function, a `lax.scan` body, a
    module's `__call__`) that reads a large array it does not receive as an argument:

    - a module-level name bound to `np.load(...)`, `jnp.asarray(np.load(...))`,
      `jax.random.normal(key, (10000, 64))`, `jnp.zeros((N, D))`, a dataset loader, or an
      array built from something of unknown size;
    - a name bound to such an array in an enclosing (untraced) function, read by a jitted
      closure: the factory pattern `def make_loss(X): X = jnp.asarray(X); return jax.jit(...)`;
    - `self.<attr>` read in a jitted method when the class sets `self.<attr>` to such an
      array (in `__init__`) and `self` is static.

    It reports the first read of each name in each traced function.

    ## Why it is slow for gradients
    `jax.jit` turns every concrete array the function closes over into a constant of the
    compiled program. The program, its compile time and its memory then grow with the
    data: with jax 0.10.2 on CPU a closed-over 4,000,000-element table made 32 MB of HLO
    and compiled in 0.73 s, against 0.07 s and under 1 KB of HLO when the same table is
    passed as an argument. XLA may also constant-fold work on it at compile time (JAX
    issues #10596, #14655; #16278 runs out of memory). The constant is fixed at trace
    time: rebinding the global later is silently ignored by the compiled function.
    (Newer JAX can hoist large constants to arguments with
    `JAX_USE_SIMPLIFIED_JAXPR_CONSTANTS=1`; it is off by default in 0.10.2.)

    When you move the array to an argument, keep it out of the differentiated arguments:
    a gradient with respect to a table that is only read is a dense array the size of the
    table (seed thread 002, "Slow backward pass when the forward pass touches a large array").

    ## Example
    ```python
    TABLE = jnp.asarray(np.load("embeddings.npy"))

    @jax.jit
    def loss(w, idx):
        return jnp.sum((TABLE[idx] @ w) ** 2)
    ```

    ## Use instead
    ```python
    @jax.jit
    def loss(w, idx, table):
        return jnp.sum((table[idx] @ w) ** 2)

    grads = jax.grad(loss)(w, idx, TABLE)      # argnums=0: no gradient for the table
    ```

    ## When not to apply
    Small constants are free to embed and are not reported: literal tables of a few
    numbers (`_COEFFS = jnp.array([1.0, 0.5, 0.25])`), `jnp.eye(3)`, `jnp.arange(N)` with
    `N = 64`, PRNG keys, and any array whose constant size is under 65,536 elements
    (measured here, such an array compiles as fast closed over as passed in; at
    1,048,576 elements it took 104 ms against 32 ms). Nor are functions,
    optimizers, modules, dtypes and config values; reads of only `x.shape`, `x.dtype` or
    `len(x)`; arrays built inside an enclosing function that is itself traced (they are
    tracers, not constants); attributes of equinox, flax.nnx or registered-pytree classes
    (they are leaves jit receives as inputs); and flax `__call__` reading module fields.
    No automatic fix: which arguments to add, and where the callers get the array from,
    is a decision about the program's interface.
    """

    code = "GA401"
    name = "large-captured-constant"
    summary = "a traced function closes over a large array: jit embeds it as a constant; pass it as an argument"
    #: A module-level assignment of an array constructor, sampler or loader; or, in a file
    #: that jits something, such an assignment anywhere (a factory's or ``self.<attr>``),
    #: there with the call first on the right-hand side (most files jit something); or one
    #: in a script's ``if __name__ == "__main__":`` block.
    trigger = re.compile(
        rf"^[A-Za-z_][\w, \t]*(?::[^=\n]*)?=[^=\n]*?\b{ARRAY_CALL}\s*\("
        rf"|^if[ \t]+__name__[ \t]*==[ \t]*[\"']__main__[\"'][ \t]*:[^\n]*\n(?:(?:[ \t][^\n]*)?\n)*?"
        rf"[ \t]+[\w.,()\[\] \t]+?(?::[^=\n]*)?=[^=\n]*?\b{ARRAY_CALL}\s*\("
        rf"|\A(?=[\s\S]*?\b(?:jit|pjit|pmap|filter_jit|filter_pmap)\b)[\s\S]*?"
        rf"^[ \t]+[\w.,()\[\] \t]+?(?::[^=\n]*)?=[ \t]*[\w.]*?\b{ARRAY_CALL}\s*\(",
        re.MULTILINE,
    )

    @classmethod
    def block_filter(cls, text: str):
        """Which top-level def/class blocks could hold a finding (see engine/prune.py).

        Kept: blocks reading a name that the module's own statements bind to an array
        (the binding and the read are in different blocks), and, in a file that jits
        something, blocks that bind an array and define a closure (a nested def or a
        lambda) or set ``self.<attr>`` to an array.
        """
        names = {
            name.strip()
            for target in ARRAY_BINDING.findall(_module_statements(text))
            for name in target.split(",")
            if name.strip().isidentifier()
        }
        for targets, value in MODULE_ASSIGNMENT.findall(text):
            if names & set(re.findall(r"[A-Za-z_]\w*", value)):
                names.update(name.strip() for name in targets.split(",") if name.strip().isidentifier())
        reads = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names))) + r")\b") if names else None
        compiles = COMPILING_MENTION.search(text) is not None

        def keep(block: str) -> bool:
            if reads is not None and reads.search(block):
                return True
            if not compiles or not LOCAL_ARRAY_BINDING.search(block):
                return False
            return SELF_ARRAY_BINDING.search(block) is not None or _defines_closure(block)

        return keep

    VALID = (
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
        # The enclosing function is traced: the array is a tracer, not a constant.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x, n):\n    w = jnp.ones((x.shape[0], 100))\n    def body(c, i):\n        return c + w[i], None\n    return jax.lax.scan(body, x, jnp.arange(10))\n"),
        # A local variable with the same name shadows the module's.
        Valid("import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nX = np.load('x.npy')\n\n@jax.jit\ndef f(w):\n    X = jnp.ones(3)\n    return X @ w\n"),
        # Equinox module fields are leaves jit receives, not constants.
        # `@jax.jit` on a method traces `self`: the class is a pytree registered elsewhere.
        Valid("import jax\nimport jax.numpy as jnp\n\nclass GP:\n    def __init__(self, x):\n        self.x = jnp.asarray(x)\n    @jax.jit\n    def predict(self, q):\n        return self.x @ q\n"),
        # Another module's constant: its size cannot be told here.
        Valid("import jax\nimport jax.numpy as jnp\nfrom .tables import WEIGHTS\n\n_W = jnp.asarray(WEIGHTS)\n\n@jax.jit\ndef f(x):\n    return x @ _W\n"),
        Valid("import jax\nimport equinox as eqx\n\nclass Linear(eqx.Module):\n    weight: jax.Array\n    def __init__(self, key):\n        self.weight = jax.random.normal(key, (1000, 1000))\n    @eqx.filter_jit\n    def __call__(self, x):\n        return self.weight @ x\n"),
    )
    INVALID = (
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nTABLE = jnp.asarray(np.load('table.npy'))\n\n@jax.jit\ndef loss(w, idx):\n    return jnp.sum((TABLE[idx] @ w) ** 2)\n",
            message_contains="pass it as an argument",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nX = jax.random.normal(jax.random.PRNGKey(0), (10000, 64))\n\ndef loss(w):\n    return jnp.mean((X @ w) ** 2)\n\ngrad = jax.grad(loss)\n",
            message_contains="640,000 elements",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef make_loss(data):\n    X = jnp.asarray(data)\n    @jax.jit\n    def loss(w):\n        return jnp.mean((X @ w) ** 2) + jnp.sum(X)\n    return loss\n",
            message_contains="enclosing `make_loss`",
        ),
        Invalid(
            "from functools import partial\nimport jax\nimport jax.numpy as jnp\nimport numpy as np\n\nclass Model:\n    def __init__(self, path):\n        self.table = jnp.asarray(np.load(path))\n\n    @partial(jax.jit, static_argnums=0)\n    def apply(self, i):\n        return self.table[i]\n",
            message_contains="`self.table`",
        ),
        Invalid(
            "import functools\nimport jax\nimport jax.numpy as jnp\n\nclass GP:\n    def __init__(self, x):\n        self.x = jnp.asarray(x)\n\n    @functools.partial(jax.jit, static_argnums=(0,))\n    def predict(self, q):\n        return self._kernel(q)\n\n    def _kernel(self, q):\n        return jnp.exp(-(self.x @ q))\n",
            message_contains="`self.x`",
        ),
        Invalid(
            "import jax\nfrom jax import numpy as jnp\nimport numpy as onp\n\nN = 100_000\nGRID = onp.linspace(0.0, 1.0, N)\nf = jax.jit(lambda a: jnp.sum(jnp.sin(a * GRID)))\n",
            message_contains="100,000 elements",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\nX = np.load('x.npy')\nX = jnp.asarray(X)\n\n@jax.jit\ndef f(w):\n    return X @ w + X.sum()\n\n@jax.jit\ndef g(w):\n    return X.T @ w\n",
            count=2,
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\ndef loss(w):\n    return jnp.mean((inputs @ w) ** 2)\n\nif __name__ == '__main__':\n    inputs = np.random.randn(20_000, 16)\n    print(jax.grad(loss)(jnp.zeros(16)))\n",
            message_contains="320,000 elements",
        ),
    )

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._sizes = ArraySizes(ctx.names)
        #: Scope (None: the module) -> names it binds to something array-like.
        self._candidates: dict[FunctionNode | None, set[str]] = {}
        #: Class -> attribute -> (the method assigning ``self.<attr>``, the value).
        self._attributes: dict[cst.ClassDef, dict[str, tuple[cst.FunctionDef, cst.BaseExpression]]] = {}
        self._bound: dict[FunctionNode, set[str]] = {}
        #: Function -> the functions and lambdas defined directly inside it, and the reverse.
        self._nested: dict[FunctionNode, list[FunctionNode]] = {}
        self._parent: dict[FunctionNode, FunctionNode] = {}

    # -- collecting candidates during the traversal (cheap) ------------------------------

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self._note_nested(node)

    def visit_Lambda(self, node: cst.Lambda) -> None:
        self._note_nested(node)

    def _note_nested(self, node: FunctionNode) -> None:
        # The scope stack already holds the function being visited: look below it.
        for scope in reversed(self.ctx.scope_stack[:-1]):
            if isinstance(scope, (cst.FunctionDef, cst.Lambda)):
                self._nested.setdefault(scope, []).append(node)
                self._parent[node] = scope
                return

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            self._note(target.target, node.value)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None:
            self._note(node.target, node.value)

    def _note(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        stack = self.ctx.scope_stack
        if stack and isinstance(stack[-1], cst.ClassDef):
            return  # class attributes
        function = stack[-1] if stack else None
        known = self._candidates.get(function)  # type: ignore[arg-type]
        # An array constructor, or arithmetic on an array already noted here (``Y = X @ w``).
        if not self._sizes.looks_like_array(value) and not (known and known & operand_names(value)):
            return
        if isinstance(target, cst.Attribute) and isinstance(function, cst.FunctionDef):
            base = target.value
            if len(stack) >= 2 and isinstance(stack[-2], cst.ClassDef) and isinstance(base, cst.Name) and base.value == first_param(function):
                self._attributes.setdefault(stack[-2], {})[target.attr.value] = (function, value)
            return
        for name in _target_names(target):
            self._candidates.setdefault(function, set()).add(name)  # type: ignore[arg-type]

    # -- judging them once the module is read --------------------------------------------

    def leave_Module(self, original_node: cst.Module) -> None:
        # Everything up to the gradient analysis is cheap: most files stop here.
        compiles = COMPILING_MENTION.search(self.ctx.text) is not None
        if None not in self._candidates and not (compiles and (self._nested or self._attributes)):
            return
        module_scope = Bindings.of_module(original_node)
        large_module = {
            name: size
            for name in self._candidates.get(None, ())
            if (size := self._sizes.size(cst.Name(name), Scope([module_scope]))) is not None and size.large
        }
        enclosing = self._large_enclosing(module_scope) if compiles else {}
        attributes = self._large_attributes(module_scope) if compiles else {}
        if not large_module and not enclosing and not attributes:
            return
        gradient = self.ctx.gradient
        if large_module or enclosing:
            self._check_names(gradient, module_scope, large_module, enclosing)
        if attributes:
            self._check_attributes(gradient, attributes)

    def _large_enclosing(self, module_scope: Bindings) -> dict[FunctionNode, dict[str, Size]]:
        """Functions' large arrays that a function nested in them reads: function -> name -> size."""
        found: dict[FunctionNode, dict[str, Size]] = {}
        for function, names in self._candidates.items():
            if function is None or function not in self._nested:
                continue
            chain = [function]
            while chain[-1] in self._parent:
                chain.append(self._parent[chain[-1]])
            scope = Scope([*(Bindings.of_function(outer) for outer in chain), module_scope])
            sizes = {name: size for name in names if (size := self._sizes.size(cst.Name(name), scope)) is not None and size.large}
            if sizes and any(name_reads(inner, frozenset(sizes)) for inner in self._descendants(function)):
                found[function] = sizes
        return found

    def _descendants(self, function: FunctionNode) -> list[FunctionNode]:
        found: list[FunctionNode] = []
        work = list(self._nested.get(function, ()))
        while work:
            inner = work.pop()
            found.append(inner)
            work.extend(self._nested.get(inner, ()))
        return found

    def _bound_in(self, function: FunctionNode) -> set[str]:
        if function not in self._bound:
            self._bound[function] = bound_names(function)
        return self._bound[function]

    def _outers(self, gradient: GradientContext, function: FunctionNode) -> list[FunctionNode]:
        chain: list[FunctionNode] = []
        info = gradient.functions.get(function)
        while info is not None and info.outer is not None:
            chain.append(info.outer)
            info = gradient.functions.get(info.outer)
        return chain

    def _check_names(
        self,
        gradient: GradientContext,
        module_scope: Bindings,
        large_module: dict[str, Size],
        enclosing: dict[FunctionNode, dict[str, Size]],
    ) -> None:
        reported: set[tuple[FunctionNode, str]] = set()
        for function in list(gradient.functions):
            if not gradient.is_traced(function):
                continue
            outers = self._outers(gradient, function)
            wanted = set(large_module)
            for outer in outers:
                wanted.update(enclosing.get(outer, ()))
            reads = name_reads(function, frozenset(wanted)) if wanted else []
            if not reads:
                continue
            local = self._bound_in(function)
            for read in reads:
                name = read.value
                if name in local:
                    continue
                owner = next((outer for outer in outers if name in self._bound_in(outer)), None)
                if owner is None:
                    size = large_module.get(name)
                    origin = "a module-level array"
                else:
                    if gradient.is_traced(owner) or not gradient.is_compiled(function):
                        continue
                    size = enclosing.get(owner, {}).get(name)
                    origin = f"an array built in the enclosing {gradient.name_of(owner)}"
                if size is None:
                    continue
                root = self._report_root(gradient, function, outers, name)
                if (root, name) in reported:
                    continue
                reported.add((root, name))
                self.report(
                    read,
                    f"`{name}` is {origin} ({size.reason}) read inside {gradient.name_of(function)} "
                    f"without being passed in: {WHY}; {ADVICE}",
                    context=gradient.explain(function),
                )

    def _report_root(self, gradient: GradientContext, function: FunctionNode, outers: list[FunctionNode], name: str) -> FunctionNode:
        """The outermost traced function that reads ``name`` from the same place: one report for it."""
        root = function
        for outer in outers:
            if not gradient.is_traced(outer) or name in self._bound_in(outer):
                break
            root = outer
        return root

    def _large_attributes(self, module_scope: Bindings) -> dict[cst.ClassDef, dict[str, tuple[Size, cst.FunctionDef]]]:
        """Class -> attribute -> (its size, the method setting it), for large arrays of non-pytree classes."""
        found: dict[cst.ClassDef, dict[str, tuple[Size, cst.FunctionDef]]] = {}
        for klass, attributes in self._attributes.items():
            if self._is_pytree(klass):
                continue
            for attr, (method, value) in attributes.items():
                size = self._sizes.size(value, Scope([Bindings.of_function(method), module_scope]))
                if size is not None and size.large:
                    found.setdefault(klass, {})[attr] = (size, method)
        return found

    def _check_attributes(
        self, gradient: GradientContext, by_class: dict[cst.ClassDef, dict[str, tuple[Size, cst.FunctionDef]]]
    ) -> None:
        for klass, attributes in by_class.items():
            # Set in traced code (a flax ``setup`` run under apply), the value is not a constant.
            large = {attr: found for attr, found in attributes.items() if not gradient.is_traced(found[1])}
            if not large:
                continue
            reported: set[tuple[cst.FunctionDef, str]] = set()
            for function in gradient.functions:
                method = self._method_of(gradient, function, klass)
                if method is None or not gradient.is_compiled(function) or not gradient.is_traced(function):
                    continue
                base = first_param(method)
                if base is None or any(_is_static_decorator(d.decorator) for d in method.decorators):
                    continue
                for read in attribute_reads(function, base, frozenset(large)):
                    attr = read.attr.value
                    if (method, attr) in reported:
                        continue
                    reported.add((method, attr))
                    size, setter = large[attr]
                    self.report(
                        read,
                        f"`{base}.{attr}` is an array set in `{setter.name.value}` ({size.reason}) read inside jitted "
                        f"{gradient.name_of(function)} through a static `{base}`: {WHY}; {ADVICE}",
                        context=gradient.explain(function),
                    )

    def _method_of(self, gradient: GradientContext, function: FunctionNode, klass: cst.ClassDef) -> cst.FunctionDef | None:
        """The method of ``klass`` that is ``function`` or encloses it (its first parameter is ``self``)."""
        current: FunctionNode | None = function
        while current is not None:
            info = gradient.functions.get(current)
            if info is None:
                return None
            if info.klass is not None:
                return current if info.klass is klass and isinstance(current, cst.FunctionDef) else None
            current = info.outer
        return None

    def _is_pytree(self, klass: cst.ClassDef) -> bool:
        names = self.ctx.names
        for base in klass.bases:
            qualified = names.resolve(base.value) or ""
            if qualified in PYTREE_BASES or qualified.startswith(("equinox.", "flax.nnx.", "flax.struct.", "chex.")):
                return True
        for decorator in klass.decorators:
            expr = decorator.decorator
            if isinstance(expr, cst.Call):
                expr = expr.func
            qualified = names.resolve(expr) or ""
            if qualified.endswith(PYTREE_DECORATORS) and not qualified.startswith("dataclasses."):
                return True
        if isinstance(klass.body, cst.IndentedBlock):
            for stmt in klass.body.body:
                if isinstance(stmt, cst.FunctionDef) and stmt.name.value in ("tree_flatten", "tree_flatten_with_keys"):
                    return True
                # ``@jax.jit`` on a method passes ``self`` as a traced argument: only a
                # pytree (registered elsewhere) can be one.
                if isinstance(stmt, cst.FunctionDef) and any(self._traces_self(d.decorator, stmt) for d in stmt.decorators):
                    return True
        return False

    def _traces_self(self, decorator: cst.BaseExpression, method: cst.FunctionDef) -> bool:
        """True for ``@jax.jit`` / ``@partial(jax.jit, ...)`` that does not make the first parameter static."""
        call = decorator if isinstance(decorator, cst.Call) else None
        func = call.func if call is not None else decorator
        keywords = call.args if call is not None else ()
        if call is not None and self.ctx.names.resolve(func) == "functools.partial" and call.args:
            func = call.args[0].value
        if self.ctx.names.resolve(func) not in ("jax.jit", "jax.pjit", "jax.pmap"):
            return False
        base = first_param(method)
        for arg in keywords:
            if arg.keyword is None:
                continue
            text = cst.Module([]).code_for_node(arg.value)
            if arg.keyword.value == "static_argnums" and re.fullmatch(r"\(?\s*0\s*(,.*)?\)?|\[\s*0\s*(,.*)?\]", text):
                return False
            if arg.keyword.value == "static_argnames" and base is not None and f"'{base}'" in text.replace('"', "'"):
                return False
        return True


def _module_statements(text: str) -> str:
    """The lines of ``text`` outside top-level def/class blocks (roughly: strings are not tracked)."""
    kept: list[str] = []
    in_definition = False
    for line in text.splitlines():
        if line and line[0] not in " \t#)]}":
            in_definition = line.startswith(("def ", "async def ", "class ", "@"))
        if not in_definition:
            kept.append(line)
    return "\n".join(kept)


def _defines_closure(block: str) -> bool:
    """A lambda, or a def nested deeper than the block's own (methods of a class block are not closures)."""
    if LAMBDA.search(block):
        return True
    indents = {len(match.group(1).expandtabs()) for match in DEF_LINE.finditer(block)}
    return len(indents) > 1


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in _target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def _is_static_decorator(expr: cst.BaseExpression) -> bool:
    """``@staticmethod`` / ``@classmethod``: the first parameter is not the instance."""
    return isinstance(expr, cst.Name) and expr.value in ("staticmethod", "classmethod")
