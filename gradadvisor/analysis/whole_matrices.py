"""Matrices built whole only for their diagonal or trace, other than matrix products.

``diag``/``trace`` of a product is ``matrix_terms``' question; this module reads the other ways
code makes an n-by-n matrix to keep n entries of it:

- a whole **Jacobian or Hessian** (``jax.jacfwd(f)(x)``, ``jax.hessian(f)(x)``): n derivative
  passes, whether or not a transform reaches the code;
- a **Kronecker product** (``jnp.kron(A, B)``): (mn)^2 entries for mn kept;
- **columns mapped over an identity** (``jax.vmap(g)(jnp.eye(n))``): one column per basis
  vector, a Jacobian or a ``J^T J`` built column by column.

Each is recognised inline or through a name bound once and used only there
(``J = jax.jacfwd(f)(x)`` ... ``jnp.diag(J)``). ``whole_matrix`` says which, with its parts.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis import matrix_terms as mt
from gradadvisor.analysis.gradient import GRADIENT_FUNCTIONS, derivative_kind
from gradadvisor.analysis.names import canonical

#: Identity constructors whose rows are the basis vectors.
IDENTITIES = frozenset({"jax.numpy.eye", "jax.numpy.identity"})


@dataclass(frozen=True)
class WholeMatrix:
    #: "Jacobian", "Hessian", "Kronecker" or "basis columns".
    kind: str
    #: The expression that builds the matrix.
    matrix: ast.Call
    #: Jacobian/Hessian: (the differentiated function, the point); Kronecker: its two factors;
    #: basis columns: (the mapped function, the identity).
    parts: tuple[ast.expr, ...]
    #: The transform or library function that builds it (``jax.jacfwd``, ``jax.numpy.kron``, ``jax.vmap``).
    builder: str
    #: The evidence line: why the whole matrix is made.
    reason: str


def whole_matrix(argument: ast.AST, ctx, module: str) -> WholeMatrix | None:
    """What ``argument`` (the operand of a ``diag``/``trace`` in array module ``module``) builds
    whole, when it is one of this module's matrices; None otherwise."""
    bound = mt.bound_once(argument, ctx)
    expr = bound[0] if bound is not None else argument
    if not isinstance(expr, ast.Call):
        return None
    if isinstance(expr.func, ast.Call) and expr.func.args:
        qualified = canonical(ctx.resolve(expr.func.func)) or ""
        derivative = derivative_kind(qualified)
        if qualified in GRADIENT_FUNCTIONS and derivative in ("Jacobian", "Hessian") and qualified.startswith("jax."):
            point = expr.args[0] if expr.args else ast.Name(id="x", ctx=ast.Load())
            return WholeMatrix(derivative, expr, (expr.func.args[0], point), qualified,
                               f"`{qualified.rpartition('.')[2]}` builds the full matrix of derivatives, traced or not")
        if qualified == "jax.vmap" and len(expr.func.args) == 1 and not expr.func.keywords and len(expr.args) == 1:
            basis = expr.args[0]
            if isinstance(basis, ast.Call) and canonical(ctx.resolve(basis.func)) in IDENTITIES:
                return WholeMatrix("basis columns", expr, (expr.func.args[0], basis), qualified,
                                   "the vmap over an identity makes one column per basis vector, traced or not")
        return None
    qualified = canonical(ctx.resolve(expr.func)) or ""
    if qualified == f"{module}.kron" and len(expr.args) == 2 and not expr.keywords:
        return WholeMatrix("Kronecker", expr, tuple(expr.args), qualified,
                           "`kron` of an m-by-m and an n-by-n matrix has (mn)^2 entries; the diagonal has mn")
    return None
