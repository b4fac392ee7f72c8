"""GA203 product-with-diagonal-matrix: a dense diagonal matrix built to scale rows or columns."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis import matrix_terms as mt
from gradadvisor.analysis.extent import SMALL_RANGE
from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.operations import operation_of
from gradadvisor.analysis.syntax import constant, int_value, one_line
from gradadvisor.fixes.edits import Preconditions
from gradadvisor.rules.base import Invalid, Rule, Valid, per_element_matrices

_JIT = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, s):\n"



class ProductWithDiagonalMatrix(Rule):
    """
    ## What it does
    Finds a matrix product with a diagonal matrix built from a vector: `jnp.diag(s) @ A`,
    `A @ jnp.diag(s)`, `jnp.dot(jnp.diag(w), X)`, `U @ jnp.diag(s) @ Vt`, or the diagonal
    matrix named first (`D = jnp.diag(jnp.exp(v))` ... `B.T @ D @ B`), in every product
    spelling of the operation table (`analysis/operations.py`), and a factor of a chain,
    `jnp.linalg.multi_dot([V, jnp.diag(d), V.T])` (advice: no fix), and an operand of an einsum
    (`jnp.einsum("ab,bc,cd->ad", U, jnp.diag(s), Vt)`: `"ab,b,bd->ad"` with `s`). The diagonal matrix may be
    spelled `jnp.eye(n) * w` (or `jnp.eye(n) / w`, `diag(1 / w)`), or be a batch of them,
    `jax.vmap(jnp.diag)(s)` for a 2-D `s` (inline or through a name bound once to it), whose
    product scales `s[..., :, None] * A`. Reported when the code shows
    that the argument of `diag` is a vector (`diag` of a matrix takes its diagonal instead).

    ## Why it is slow for gradients
    `jnp.diag(s)` for an n-vector is an n-by-n array that is zero off the diagonal, and the
    product multiplies every one of those zeros: n*n*k multiply-adds and an n*n temporary
    where scaling the rows (or columns) costs n*k. Reverse mode pays again: the backward of
    the product is two more full matrix products, and the backward of `diag` gathers the
    diagonal of an n-by-n cotangent.

    ## Example
    ```python
    scaled = jnp.diag(w) @ X          # (n, n) built, n*n*k multiply-adds
    recon = U @ jnp.diag(s) @ Vt
    ```

    ## Use instead
    ```python
    scaled = w[:, None] * X           # scale the rows: n*k
    recon = (U * s) @ Vt              # scale the columns
    ```

    ## Fix safety
    The fix is always *unsafe*: the product multiplies the zeros off the diagonal by every
    entry of the other matrix, so an `inf` or `nan` there spreads to a whole row or column of
    the product, and the scaling keeps it in place. It also needs `s` to have one axis and,
    for `diag(s) @ A`, `A` at least two (`diag(s) @ a` of a vector is `s * a`); the fix
    says which of these the code does not show.

    ## When not to apply
    When the code does not show that the argument of `diag` is a vector (`diag` of a matrix
    takes its diagonal), it is reported at low confidence, unless the diagonal sits between two
    products (`A @ D @ B`: it is used as a matrix), or a transform is proven to reach the
    function and nothing hints at a matrix (a capitalised name, `jnp.diag(H) @ v`; arithmetic
    with a matrix): then at medium, since what is unshown is a rank, not whether the code is
    traced (in real code such an argument has nearly always been a vector). Not reported when
    the argument has a few entries (a 3x3 metric: the product is as cheap; `extent.SMALL_RANGE`):
    a few listed items, a few sliced with literal bounds (`theta[12:16]`, through elementwise
    functions), or as few as the listed columns of the other factor (`jnp.column_stack([t, n, p])
    @ jnp.diag(lam)`); nor for NumPy's
    functions (they run on the host), or in test code.
    """

    code = "GA203"
    slow_eagerly = True  # the dense matrix is built and multiplied, traced or not
    name = "product-with-diagonal-matrix"
    summary = "a product with `jnp.diag(v)` builds and multiplies a dense diagonal matrix; scale instead"
    keywords = ("diag", "eye")
    trigger = re.compile(r"\b(?:diag(?:flat)?|eye)\s*[(),]")  # `vmap(jnp.diag)(s)` too
    aliases = re.compile(r"[ \t]*(?P<name>\w+)\s*=.*\bvmap\s*\(\s*[\w.]*\bdiag\b")
    expression_trigger = re.compile(r"@|\b(?:dot|matmul|multi_dot|einsum)\s*\(")

    VALID = (
        # The argument may be a matrix (`diag` then takes its diagonal): named like one, or
        # arithmetic with one (reported low only).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, H):\n    return jnp.diag(H) @ a\n"),
        Valid(f"{_JIT}    m = jnp.ones((3, 3)) + s\n    return jnp.diag(m) @ a\n"),
        # A vector of three entries: the product is as small.
        Valid(f"{_JIT}    return a @ jnp.diag(jnp.array([1.0, -1.0, 1.0]))\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a):\n    s = jnp.ones(3)\n    return jnp.diag(s) @ a\n"),
        # A sign fix of three listed entries, named first: `diag(stack([1, 1, det]))` is 3 by 3.
        Valid(f"{_JIT}    m = jnp.stack([jnp.ones_like(s), jnp.ones_like(s), s], axis=-1)\n    m = jnp.diag(m)\n    return a @ m @ a.T\n"),
        # NumPy on the host, and a diagonal of a product (GA202's shape).
        Valid("import numpy as np\n\ndef f(a, n):\n    s = np.ones(n)\n    return np.diag(s) @ a\n"),
        Valid(f"{_JIT}    return jnp.diag(a @ s)\n"),
        # A test's reference.
        Valid("import jax.numpy as jnp\n\ndef test_scale(a, n):\n    s = jnp.ones(n)\n    assert jnp.allclose(jnp.diag(s) @ a, s[:, None] * a)\n"),
    )
    INVALID = (
        # Jitted, nothing hinting at a matrix: the rank is unshown, the trace is not (medium).
        Invalid(f"{_JIT}    return jnp.diag(s) @ a\n", applicability="unsafe"),
        Invalid(f"{_JIT}    return a @ jnp.diag(s)\n", message_contains="scale the columns", applicability="unsafe"),
        # `eye(n) / s` is `diag(1 / s)`: the rows are scaled by the reciprocal
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, n):\n    s = jnp.ones(n)\n    return (jnp.eye(n) / s) @ a\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, n):\n    s = jnp.ones(n)\n    return (1.0 / s)[:, None] * a\n",
            message_contains="scale the rows",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, n):\n    s = jnp.ones(n)\n    return jnp.diag(s) @ a\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, n):\n    s = jnp.ones(n)\n    return s[:, None] * a\n",
            message_contains="scale the rows",
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(u, vt, n):\n    s = jnp.linspace(0.0, 1.0, n)\n    return u @ jnp.diag(s) @ vt\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(u, vt, n):\n    s = jnp.linspace(0.0, 1.0, n)\n    return u * s @ vt\n",
            message_contains="scale the columns",
        ),
        # Between two products (`A @ D @ B`): a matrix, so `diag` built it from a vector.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(q, c, p):\n    d = jnp.diag(q)\n    return jnp.linalg.solve(c.T @ d @ c, p)\n",
            message_contains="`d = jnp.diag(q)`",
        ),
        # Named first, in a dot, and transposed (a diagonal matrix is its own transpose).
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(b, n):\n    d = jnp.diag(jnp.exp(jnp.zeros(n)))\n    return jnp.dot(b.T, jnp.dot(d, b))\n",
            message_contains="`d = jnp.diag(jnp.exp(jnp.zeros(n)))`",
        ),
        # In a chain of products.
        Invalid(f"{_JIT}    return jnp.linalg.multi_dot([a, jnp.diag(jnp.exp(s)), a.T])\n", message_contains="`a * jnp.exp(s)`"),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(z, n, b):\n    d = jnp.ones(n)\n    return (z @ jnp.diag(d).T) @ b.T\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(z, n, b):\n    d = jnp.ones(n)\n    return (z * d) @ b.T\n",
        ),
    )

    VALID += (
        # The last five eigenvalues: a 5x5 diagonal (a slice with literal bounds), as small as the product.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, v):\n    top = w[-5:] ** -0.5\n    return v[:, -5:] @ jnp.diag(top) @ v[:, -5:].T\n"),
        # `vmap(diag)` of a 3-D batch takes each matrix's diagonal: no dense matrix is built.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, n, t):\n    s = jnp.ones((t, n, n))\n    return jax.vmap(jnp.diag)(s) @ a\n"),
    )
    INVALID += (
        # A dense diagonal matrix as an operand of an einsum: its two letters made one.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m):\n    u, s, vt = jnp.linalg.svd(m)\n    return jnp.einsum('ab,bc,cd->ad', u, jnp.diag(s), vt)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m):\n    u, s, vt = jnp.linalg.svd(m)\n    return jnp.einsum('ab,b,bd->ad', u, s, vt)\n",
        ),
        # A batch of dense diagonal matrices, one per row of `s`, through a name bound to `vmap(diag)`.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nbdiag = jax.vmap(jnp.diag)\n\n@jax.jit\ndef f(a, n, t):\n    s = jnp.ones((t, n))\n    return bdiag(s) @ a\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\nbdiag = jax.vmap(jnp.diag)\n\n@jax.jit\ndef f(a, n, t):\n    s = jnp.ones((t, n))\n    return s[..., :, None] * a\n",
        ),
    )

    def visit_BinOp(self, node: ast.BinOp) -> None:
        if isinstance(node.op, ast.MatMult):
            self._product(node)

    def visit_Call(self, node: ast.Call) -> None:
        qualified = self.ctx.resolve(node.func) or ""
        if qualified.endswith("linalg.multi_dot"):
            self._chain(node)
        elif qualified.rpartition(".")[2] == "einsum":
            self._einsum(node)
        else:
            self._product(node)

    def _einsum(self, node: ast.Call) -> None:
        """``jnp.einsum("ab,bc,cd->ad", u, jnp.diag(s), vt)``: a dense diagonal matrix as an operand
        of an einsum; its two letters made one, the vector takes its place (``"ab,b,bd->ad"``,
        ``matrix_terms.einsum_without_diagonal``). Unsafe: ``diag`` of a matrix takes its diagonal."""
        ctx = self.ctx
        for position, operand in enumerate(node.args[1:], start=1):
            diagonal = self._diagonal(operand)
            found = mt.einsum_without_diagonal(node, position, ctx.bound) if diagonal is not None and not diagonal[3] else None
            if found is None:
                continue
            vector, matrix, named, _ = diagonal
            replacement = ast.Call(func=node.func, args=[constant(found), *(vector if k == position else arg for k, arg in enumerate(node.args[1:], 1))], keywords=node.keywords)
            conditions = Preconditions()
            conditions.require(self._rank(vector) == 1, f"`{one_line(ctx.code(vector), 25)}` has one axis (`diag` of a matrix takes its diagonal)")
            conditions.require(False, "the other operands hold no inf or nan (the einsum multiplies them by the zeros off the diagonal)")
            rewrite = ctx.renderer.code(replacement)
            self.report(
                operand, f"`{one_line(ctx.code(node), 50)}` contracts the dense diagonal matrix `{one_line(ctx.code(matrix), 30)}` and all its zeros, and the "
                f"gradient pays for them too; give its two indices one letter and pass the vector: `{one_line(rewrite, 70)}`",
                size="proven" if self._rank(vector) == 1 else "likely", evidence=[f"`{one_line(ctx.code(matrix), 30)}` is an operand of the einsum"],
                fix=conditions.fix(ctx.renderer.replace_expression(node, replacement)) if named is None else None,
            )
            return

    def _chain(self, node: ast.Call) -> None:
        """``jnp.linalg.multi_dot([v, jnp.diag(d), v.T])``: a diagonal matrix in a chain of
        products. Advice only: the chain's other factors are rewritten around the scaling."""
        ctx = self.ctx
        chain = node.args[0] if len(node.args) == 1 and not node.keywords else None
        if not isinstance(chain, (ast.List, ast.Tuple)) or any(isinstance(item, ast.Starred) for item in chain.elts):
            return
        for position, item in enumerate(chain.elts):
            diagonal = self._diagonal(item)
            if diagonal is None or len(chain.elts) < 2:
                continue
            vector, matrix, _, mapped = diagonal
            if mapped:
                continue  # a batch of diagonal matrices in a chain: not modelled
            inner = 0 < position < len(chain.elts) - 1
            if self._rank(vector) == 1:
                size, why = "proven" if isinstance(self._leading(vector), str) else "likely", f"`{one_line(ctx.code(vector), 25)}` is a vector"
            else:
                size, why = ("likely", "a factor between two others in the chain: a matrix, so its argument is a vector") if inner else ("none", "its argument may be a matrix")
            neighbour = one_line(ctx.code(chain.elts[position - 1] if position else chain.elts[position + 1]), 25)
            scaled = f"`{neighbour} * {one_line(ctx.code(vector), 20)}`" if position else f"`{one_line(ctx.code(vector), 20)}[:, None] * {neighbour}`"
            self.report(item, f"`{one_line(ctx.code(node), 50)}` multiplies the dense diagonal matrix `{one_line(ctx.code(matrix), 30)}` and all its zeros, "
                        f"and the gradient pays for the whole product too; scale its neighbour instead ({scaled}) and multiply the rest", size=size, evidence=[why])

    def _product(self, node: ast.expr) -> None:
        ctx = self.ctx
        found = mt.matmul_operands(node, ctx, self._rank)
        if found is None:
            return
        (left, _), (right, _), _ = found
        product = operation_of(node, ctx.resolve, self._rank)
        sides = [(side, self._diagonal(operand)) for side, operand in (("left", left), ("right", right))]
        sides = [(side, diagonal) for side, diagonal in sides if diagonal is not None]
        if len(sides) != 1:
            return  # no dense diagonal, or two: a diagonal times a diagonal, rarely written
        side, (vector, matrix, named, mapped) = sides[0]
        other = product.operands[1] if side == "left" else product.operands[0]
        if not mapped and self._few_along(other, 0 if side == "left" else -1):
            return  # ``L = jnp.column_stack([t, n, p])``, ``L @ diag(v)``: `v` has as few entries as `L` has columns
        other_rank = self._rank(other)
        conditions = Preconditions()
        # `vmap(jnp.diag)(s)`: a batch of diagonal matrices, one per row of `s`: `s[..., :, None]`
        batch = [ast.Constant(Ellipsis)] if mapped else []
        if side == "left":
            rows = ast.Subscript(value=vector, slice=ast.Tuple(elts=[*batch, ast.Slice(), ast.Constant(None)], ctx=ast.Load()), ctx=ast.Load())
            replacement = ast.BinOp(left=rows, op=ast.Mult(), right=other)
            scaled = "scale the rows"
            conditions.require(other_rank is not None and other_rank >= 2, f"`{one_line(ctx.code(other), 25)}` has at least two axes (`diag(s) @ a` of a vector is `s * a`)")
        else:
            columns = ast.Subscript(value=vector, slice=ast.Tuple(elts=[*batch, ast.Constant(None), ast.Slice()], ctx=ast.Load()), ctx=ast.Load()) if mapped else vector
            replacement = ast.BinOp(left=other, op=ast.Mult(), right=columns)
            scaled = "scale the columns"
            if mapped:
                conditions.require(other_rank is not None and other_rank >= 2, f"`{one_line(ctx.code(other), 25)}` has at least two axes (a vector times the batch drops an axis)")
        conditions.require(False, f"`{one_line(ctx.code(other), 25)}` holds no inf or nan (the product multiplies them by the zeros off the diagonal)")
        matrix_text = one_line(ctx.code(matrix), 30)
        if mapped:
            size = "proven" if self._rank(vector) == 2 else "likely"
            why = f"`{matrix_text}` maps `diag` over the rows of `{one_line(ctx.code(vector), 25)}`: a batch of n-by-n matrices"
            conditions.require(self._rank(vector) == 2, f"`{one_line(ctx.code(vector), 25)}` has two axes (a batch of vectors)")
        elif self._rank(vector) == 1:
            size = "proven" if isinstance(self._leading(vector), str) else "likely"
            why = f"`{one_line(ctx.code(vector), 25)}` is a vector: `{matrix_text}` is an n-by-n matrix"
        else:  # `diag` of a matrix would take its diagonal
            conditions.require(False, f"`{one_line(ctx.code(vector), 25)}` has one axis (`diag` of a matrix takes its diagonal)")
            if side == "right" and self._multiplied_again(node):
                size, why = "likely", f"`{matrix_text}` sits between two matrix products (`A @ D @ B`): a matrix, so its argument is a vector"
            elif (source := mt.diagonal_of(vector, ctx)) is not None:
                size, why = "likely", f"`{one_line(ctx.code(vector), 25)}` is made from the diagonal of `{one_line(source, 25)}`: a vector"
            elif (hint := self._matrix_hint(vector)) is not None:  # `jnp.diag(H) @ v`: likely a diagonal taken
                size, why = "none", f"`{matrix_text}` builds a matrix when its argument is a vector (not shown; {hint})"
            else:  # the shape alone: low unless a trace is proven (a rank, not the trace, is unshown)
                size, why = "likely", f"`{matrix_text}` builds a matrix when its argument is a vector (not shown)"
        fix = conditions.fix(ctx.renderer.replace_expression(node, replacement)) if named is None else None
        rewrite = ctx.renderer.code(replacement)
        where = f" (`{one_line(ctx.code(named), 40)}`)" if named is not None else ""
        self.report(
            product.operands[0 if side == "left" else 1],  # `D @ X @ D`: each use of the diagonal once
            f"`{one_line(ctx.code(node), 50)}` builds a dense diagonal matrix{where} and multiplies all its zeros, "
            f"and the gradient pays for the whole product too; {scaled} instead: `{one_line(rewrite, 60)}`",
            size=size, evidence=[why, *(item for item in (ctx.shape_evidence(vector),) if item)], fix=fix,
            data={"operand_params": mt.source_params((other,), ctx), "captured": mt.captured_operand((other, vector), ctx)},
        )

    @classmethod
    def finalize(cls, candidate, project):
        """Low in a function only ever mapped by ``vmap``: one element's matrices (``rules.base``)."""
        return per_element_matrices(cls, candidate, project)

    def _matrix_hint(self, vector: ast.expr) -> str | None:
        """Why ``vector`` may well be a matrix, or None: elementwise arithmetic with an operand of
        two or more axes (``jnp.ones((3, 3)) + s``, written there or in the one assignment of a
        name), or a name in it (not a module's) capitalised as a matrix's is by convention (``H``,
        ``L_inv``)."""
        ctx = self.ctx
        written = (ctx.assigned(vector.id) if isinstance(vector, ast.Name) else None) or vector
        for node in ast.walk(written):
            if isinstance(node, ast.BinOp) and not isinstance(node.op, ast.MatMult) and any((self._rank(side) or 0) >= 2 for side in (node.left, node.right)):
                return "arithmetic with an operand of two axes"
        # ``jnp.sum(C, axis=1)``: a matrix reduced along an axis is a vector, whatever its name
        reduced = {id(inner) for node in ast.walk(written) if self._reduces_axis(node) for inner in ast.walk(node)}
        capitalised = [node.id for node in ast.walk(written) if isinstance(node, ast.Name) and id(node) not in reduced
                       and node.id[:1].isupper() and ctx.resolve(node) is None]
        return f"`{capitalised[0]}` is named like a matrix" if capitalised else None

    def _reduces_axis(self, node: ast.AST) -> bool:
        """``jnp.sum(C, axis=1)``, ``C.mean(0)``: a reduction along one given axis (the operation
        table's ``sum`` and ``mean``, with an int ``axis``)."""
        found = operation_of(node, self.ctx.resolve)
        return found is not None and found.name in ("sum", "mean") and int_value(found.arguments.get("axis")) is not None

    def _multiplied_again(self, node: ast.expr) -> bool:
        """``A @ D`` is itself multiplied on the right (``A @ D @ B``): ``D`` is used as a matrix."""
        return any(isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.MatMult) and parent.left is node
                   for parent in ast.walk(self.ctx.statement))

    def _diagonal(self, operand: ast.expr):
        """``(vector, diag call, assignment or None)`` when ``operand`` is ``diag`` of a vector, or a
        name bound once to one (a transpose of it peeled: a diagonal matrix is its own)."""
        ctx = self.ctx
        named = None
        transpose = operation_of(operand, ctx.resolve, self._rank)
        if transpose is not None and transpose.name == "transpose" and transpose.plain:
            operand = transpose.operands[0]
        if isinstance(operand, ast.Name):
            binding = self._assignment(operand, ctx.statement)
            if binding is None:
                return None
            named, operand = binding.statement, binding.value
        vector, mapped = mt.scaled_identity(operand, ctx.resolve), False  # ``jnp.eye(n) * w``: ``diag(w)`` spelled as a product
        if vector is None:
            diagonal = operation_of(operand, ctx.resolve, self._rank, ctx.bound)
            if diagonal is None or diagonal.name != "diagonal" or diagonal.variant not in ("diag", "mapped-diag") or not diagonal.plain or diagonal.host:
                return None
            if diagonal.module is not None and diagonal.module.split(".")[0] not in {name.split(".")[0] for name in AUTODIFF_NUMPY}:
                return None
            vector, mapped = diagonal.operands[0], diagonal.variant == "mapped-diag"
        if self._rank(vector) not in ((2, None) if mapped else (1, None)):
            return None  # `diag` of a matrix takes its diagonal: a matrix-vector product
        value = ctx.value(vector)
        length = (value.shape[-1] if value.is_array and value.shape else None) if mapped else self._leading(vector)
        if isinstance(length, int) and length <= SMALL_RANGE or self._few_items(vector, named or ctx.statement):
            return None  # a few entries (`jnp.stack([a, b])`): the product is as small
        return vector, operand, named, mapped

    def _few_items(self, vector: ast.expr, statement: ast.AST) -> bool:
        """``jnp.stack([a, b])``, ``jnp.array((x, y, z))``: a vector of a few listed items, written
        in place or bound once to the name given (``s = jnp.stack([1, 1, det], axis=-1)``); or a
        few items sliced with literal bounds, then scaled or mapped elementwise (``top = w[-5:] **
        -0.5``, ``jnp.exp(1j * th[12:16])``)."""
        binding = self._assignment(vector, statement) if isinstance(vector, ast.Name) else None
        if binding is not None:
            vector = binding.value

        def assigned(name: ast.Name) -> ast.expr | None:
            found = self._assignment(name, statement)
            return found.value if found is not None else None

        sliced = mt.sliced_items(vector, assigned, self.ctx.resolve)
        if sliced is not None and sliced <= SMALL_RANGE:
            return True
        if isinstance(vector, ast.Call) and (self.ctx.resolve(vector.func) or "").rpartition(".")[2] not in ("stack", "array", "asarray", "hstack"):
            return False  # `jnp.ones((t, n))`: a shape, not items
        items = vector.args[0] if isinstance(vector, ast.Call) and vector.args else vector
        return isinstance(items, (ast.List, ast.Tuple)) and len(items.elts) <= SMALL_RANGE and not any(isinstance(item, ast.Starred) for item in items.elts)

    def _few_along(self, operand: ast.expr, axis: int) -> bool:
        """The axis of ``operand`` that meets the diagonal has a few entries: a shape the facts
        know, or a stack of a few listed items along it, in place or bound once to the name."""
        value = self.ctx.value(operand)
        if value.is_array and value.shape and isinstance(value.shape[axis], int):
            return value.shape[axis] <= SMALL_RANGE
        binding = self._assignment(operand, self.ctx.statement) if isinstance(operand, ast.Name) else None
        count = mt.stacked_count(binding.value if binding is not None else operand, axis, self.ctx.resolve)
        return count is not None and count <= SMALL_RANGE

    def _assignment(self, name: ast.Name, statement: ast.AST):
        """The one plain assignment of ``name`` that reaches ``statement`` in the function, or None."""
        if self.ctx.function is None:
            return None
        bindings = self.ctx.facts.bindings_at(name.id, self.ctx.scope, statement)
        if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].path or not isinstance(bindings[0].value, ast.expr):
            return None
        return bindings[0]

    def _leading(self, vector: ast.expr):
        """The length of the argument's first axis when the code shows it (a number or a name)."""
        value = self.ctx.value(vector)
        return value.shape[0] if value.is_array and value.shape else None

    def _rank(self, operand: ast.AST) -> int | None:
        return mt.operand_rank(operand, self.ctx)
