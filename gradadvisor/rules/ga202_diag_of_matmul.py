"""GA202 diag-of-matmul: a whole matrix product computed to keep its diagonal."""

from __future__ import annotations

import re

import libcst as cst

from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis.testcode import in_test_code
from gradadvisor.rules.base import Fix, Invalid, Rule, Valid


class DiagOfMatmul(Rule):
    """
    ## What it does
    Finds `jnp.diag(A.T @ B)`, `jnp.diagonal(A @ B)`, `jnp.diag(jnp.dot(A, B.T))`,
    `jnp.diag(jnp.matmul(A, B))`, `jnp.trace(A @ B)` and their `transpose` spellings:
    a whole matrix product computed only to keep its diagonal (or its trace).

    ## Why it is slow for gradients
    For n-by-k inputs the product costs n*n*k multiply-adds and an n*n temporary,
    while the diagonal needs only n*k. Reverse mode pays again: the backward pass of
    the matmul is two more full matrix products against an n*n cotangent that is
    zero off the diagonal. In seed thread 000 this was the *fast* version; one
    einsum is faster still, forward and backward.

    ## Example
    ```python
    scores = jnp.diag(y1.T @ y)          # (b, b) product, b entries kept
    energy = jnp.trace(A @ B)
    ```

    ## Use instead
    ```python
    scores = jnp.einsum("ij,ij->j", y1, y)   # column-wise inner products
    energy = jnp.einsum("ij,ji->", A, B)
    ```

    ## When not to apply
    Only 2-D operands: for a 1-D operand the product is a vector and `jnp.diag` builds
    a matrix from it instead (the einsum then raises a shape error rather than giving
    a different answer). So `diag` is not reported when the code shows a 1-D operand
    (`v = jnp.ones(n)`, a column `X[:, k]`, a number), and its fix is *unsafe* unless
    a transpose or the operands' creation shows two matrices. Calls with an offset
    (`k=`, `offset=`, `axis1=`), plain NumPy (`numpy.diag`) and test code (where
    `diag(a @ b.T)` is the reference an einsum is checked against) are not reported.
    """

    code = "GA202"
    name = "diag-of-matmul"
    summary = "`diag`/`trace` of a matrix product computes the whole product; use one einsum"
    keywords = ("diag", "trace")
    trigger = re.compile(r"\b(?:diag|diagonal|trace)\s*\([^;]{0,200}?(?:@|\bdot\s*\(|\bmatmul\s*\()", re.DOTALL)

    VALID = (
        Valid("import jax.numpy as jnp\nd = jnp.diag(v)\n"),
        Valid("import jax.numpy as jnp\nm = jnp.diag(jnp.exp(x))\n"),
        Valid("import numpy as np\nd = np.diag(a.T @ b)\n"),
        Valid("import numpy as onp\nd = onp.trace(a @ b)\n"),
        Valid("import jax.numpy as jnp\nd = jnp.diag(a @ b, k=1)\n"),
        Valid("import jax.numpy as jnp\nd = jnp.diagonal(a @ b, axis1=1, axis2=2)\n"),
        Valid("import jax.numpy as jnp\nt = jnp.trace(a)\n"),
        Valid("import jax.numpy as jnp\ndef diag(x):\n    return x\nd = diag(a @ b)\n"),
        Valid("import jax.numpy as jnp\n\ndef scale(A):\n    v = jnp.ones(A.shape[1])\n    return jnp.diag(A @ v)\n"),
        Valid("import jax.numpy as jnp\n\ndef scale(A, X):\n    return jnp.diag(A @ X[:, 0])\n"),
        Valid("import jax.numpy as jnp\n\ndef test_einsum(a, b):\n    assert jnp.allclose(jnp.einsum('ij,ij->i', a, b), jnp.diag(a @ b.T))\n"),
    )
    INVALID = (
        Invalid(
            "import jax.numpy as jnp\nd = jnp.diag(a.T @ b)\n",
            expected_fix='import jax.numpy as jnp\nd = jnp.einsum("ij,ij->j", a, b)\n',
            message_contains='jnp.einsum("ij,ij->j", a, b)',
        ),
        Invalid(
            "import jax.numpy as np\nd = np.diag(a @ b.T)\n",
            expected_fix='import jax.numpy as np\nd = np.einsum("ij,ij->i", a, b)\n',
        ),
        Invalid(
            "from jax import numpy as jnp\nd = jnp.diagonal(jnp.matmul(a, b))\n",
            expected_fix='from jax import numpy as jnp\nd = jnp.einsum("ij,ji->i", a, b)\n',
        ),
        Invalid(
            "import jax.numpy as jnp\nt = jnp.trace(a @ b)\n",
            expected_fix='import jax.numpy as jnp\nt = jnp.einsum("ij,ji->", a, b)\n',
        ),
        Invalid(
            "import jax.numpy as jnp\nd = jnp.diag(jnp.dot(jnp.transpose(a), b))\n",
            expected_fix='import jax.numpy as jnp\nd = jnp.einsum("ij,ij->j", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y1, y):\n    return jnp.diag((y1 - 1).T @ y.T)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y1, y):\n    return jnp.einsum("ij,ji->j", y1 - 1, y)\n',
        ),
        Invalid(
            "import autograd.numpy as np\nd = np.diag(a.transpose() @ b)\n",
            expected_fix='import autograd.numpy as np\nd = np.einsum("ij,ij->j", a, b)\n',
        ),
        Invalid(
            "import jax.numpy\nfrom jax.numpy import diag\nd = diag(a @ b)\n",
            expected_fix='import jax.numpy\nfrom jax.numpy import diag\nd = jax.numpy.einsum("ij,ji->i", a, b)\n',
        ),
    )

    def visit_Call(self, node: cst.Call) -> None:
        function = self.ctx.names.autodiff_numpy_function(node.func)
        if function not in ("diag", "diagonal", "trace") or len(node.args) != 1:
            return
        arg = node.args[0]
        if arg.keyword is not None or arg.star:
            return
        product = _matmul_operands(arg.value, self.ctx.names)
        if product is None or in_test_code(self.ctx.path, self.ctx.scope_stack):
            return  # in tests, `diag(a @ b.T)` is the reference an einsum is checked against
        (left, left_t), (right, right_t) = product
        ranks = (self._rank(left), self._rank(right))
        if function == "diag" and any(rank is not None and rank < 2 for rank in ranks):
            return  # a matrix-vector product: `diag` builds a matrix from the vector
        # `diag` of a matrix-vector product builds a matrix, and the einsum would raise:
        # the fix is safe only when the code shows matrices (a transpose, or ranks of 2).
        shows_matrices = left_t or right_t or ranks == (2, 2)
        applicability = "safe" if function != "diag" or shows_matrices else "unsafe"
        subscripts = _subscripts(left_t, right_t, trace=function == "trace")
        qualified = self.ctx.names.resolve(node.func) or ""
        module = next(m for m in AUTODIFF_NUMPY if qualified.startswith(m + "."))
        einsum, imports = self.ctx.names.spell(f"{module}.einsum", like=node.func)
        replacement = cst.Call(
            func=einsum,
            args=[
                cst.Arg(cst.SimpleString(f'"{subscripts}"')),
                cst.Arg(_bare(left)),
                cst.Arg(_bare(right)),
            ],
        )
        rewrite = cst.Module([]).code_for_node(replacement)
        original = cst.Module([]).code_for_node(node)
        kept = "trace" if function == "trace" else "diagonal"
        self.report(
            node,
            f"`{original}` computes the whole matrix product to keep its {kept}, and its gradient "
            f"pays for the whole product too; use `{rewrite}`"
            + ("" if applicability == "safe" else " (if both operands are matrices)"),
            fix=Fix(node, replacement, applicability, tuple(imports)),
        )

    def _rank(self, operand: cst.BaseExpression) -> int | None:
        """The operand's number of axes when the code shows it; a row or column pick ``X[:, k]`` counts as 1."""
        if isinstance(operand, (cst.Integer, cst.Float)):
            return 0
        if isinstance(operand, cst.Subscript) and _picks_row_or_column(operand):
            return 1
        return self.ctx.loops.arrays.rank(operand, self.ctx.current_function)


def _picks_row_or_column(subscript: cst.Subscript) -> bool:
    """``X[:, k]`` or ``X[k, :]``: one index and one full slice."""
    kinds = [type(element.slice) for element in subscript.slice]
    return sorted(kind.__name__ for kind in kinds) == ["Index", "Slice"]


def _bare(expr: cst.BaseExpression) -> cst.BaseExpression:
    """The expression without redundant outer parentheses, as a call argument."""
    if isinstance(expr, (cst.Tuple, cst.GeneratorExp, cst.Yield)):
        return expr
    return expr.with_changes(lpar=[], rpar=[]) if hasattr(expr, "lpar") else expr


def _matmul_operands(expr: cst.BaseExpression, names) -> tuple[tuple[cst.BaseExpression, bool], tuple[cst.BaseExpression, bool]] | None:
    """``((A, transposed), (B, transposed))`` for ``A @ B``, ``dot(A, B)``, ``matmul(A, B)``."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.MatrixMultiply):
        left, right = expr.left, expr.right
    elif isinstance(expr, cst.Call) and names.autodiff_numpy_function(expr.func) in ("dot", "matmul"):
        positional = [arg for arg in expr.args if arg.keyword is None and not arg.star]
        if len(positional) != 2 or len(expr.args) != 2:
            return None
        left, right = positional[0].value, positional[1].value
    else:
        return None
    return _operand(left, names), _operand(right, names)


def _operand(expr: cst.BaseExpression, names) -> tuple[cst.BaseExpression, bool]:
    """Peel one transpose: ``A.T``, ``A.mT``, ``jnp.transpose(A)``, ``A.transpose()``."""
    if isinstance(expr, cst.Attribute) and expr.attr.value in ("T", "mT") and not expr.lpar:
        return expr.value, True
    if isinstance(expr, cst.Call):
        if names.autodiff_numpy_function(expr.func) in ("transpose", "matrix_transpose") and len(expr.args) == 1 and expr.args[0].keyword is None:
            return expr.args[0].value, True
        if isinstance(expr.func, cst.Attribute) and expr.func.attr.value == "transpose" and not expr.args:
            return expr.func.value, True
    return expr, False


def _subscripts(left_transposed: bool, right_transposed: bool, trace: bool) -> str:
    """Einsum subscripts for diag(X @ Y), X = A or A.T, Y = B or B.T.

    With r the kept index and k the summed one, A's axes are (r, k), or (k, r) when
    transposed; B's are (k, r), or (r, k). A's axes are named i, j in order.
    """
    a_axes = ("k", "r") if left_transposed else ("r", "k")
    b_axes = ("r", "k") if right_transposed else ("k", "r")
    letter = {a_axes[0]: "i", a_axes[1]: "j"}
    a = "".join(letter[axis] for axis in a_axes)
    b = "".join(letter[axis] for axis in b_axes)
    out = "" if trace else letter["r"]
    return f"{a},{b}->{out}"
