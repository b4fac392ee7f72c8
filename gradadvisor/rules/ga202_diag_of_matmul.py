"""GA202 diag-of-matmul: a whole matrix product computed to keep its diagonal."""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.names import AUTODIFF_NUMPY
from gradadvisor.analysis import matrix_terms as mt
from gradadvisor.analysis.operations import operation_of
from gradadvisor.analysis.syntax import one_line
from gradadvisor.analysis.whole_matrices import whole_matrix
from gradadvisor.fixes.diagonal_advice import folded_einsum_report, sum_of_diagonals, whole_matrix_message
from gradadvisor.fixes.diagonal_einsum import DiagonalProduct, diagonal_einsum
from gradadvisor.rules.base import Invalid, Rule, Valid, per_element_matrices

_JIT = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return "


class DiagOfMatmul(Rule):
    """
    ## What it does
    Finds `jnp.diag(A.T @ B)`, `jnp.diagonal(A @ B)`, `jnp.diag(jnp.dot(A, B.T))`,
    `jnp.trace(A @ B)`, `jnp.einsum("ii->i", A @ B)`, `(A @ B).diagonal()`: a whole matrix
    product computed only to keep its diagonal (or its trace), in every spelling of the
    operation table (`analysis/operations.py`): the product as `@`, `jnp.matmul` (with
    `precision=`, which the einsum keeps), `jnp.linalg.matmul`, `jnp.dot`, `A.dot(B)`,
    `jax.lax.dot`, `jnp.einsum("ij,jk->ik", A, B)`; a transpose as `.T`, `.mT`,
    `jnp.transpose`, `jnp.matrix_transpose`, `.transpose()` (or `jnp.swapaxes(A, 0, 1)` of
    a 2-D `A`); the diagonal as `diag`, `diagonal`, `jnp.linalg.diagonal`, the `.diagonal()`
    and `.trace()` methods. Also when the product is named first and used only there
    (`P = A @ B` ... `jnp.diag(P)`), and over the last two axes of a batch
    (`jnp.trace(A @ B, axis1=-2, axis2=-1)`, `jnp.linalg.trace`): `"...ij,...ji->..."`; and the
    function mapped over a 3-D batch of products, `jax.vmap(jnp.diag)(C @ S @ C.T)`, inline or
    through a name bound once to it (`bdiag = jax.jit(jax.vmap(jnp.diag))`). The diagonal or trace
    of two axes of any einsum's output written out (`jnp.trace(jnp.einsum("ab,nbc->nac", P, Q),
    axis1=1, axis2=2)`) folds into the einsum: one letter for both axes, `"ab,nba->n"`.

    ## Why it is slow for gradients
    For n-by-k inputs the product costs n*n*k multiply-adds and an n*n temporary,
    while the diagonal needs only n*k. Reverse mode pays again: the backward pass of
    the matmul is two more full matrix products against an n*n cotangent that is
    zero off the diagonal. It is still much faster than a loop of column dots (GA201); one
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

    ## Fix safety
    The einsum equals the original only for two matrices whose product is square, so the
    fix is *safe* only when the code proves both operands have exactly two axes (a creation
    call, a reshape, a jaxtyping annotation, or every call site in the project passing a
    2-D array) and the kept axes the same length (the same number or symbolic size:
    `Float[Array, "n k"]` twice; `diag` of a non-square product keeps the shorter diagonal,
    the einsum raises). A transpose is not proof: `.T` is a no-op on a vector, where
    `diag` would build a matrix from the product instead; batched 3-D operands make
    `trace` of the product a sum over the batch too. The dtype must not be bool or a
    small integer or float; an unknown dtype is not proven, unless every call site in the
    project passes a float32 or float64 array for the parameter the operand comes from; for `trace` it must be known (`jnp.trace` sums integers and bools in
    a wider dtype, the einsum keeps the input's). For a named product (`P = A @ B` then `jnp.diag(P)`), the operands must
    hold the same values at both lines and not be changed in place between them (a NumPy
    array can be: `A[:, 0] = s`), and `P = A @ B` is left in place (dead code
    under `jit`; delete it yourself). For the `.diagonal()` and `.trace()` methods the
    operands must be jax arrays (NumPy's product keeps NumPy's method). Otherwise the fix
    is *unsafe* and says what it could not prove.

    ## Confirm with trace
    Confirm a finding from the program JAX builds: `gradadvisor trace FILE` on a bench file (or
    `--function mod.py:f --inputs mod.py:inputs --sizes 8,16,32`); the finding then shows as
    *confirmed* under "Scan findings vs trace". `diag-of-matmul` on the line, giving the product's shape for the entries kept. When it runs in a
    loop there is also `slice-backward`: the diagonal's backward scatters into a full zero matrix.

    ## When not to apply
    Not reported when the code shows a kept axis of at most four entries (`g = jnp.eye(4)`,
    a 3x3 deformation gradient): the product is about as cheap as its diagonal. Nor when the code shows a 1-D operand (`v = jnp.ones(n)`, a column
    `X[:, k]`, a number): `diag` then builds a matrix. Calls with an offset (`k=`,
    `offset=`, `axis1=`), plain NumPy (`numpy.diag`, a `np.dot` product: it runs on the host), a named product used anywhere else
    (it is needed anyway), and test code (where `diag(a @ b.T)` is the reference an
    einsum is checked against) are not reported.
    """

    code = "GA202"
    slow_eagerly = True  # the whole product is computed to keep its diagonal, traced or not
    name = "diag-of-matmul"
    summary = "`diag`/`trace` of a matrix product computes the whole product; use one einsum"
    keywords = ("diag", "trace", "einsum")
    expression_trigger = re.compile(r"\b(?:diag|diagonal|trace|einsum)\s*[(),]")  # `vmap(jnp.diag)(...)` too
    trigger = expression_trigger
    aliases = re.compile(r"[ \t]*(?P<name>\w+)\s*=.*\bvmap\s*\(\s*[\w.]*\b(?:diag|diagonal|trace)\b")

    VALID = (
        # The full matrix is returned as well: it is needed anyway.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(K, Ks, V):\n    cov = K - Ks.T @ V\n    return jnp.diag(cov), cov\n"),
        # A sum without a product: nothing is computed in vain.
        Valid("import jax.numpy as jnp\n\ndef f(a, b):\n    return jnp.diag(a + 2.0 * b)\n"),
        Valid("import jax.numpy as jnp\nd = jnp.diag(v)\n"),
        Valid("import jax.numpy as jnp\nm = jnp.diag(jnp.exp(x))\n"),
        Valid("import numpy as np\nd = np.diag(a.T @ b)\n"),
        Valid("import numpy as onp\nd = onp.trace(a @ b)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diag(a @ b, k=1)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diagonal(a @ b, axis1=1, axis2=2)\n"),
        # `vmap(diag)` of one matrix product maps its rows: it builds a matrix per row (GA203's).
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(n):\n    a = jnp.ones((n, n))\n    return jax.vmap(jnp.diag)(a @ a)\n"),
        # A diagonal of four entries: the product is as small as the diagonal.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(d):\n    g = jnp.eye(4)\n    return jnp.diag(g @ jnp.diag(d))\n"),
        Valid("import jax.numpy as jnp\nt = jnp.trace(a)\n"),
        Valid("import jax.numpy as jnp\ndef diag(x):\n    return x\nd = diag(a @ b)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef scale(A):\n    v = jnp.ones(A.shape[1])\n    return jnp.diag(A @ v)\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef scale(A, X):\n    return jnp.diag(A @ X[:, 0])\n"),
        Valid("import jax.numpy as jnp\n\ndef test_einsum(a, b):\n    assert jnp.allclose(jnp.einsum('ij,ij->i', a, b), jnp.diag(a @ b.T))\n"),
        # The named product is used elsewhere: it is needed anyway.
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    p = a @ b\n    return jnp.diag(p), p.sum()\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(x):\n    J = jax.jacfwd(jnp.tanh)(x)\n    return jnp.diag(J), J\n"),  # needed whole
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diag(jnp.kron(a, b), k=1)\n"),
        # NumPy's product runs on the host (nothing to differentiate); an offset; NumPy arrays' own method.
        Valid("import jax\nimport numpy as np\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diag(np.dot(a, b))\n"),
        Valid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return (a @ b).diagonal(1)\n"),
        Valid("import jax.numpy as jnp\nimport numpy as np\n\ndef f():\n    a = np.ones((3, 3))\n    return (a @ a).diagonal()\n"),
    )
    INVALID = (
        # The diagonal of a whole Jacobian, for elementwise derivatives.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\ndef f(x):\n    return jnp.sin(x) * x\n\n@jax.jit\ndef d(x):\n    return jnp.diag(jax.jacfwd(f)(x))\n",
            message_contains="builds the whole Jacobian",
        ),
        # A Kronecker product built for its diagonal, and its trace.
        Invalid(f"{_JIT}jnp.diag(jnp.kron(a, b))\n", message_contains="jnp.kron(jnp.diag(a), jnp.diag(b))"),
        Invalid(f"{_JIT}jnp.trace(jnp.kron(a, jnp.eye(3)))\n", message_contains="jnp.trace(a) * jnp.trace(jnp.eye(3))"),
        # A matrix built by columns over the identity, for its diagonal.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef d(x):\n    def column(e):\n        return jax.jvp(jnp.tanh, (x,), (e,))[1]\n\n"
            "    M = jax.vmap(column)(jnp.eye(x.shape[0]))\n    return jnp.diag(M)\n",
            message_contains="`jax.vmap(lambda e: jnp.vdot(e, column(e)))(jnp.eye(x.shape[0]))`",
        ),
        # The Jacobian named first, used only for its diagonal.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef d(x):\n    J = jax.jacrev(jnp.tanh)(x)\n    return jnp.diag(J)\n",
            message_contains="builds the whole Jacobian",
        ),
        # The covariance rebound to its own diagonal on the default path, a noise term added first.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef predict(K_ss, K_s, sol, noise, full=False):\n"
            "    cov = K_ss - jnp.dot(K_s.T, sol)\n    cov += noise\n    if not full:\n        cov = jnp.diag(cov)\n    return cov\n",
            message_contains="the diagonal of a sum is the sum of the diagonals",
        ),
        # The diagonal of a sum that holds a product (a GP's predictive variance): advice, no fix.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef var(K_ss, K_s, K):\n    v = jnp.linalg.solve(K, K_s)\n"
            "    cov = K_ss - K_s.T @ v\n    return jnp.diag(cov)\n",
            message_contains='jnp.diagonal(K_ss) - jnp.einsum("ij,ij->j", K_s, v)',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diag(a.T @ b)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ij,ij->j", a, b)\n',
            message_contains='jnp.einsum("ij,ij->j", a, b)',
            applicability="unsafe",
        ),
        # Shapes from the reshapes; the dtype from the only call site (the function alone
        # does not show it: float16 data would make the fix change the result).
        Invalid(
            "import jax.numpy as np\n\ndef f(x, y):\n    a = np.reshape(x, (100, 8))\n    b = np.reshape(y, (100, 8))\n    return np.diag(a @ b.T)\n\nf(np.ones(800), np.ones(800))\n",
            expected_fix='import jax.numpy as np\n\ndef f(x, y):\n    a = np.reshape(x, (100, 8))\n    b = np.reshape(y, (100, 8))\n    return np.einsum("ij,ij->i", a, b)\n\nf(np.ones(800), np.ones(800))\n',
            applicability="safe",
        ),
        Invalid(
            "import jax.numpy as np\n\ndef f(x, y):\n    a = np.reshape(x, (100, 8))\n    b = np.reshape(y, (100, 8))\n    return np.diag(a @ b.T)\n",
            expected_fix='import jax.numpy as np\n\ndef f(x, y):\n    a = np.reshape(x, (100, 8))\n    b = np.reshape(y, (100, 8))\n    return np.einsum("ij,ij->i", a, b)\n',
            applicability="unsafe",
        ),
        Invalid(
            "import jax\nfrom jax import numpy as jnp\n\n@jax.grad\ndef f(a, b):\n    return jnp.sum(jnp.diagonal(jnp.matmul(a, b)))\n",
            expected_fix='import jax\nfrom jax import numpy as jnp\n\n@jax.grad\ndef f(a, b):\n    return jnp.sum(jnp.einsum("ij,ji->i", a, b))\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.trace(a @ b)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ij,ji->", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.diag(jnp.dot(jnp.transpose(a), b))\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum("ij,ij->j", a, b)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y1, y):\n    return jnp.diag((y1 - 1).T @ y.T)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(y1, y):\n    return jnp.einsum("ij,ji->j", y1 - 1, y)\n',
        ),
        Invalid(
            "import autograd.numpy as np\nfrom autograd import grad\n\ndef f(a, b):\n    return np.sum(np.diag(a.transpose() @ b))\n\ng = grad(f)\n",
            expected_fix='import autograd.numpy as np\nfrom autograd import grad\n\ndef f(a, b):\n    return np.sum(np.einsum("ij,ij->j", a, b))\n\ng = grad(f)\n',
        ),
        Invalid(
            "import jax\nimport jax.numpy\nfrom jax.numpy import diag\n\n@jax.jit\ndef f(a, b):\n    return diag(a @ b)\n",
            expected_fix='import jax\nimport jax.numpy\nfrom jax.numpy import diag\n\n@jax.jit\ndef f(a, b):\n    return jax.numpy.einsum("ij,ji->i", a, b)\n',
        ),
        # A named product used only for its diagonal.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    p = a @ b.T\n    return jnp.sum(jnp.diag(p))\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    p = a @ b.T\n    return jnp.sum(jnp.einsum("ij,ij->i", a, b))\n',
            message_contains="p = a @ b.T",
        ),
        # einsum("ii->i", A @ B): the same waste, spelled as an einsum.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum('ii->i', a @ b)\n",
            expected_fix="import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, b):\n    return jnp.einsum('ij,ji->i', a, b)\n",
        ),
        # Spellings from the operation table (analysis/operations.py); `precision=` carries over.
        Invalid(
            f"{_JIT}jnp.diag(jnp.matmul(a, b, precision='highest'))\n",
            expected_fix=f"{_JIT}jnp.einsum('ij,ji->i', a, b, precision='highest')\n",
            message_contains="precision='highest'",
        ),
        Invalid(f"{_JIT}jnp.diag(a.dot(b))\n", expected_fix=f'{_JIT}jnp.einsum("ij,ji->i", a, b)\n', message_contains="a.dot(b)"),
        Invalid(f"{_JIT}jnp.diagonal(jax.lax.dot(a, b.T))\n", message_contains="jax.lax.dot(a, b.T)"),
        Invalid(f"{_JIT}jnp.trace(jnp.linalg.matmul(a, b))\n", message_contains="jnp.linalg.matmul(a, b)"),
        Invalid(f'{_JIT}jnp.diag(jnp.einsum("ij,jk->ik", a, b))\n', message_contains='jnp.einsum("ij,jk->ik", a, b)'),
        # Over the last two axes of a batch: the einsum keeps the batch axes.
        Invalid(
            f"{_JIT}jnp.trace(jnp.matmul(a, b), axis1=-1, axis2=-2)\n",
            expected_fix=f'{_JIT}jnp.einsum("...ij,...ji->...", a, b)\n',
            message_contains="...ij,...ji->...",
        ),
        # A method: NumPy's when the operands are NumPy arrays, so that is a condition of the fix.
        Invalid(f"{_JIT}(a.T @ b).diagonal()\n", message_contains="(a.T @ b).diagonal()", applicability="unsafe"),
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, v):\n    h = w.dot(v.T)\n    return jnp.diagonal(h)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(w, v):\n    h = w.dot(v.T)\n    return jnp.einsum("ij,ij->i", w, v)\n',
            message_contains="h = w.dot(v.T)",
        ),
        # swapaxes is a transpose of a 2-D array only: peeled once the reshape proves it.
        Invalid(
            "import jax.numpy as jnp\n\ndef f(x, y):\n    a = jnp.reshape(x, (8, 8))\n    b = jnp.reshape(y, (8, 8))\n    return jnp.diag(jnp.swapaxes(a, 0, 1) @ b)\n\nf(jnp.ones(64), jnp.ones(64))\n",
            expected_fix='import jax.numpy as jnp\n\ndef f(x, y):\n    a = jnp.reshape(x, (8, 8))\n    b = jnp.reshape(y, (8, 8))\n    return jnp.einsum("ij,ij->j", a, b)\n\nf(jnp.ones(64), jnp.ones(64))\n',
            message_contains="jnp.swapaxes(a, 0, 1)",
            applicability="safe",
        ),
    )

    INVALID += (
        # The diagonal of each product of a batch, through `vmap`: the einsum keeps the batch axis.
        Invalid(
            "import jax\nimport jax.numpy as jnp\n\nbdiag = jax.jit(jax.vmap(jnp.diag))\n\n@jax.jit\ndef f(n, t):\n"
            "    c = jnp.ones((n, 4))\n    s = jnp.ones((t, 4, 4))\n    return bdiag(c @ s @ c.T)\n",
            expected_fix='import jax\nimport jax.numpy as jnp\n\nbdiag = jax.jit(jax.vmap(jnp.diag))\n\n@jax.jit\ndef f(n, t):\n'
            '    c = jnp.ones((n, 4))\n    s = jnp.ones((t, 4, 4))\n    return jnp.einsum("...ij,...ij->...i", c @ s, c)\n',
        ),
        Invalid("import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(c, s):\n    return jax.vmap(jnp.trace)(c @ s @ c.T)\n"),
        # The trace of each matrix of an einsum's batched output: one letter for both axes.
        Invalid(
            'import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, q):\n    return jnp.trace(jnp.einsum("ab,nbc->nac", p, q), axis1=1, axis2=2)\n',
            expected_fix='import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, q):\n    return jnp.einsum("ab,nba->n", p, q)\n',
        ),
    )

    def visit_Call(self, node: ast.Call) -> None:
        ctx = self.ctx
        outer = operation_of(node, ctx.resolve, bound=ctx.bound)
        if outer is None or outer.name not in ("diagonal", "trace") or outer.keywords or outer.host:
            return
        if outer.module is not None and mt.namespace(outer.module) not in AUTODIFF_NUMPY:
            return
        kind, argument = outer.name, outer.operands[0]
        if operation_of(argument, ctx.resolve, self._rank) is None and self._folded(node, outer):
            return
        batched = mt.last_two_axes(outer)
        if batched is None:
            return
        module = mt.namespace(outer.module) if outer.module is not None else ctx.names.numpy_module()
        if not batched and self._whole_matrix(node, kind, argument, module):
            return
        whole, argument = argument, mt.real_part(argument, ctx.resolve)  # ``trace((a @ b).real)``: the real part of the trace
        product, named = mt.product(argument, ctx, self._rank)
        if product is None:
            if not batched and whole is argument:
                self._combination(node, kind, argument, module)
            return
        (left, left_t), (right, right_t), keywords = product
        ranks = (self._rank(left), self._rank(right))
        mapped = outer.variant in ("mapped", "mapped-diag")
        if mapped and (ranks == (2, 2) or any(rank is not None and rank > 3 for rank in ranks)):
            return  # `vmap(diag)` of one matrix maps its rows; of a 4-D batch, each element's first two axes
        batched = batched and ranks != (2, 2)
        # `vmap(diag)(c @ s @ c.T)`: a transposed operand of a mapped product is taken to be a matrix
        if batched and any(transposed and rank != 2 and not (mapped and rank is None) for transposed, rank in ((left_t, ranks[0]), (right_t, ranks[1]))):
            return  # `.T` of a batch reverses every axis: not the transpose of each matrix
        if keywords and module != "jax.numpy":
            return
        method = outer.module is None  # `(a @ b).diagonal()`: NumPy's own when the operands are
        if method and any(ctx.value(operand).host for operand in (left, right)):
            return
        if any(rank is not None and rank < 2 for rank in ranks):
            return  # a matrix-vector product: `diag` builds a matrix from the vector
        left_axis, right_axis = (1 if left_t else 0), (0 if right_t else 1)
        dims = tuple(mt.dim(ctx.value(operand), axis, batched) if batched else mt.chain_dim(operand, axis, ctx)
                     for operand, axis in ((left, left_axis), (right, right_axis)))
        if any(isinstance(size, int) and size <= mt.SMALL_MATRIX for size in dims):
            return  # a diagonal of a few entries (`g = jnp.eye(4)`): the product is as small
        fix, rewrite = diagonal_einsum(ctx, node, DiagonalProduct(
            kind, module, whole, argument, left, right, (left_t, right_t), ranks, dims, batched, mapped, method, keywords, named, outer.spelling.name,
        ))
        kept = "trace" if kind == "trace" else "diagonal"
        where = f" (`{one_line(ctx.code(named), 40)}`)" if named is not None else ""
        self.report(
            node,
            f"`{one_line(ctx.code(node), 50)}` computes the whole matrix product{where} to keep its {kept}, and its "
            f"gradient pays for the whole product too; use `{one_line(rewrite, 80)}`",
            size="proven" if ranks == (2, 2) else "likely",
            evidence=[
                "both operands are matrices" if ranks == (2, 2)
                else "a batch of matrix products, kept over the last two axes" if batched
                else "taken to be a product of matrices (the ranks are not shown; of a matrix-vector product `diag` builds a matrix instead)"
                if outer.spelling.variant == "diag" else "the product is a matrix (its diagonal or trace needs two axes)",
                *(item for item in (ctx.shape_evidence(left), ctx.shape_evidence(right)) if item),
            ],
            fix=fix, data={"captured": mt.captured_operand((left, right), ctx), "operand_params": mt.source_params((left, right), ctx)},
        )

    def _folded(self, node: ast.Call, outer) -> bool:
        """``jnp.trace(jnp.einsum("ab,nbc->nac", P, Q), axis1=1, axis2=2)``: the einsum with the two
        letters made one (``fixes/diagonal_advice.folded_einsum_report``). Unsafe fix."""
        found = folded_einsum_report(node, outer, self.ctx)
        if found is not None:
            message, evidence, fix = found
            self.report(node, message, size="likely", evidence=evidence, fix=fix)
        return found is not None

    def _whole_matrix(self, node: ast.Call, kind: str, argument: ast.AST, module: str) -> bool:
        """A Jacobian, a Kronecker product or columns over an identity built whole for the
        diagonal (``analysis/whole_matrices.py``). Advice, no fix. A Jacobian or a matrix of
        columns is slow whether or not a transform reaches it (``need="here"``)."""
        found = whole_matrix(argument, self.ctx, module)
        if found is None:
            return False
        kept = "trace" if kind == "trace" else "diagonal"
        # The exact trace of a Jacobian takes one pass per input however it is written: only the
        # memory (and a random estimate) changes, so it stays low unless something shows more.
        exact_trace = kept == "trace" and found.kind in ("Jacobian", "Hessian")
        self.report(
            node, whole_matrix_message(found, node, kept, self.ctx), size="none" if exact_trace else "likely",
            need="traced" if found.kind == "Kronecker" else "here", evidence=[found.reason],
        )
        return True

    def _combination(self, node: ast.Call, kind: str, argument: ast.AST, module: str) -> None:
        """``jnp.diag(K_ss - K_s.T @ v)`` (or of a name bound once to it): the diagonal of a sum is
        the sum of the diagonals, and the product's needs no product. Advice, no fix."""
        ctx = self.ctx
        expr, named, also = argument, None, False
        if isinstance(argument, ast.Name) and ctx.function is not None:
            followed = mt.followed(argument, ctx)
            if followed is None:
                self._arms(node, kind, argument, module)  # C assigned in each arm of an if/else
                return  # or the matrix is used elsewhere too: it is needed anyway
            expr, named, also = followed
        helper = mt.returned_by_helper(expr, ctx)  # ``jnp.trace(mul(a, b))``, ``def mul(x, y): return x @ y``
        if helper is not None:
            expr = named = helper
        terms = mt.terms(expr)
        if len(terms) < (1 if helper is not None else 2) or helper is not None and not any(mt.matmul_operands(term, ctx, self._rank) for _, term in terms):
            return
        rewrite = sum_of_diagonals(terms, kind, module, self._rank, ctx)
        if rewrite is None:
            return
        kept = "trace" if kind == "trace" else "diagonal"
        # a helper's inlined return is built, with no source of its own: rendered
        where = f" (`{one_line(ctx.code(named) if helper is None else ctx.renderer.code(named), 40)}`)" if named is not None else ""
        evidence = ["the argument adds or subtracts matrix products" if helper is None else "the helper returns a matrix product of its arguments"]
        if also:
            evidence.append("the full matrix is also returned or added to on another path: only that path needs it")
        self.report(
            node,
            f"`{one_line(ctx.code(node), 50)}` computes a whole matrix product{where} to keep its {kept}, and its gradient "
            f"pays for the whole product too; " + (f"the {kept} of a sum is the sum of the {kept}s: " if len(terms) > 1 else "use ") + f"`{one_line(rewrite, 100)}`",
            size="likely", evidence=evidence,
        )

    def _arms(self, node: ast.Call, kind: str, argument: ast.Name, module: str) -> None:
        """``if chol: C = Kss - Ksx @ S`` ``else: C = Kss - Ksx @ inv(K) @ Ksx.T``, then
        ``jnp.diag(C)``: every arm's matrix a sum of products, each its own rewrite. Advice."""
        ctx = self.ctx
        arms = mt.followed_arms(argument, ctx)
        rewrites = []
        for expr, statement in sorted(arms or (), key=lambda arm: arm[1].lineno):
            terms = mt.terms(expr)
            rewrite = sum_of_diagonals(terms, kind, module, self._rank, ctx) if len(terms) >= 2 else None
            if rewrite is None:
                return
            rewrites.append(f"`{one_line(rewrite, 80)}` for line {statement.lineno}")
        if not rewrites:
            return
        kept = "trace" if kind == "trace" else "diagonal"
        self.report(
            node,
            f"`{one_line(ctx.code(node), 50)}` computes a whole matrix product (`{argument.id}`, assigned in each branch of an `if`) to keep its {kept}, "
            f"and its gradient pays for the whole product too; the {kept} of a sum is the sum of the {kept}s: " + "; ".join(rewrites),
            size="likely", evidence=[f"every branch assigns `{argument.id}` a sum of matrix products, used only here"],
        )

    def _rank(self, operand: ast.AST) -> int | None:
        return mt.operand_rank(operand, self.ctx)

    @classmethod
    def finalize(cls, candidate, project):
        """In a function mapped by ``vmap`` the matrices are one element's (a 3x3 deformation
        gradient per point): the product is small whatever the batch, so the finding is low."""
        return per_element_matrices(cls, candidate, project)
