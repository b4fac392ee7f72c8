"""The algebra of a loop state's update: whether ``new`` is affine in ``old``.

``affine`` reads ``expr`` as ``a * state + b`` (``A @ state + b`` for a matrix) with ``a`` and ``b``
free of the state: a linear recurrence, which ``jax.lax.associative_scan`` (or ``jnp.cumsum`` /
``jnp.cumprod``) computes in parallel. ``inline`` substitutes names defined earlier in the step.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from gradadvisor.analysis.syntax import FUNCTION_NODES, substitute, walk


@dataclass(frozen=True)
class Affine:
    """``new = coefficient * old + offset`` (None: 1 and 0); ``matrix``: ``coefficient @ old``."""

    coefficient: ast.expr | None
    offset: ast.expr | None
    matrix: bool = False
    #: ``new = old + offset``: a running sum.
    @property
    def additive(self) -> bool:
        return self.coefficient is None

    @property
    def multiplicative(self) -> bool:
        return self.offset is None and self.coefficient is not None and not self.matrix


def affine(expr: ast.expr, is_state, is_stateful, matmul_names: frozenset[str] = frozenset({"jax.numpy.dot", "jax.numpy.matmul"}), resolve=None) -> Affine | None:
    """``expr`` as ``a * state + b`` with ``a`` and ``b`` free of the state, or None.

    ``is_state(node)``: the node reads the old state (``x``, ``x[i - 1]``); ``is_stateful(node)``:
    the node depends on the state in another way (then it is not affine, unless it is the state)."""

    def free(node: ast.AST) -> bool:
        return not any(is_state(child) or is_stateful(child) for child in walk(node))

    def build(node: ast.expr, depth: int = 0) -> Affine | None | str:
        """An Affine, "free" for a state-free expression, None when not affine."""
        if depth > 30:
            return None
        if is_state(node):
            return Affine(None, None)
        if free(node):
            return "free"
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            inner = build(node.operand, depth + 1)
            if not isinstance(inner, Affine):
                return None if inner is None else "free"
            return Affine(_neg(inner.coefficient), _neg_opt(inner.offset), inner.matrix)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
            return build(node.operand, depth + 1)
        if isinstance(node, ast.BinOp):
            left, right = build(node.left, depth + 1), build(node.right, depth + 1)
            if left is None or right is None:
                return None
            if isinstance(node.op, (ast.Add, ast.Sub)):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine):
                    other = node.right if isinstance(node.op, ast.Add) else ast.UnaryOp(op=ast.USub(), operand=node.right)
                    return Affine(left.coefficient, _add(left.offset, other), left.matrix)
                if isinstance(right, Affine):
                    sign = isinstance(node.op, ast.Sub)
                    coefficient = _neg(right.coefficient) if sign else right.coefficient
                    offset = _neg_opt(right.offset) if sign else right.offset
                    return Affine(coefficient, _add(node.left, offset) if offset is not None else node.left, right.matrix)
                return "free"
            if isinstance(node.op, ast.Mult):
                if isinstance(left, Affine) and isinstance(right, Affine):
                    return None
                if isinstance(left, Affine) and not left.matrix:
                    return Affine(_mul(left.coefficient, node.right), _mul_opt(left.offset, node.right))
                if isinstance(right, Affine) and not right.matrix:
                    return Affine(_mul(right.coefficient, node.left, left_side=True), _mul_opt(right.offset, node.left, left_side=True))
                return None if isinstance(left, Affine) or isinstance(right, Affine) else "free"
            if isinstance(node.op, ast.Div):
                if isinstance(left, Affine) and right == "free" and not left.matrix:
                    return Affine(_div(left.coefficient, node.right), _div_opt(left.offset, node.right))
                return None
            if isinstance(node.op, ast.MatMult):
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.left, None, True)
                return None
            return None
        if isinstance(node, ast.Call) and resolve is not None and len(node.args) == 2 and not node.keywords:
            qualified = resolve(node.func) or ""
            if qualified in matmul_names:
                left, right = build(node.args[0], depth + 1), build(node.args[1], depth + 1)
                if left == "free" and isinstance(right, Affine) and right.coefficient is None and right.offset is None:
                    return Affine(node.args[0], None, True)
            return None
        return None

    result = build(expr)
    return result if isinstance(result, Affine) else None


def _neg(node: ast.expr | None) -> ast.expr:
    return ast.UnaryOp(op=ast.USub(), operand=node if node is not None else ast.Constant(1))


def _neg_opt(node: ast.expr | None) -> ast.expr | None:
    return None if node is None else ast.UnaryOp(op=ast.USub(), operand=node)


def _add(left: ast.expr | None, right: ast.expr) -> ast.expr:
    return right if left is None else ast.BinOp(left=left, op=ast.Add(), right=right)


def _mul(coefficient: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr:
    if coefficient is None:
        return factor
    return ast.BinOp(left=factor, op=ast.Mult(), right=coefficient) if left_side else ast.BinOp(left=coefficient, op=ast.Mult(), right=factor)


def _mul_opt(offset: ast.expr | None, factor: ast.expr, left_side: bool = False) -> ast.expr | None:
    return None if offset is None else _mul(offset, factor, left_side)


def _div(coefficient: ast.expr | None, divisor: ast.expr) -> ast.expr:
    return ast.BinOp(left=coefficient if coefficient is not None else ast.Constant(1), op=ast.Div(), right=divisor)


def _div_opt(offset: ast.expr | None, divisor: ast.expr) -> ast.expr | None:
    return None if offset is None else ast.BinOp(left=offset, op=ast.Div(), right=divisor)


def inline(expr: ast.expr, definitions: dict[str, ast.expr], depth: int = 4) -> ast.expr:
    """``expr`` with names replaced by their definitions earlier in the step (a few levels)."""
    for _ in range(depth):
        changed = False

        def replace(node: ast.AST) -> ast.AST | None:
            nonlocal changed
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in definitions:
                changed = True
                return definitions[node.id]
            if isinstance(node, FUNCTION_NODES):
                return node
            return None

        expr = substitute(expr, replace)  # type: ignore[assignment]
        if not changed:
            break
    return expr
