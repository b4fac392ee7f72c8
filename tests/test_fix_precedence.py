"""Fixes print code that Python reads as the rewrite means: parentheses for the slot a
replacement lands in and for original sub-expressions kept inside new code (one precedence
table in ``fixes/render.py``, for every rule), and comments inside a replaced expression
kept above the statement."""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradadvisor.analysis.syntax import Source, substitute
from gradadvisor.engine.runner import check_text
from gradadvisor.fixes.apply import apply_fix_rounds
from gradadvisor.fixes.edits import Preconditions, apply_edits
from gradadvisor.fixes.render import Renderer, comments_in
from gradadvisor.rules import rule_by_code

#: Statements with a slot ``P`` for the replacement: every operand position that has a rule.
CONTEXTS = [
    "y = P", "y = P ** 2", "y = 2 ** P", "y = -P", "y = +P", "y = ~P", "y = not P", "y = P + 1", "y = 1 + P",
    "y = 1 - P", "y = P - 1", "y = P * 3", "y = 3 / P", "y = 3 // P", "y = 3 % P", "y = P @ w", "y = w @ P",
    "y = P | q", "y = q & P", "y = q ^ P", "y = P << 1", "y = P.sum()", "y = P[0]", "y = P.T", "y = P(1)",
    "y = P < 1", "y = 1 < P < 2", "y = P == q", "y = P in q", "y = P is None", "y = a and P", "y = P or a",
    "y = P if c else d", "y = c if P else d", "y = c if d else P", "y = f(P)", "y = f(k=P)", "y = f(*P)",
    "y = [P, 1]", "y = (P, 1)", "y = {P: 1}", "y = {1: P}", "y = x[P]", "y = x[P:1]", "y = x[1:P]", "y = x[P, 1]",
    "y = [z for z in P]", "y = [z for z in q if P]", "y = [P for z in q]", "y = lambda: P", "y = (yield P)",
    "return P", "y += P", "assert P, P", "for z in P: pass", "if P: pass", "while P: break", "with P: pass",
    "P.attr = 1", "P[0] = 1", "del P[0]", "y = await P", "y = P ** -P",
]  # fmt: skip
#: Replacements a rule may build (new code: no positions).
REPLACEMENTS = [
    "xs", "-xs", "xs + 1.0", "xs - 0.5", "xs * 2", "xs / 3", "xs ** 2", "-xs ** 2", "(-xs) ** 2", "not xs",
    "xs < 1", "xs if c else d", "lambda: xs", "xs and ys", "xs or ys", "(xs, ys)", "f(xs)", "xs.T", "xs[0]",
    "jnp.einsum('ij,ij->j', a, b)", "a @ b", "xs | ys", "~xs", "1.0 + jnp.sum(xs, axis=0)", "x.at[i].set(v)",
    "await xs", "(y := 2)",
]  # fmt: skip
#: Original expressions (``keep = ...`` in the file) that a replacement may hold.
ORIGINALS = [
    "a + b", "-a", "a ** b", "a if c else d", "lambda: a", "a, b", "(a, b)", "a < b", "not a", "a or b", "f(a)",
    "a[0]", "1", "(x for x in y)", "(a +\n    b)", "[a,\n     b]", "await a", "'text'",
]  # fmt: skip
#: Replacement shapes around an original ``O``.
AROUND = ["O", "-O", "O ** 2", "2 ** O", "O.sum()", "O[0]", "f(O)", "O * 2", "2 - O", "not O", "O < 1", "(O, 1)", "lambda: O", "[z for z in O]"]


def _new(expression: str) -> ast.expr:
    """``expression`` as a rule builds it: nodes without positions."""
    node = ast.parse(expression, mode="eval").body
    for child in ast.walk(node):
        for attribute in ("lineno", "col_offset", "end_lineno", "end_col_offset"):
            if hasattr(child, attribute):
                delattr(child, attribute)
    return node


def _module(statement: str, keep: str | None = None) -> str:
    body = textwrap.indent(statement, "    ")
    lines = f"    keep = {keep}\n" if keep is not None else ""
    return f"async def g():\n{lines}{body}\n"


def _slot(tree: ast.AST) -> ast.Name:
    return next(node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "P")


def _replaced(text: str, tree: ast.AST, target: ast.AST, replacement: ast.expr) -> tuple[str, str]:
    """The file with ``target`` replaced by the renderer, and the tree it should parse to."""
    rewrite = Renderer(Source(text), tree).replace_expression(target, replacement)
    fixed = apply_edits(text, rewrite.edits)
    expected = substitute(tree, lambda node: replacement if node is target else None)
    return fixed, ast.dump(expected)


def _parsed(fixed: str) -> str:
    return ast.dump(ast.parse(fixed))


def _valid(statement: str, replacement: str) -> bool:
    """Whether Python allows the replaced code at all, with any parentheses: ``await`` in a
    lambda and ``:=`` in a comprehension's iterable never parse."""
    if "await" in replacement and "lambda" in statement:
        return False
    return not (":=" in replacement and " for " in statement)


@pytest.mark.parametrize("statement", CONTEXTS)
def test_a_replacement_is_parenthesised_for_its_slot(statement):
    for expression in REPLACEMENTS:
        text = _module(statement)
        tree = ast.parse(text)
        target = _slot(tree)
        if not _valid(statement, expression):
            continue
        fixed, expected = _replaced(text, tree, target, _new(expression))
        assert _parsed(fixed) == expected, f"{statement!r} with {expression!r} gave:\n{fixed}"


@pytest.mark.parametrize("original", ORIGINALS)
def test_original_code_kept_inside_a_replacement_keeps_its_grouping(original):
    for around in AROUND:
        for statement in ("y = P", "y = P ** 2", "y = P.sum()", "y = -P", "y = f(P)"):
            if not _valid(around, original):
                continue
            text = _module(statement, keep=original)
            tree = ast.parse(text)
            kept = tree.body[0].body[0].value  # type: ignore[attr-defined]
            replacement = substitute(_new(around), lambda node: kept if isinstance(node, ast.Name) and node.id == "O" else None)
            fixed, expected = _replaced(text, tree, _slot(tree), replacement)
            assert _parsed(fixed) == expected, f"{original!r} in {around!r} at {statement!r} gave:\n{fixed}"


def test_the_reported_sign_flip_and_its_relatives():
    text = "def g(xs):\n    a = P ** 2\n    b = P * 3.0\n    c = P.sum()\n"
    tree = ast.parse(text)
    slots = [node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "P"]
    renderer = Renderer(Source(text), tree)
    codes = [renderer.replace_expression(slot, _new(new)).text for slot, new in zip(slots, ["-xs", "xs + 1.0", "xs - 0.5"])]
    assert codes == ["(-xs)", "(xs + 1.0)", "(xs - 0.5)"]


def test_new_numbers_and_strings():
    text = "def g():\n    y = P ** 2\n    z = P.real\n"
    tree = ast.parse(text)
    first, second = [node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "P"]
    renderer = Renderer(Source(text), tree)
    assert renderer.replace_expression(first, ast.Constant(-1)).text == "(-1)"  # -1 ** 2 is -(1 ** 2)
    assert renderer.replace_expression(second, ast.Constant(1)).text == "(1)"  # 1.real does not parse
    assert renderer.code(ast.Call(func=ast.Name("f", ast.Load()), args=[ast.Constant("ij->j")], keywords=[])) == 'f("ij->j")'
    assert Renderer(Source("x = 'a'\ny = 'b'\n")).code(ast.Constant("ij")) == "'ij'"
    assert Renderer(Source('x = "a"\n')).code(ast.Constant("ij")) == '"ij"'
    assert renderer.code(ast.BinOp(left=ast.Constant(-2), op=ast.Pow(), right=ast.Constant(2))) == "(-2) ** 2"


def test_multiline_original_code_is_bracketed_when_moved():
    text = "def g():\n    keep = (a +\n        b)\n    y = P\n"
    tree = ast.parse(text)
    kept = tree.body[0].body[0].value  # type: ignore[attr-defined]
    rewrite = Renderer(Source(text), tree).replace_expression(_slot(tree), ast.Call(func=ast.Name("f", ast.Load()), args=[kept], keywords=[]))
    assert rewrite.text == "f((a +\n        b))"


# -- comments ---------------------------------------------------------------------------------


def _comment_rewrite(text: str, replacement: str = "new(xs)"):
    tree = ast.parse(text)
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "old")
    rewrite = Renderer(Source(text), tree).replace_expression(call, _new(replacement))
    return rewrite, apply_edits(text, rewrite.edits)


def test_comments_inside_a_replaced_expression_move_above_the_statement():
    text = "def g(xs):\n    if xs:\n        y = old([  # rows\n            x  # one\n            for x in xs  # each\n        ]) + 1  # after\n    return y\n"
    rewrite, fixed = _comment_rewrite(text)
    assert fixed == "def g(xs):\n    if xs:\n        # rows\n        # one\n        # each\n        y = new(xs) + 1  # after\n    return y\n"
    assert rewrite.unproven == ()


def test_comments_kept_by_the_new_code_are_not_repeated():
    text = "def g(xs):\n    y = old(f(a,  # kept\n        b), c  # moved\n    )\n"
    tree = ast.parse(text)
    call = next(node for node in ast.walk(tree) if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "old")
    replacement = ast.Call(func=ast.Name("new", ast.Load()), args=[call.args[0]], keywords=[])
    fixed = apply_edits(text, Renderer(Source(text), tree).replace_expression(call, replacement).edits)
    assert fixed == "def g(xs):\n    # moved\n    y = new(f(a,  # kept\n        b))\n"
    assert sorted(comments_in(fixed)) == sorted(comments_in(text))


def test_comments_on_a_compound_header_line_go_above_the_header():
    text = "def g(xs):\n    if xs: y = old(xs,  # why\n        1)\n"
    _, fixed = _comment_rewrite(text)
    assert fixed == "def g(xs):\n    # why\n    if xs: y = new(xs)\n"
    ast.parse(fixed)


@pytest.mark.parametrize(
    "text",
    [
        "def g(xs):\n    z = 1; \\\n    y = old(xs,  # why\n        1)\n",
        "def g(xs):\n    s = '''a\n    b'''; y = old(xs,  # why\n        1)\n",
    ],
    ids=["continuation", "string-ends-on-the-line"],
)
def test_comments_that_cannot_move_make_the_fix_unsafe(text):
    rewrite, fixed = _comment_rewrite(text)
    assert rewrite.unproven and "# why" in rewrite.unproven[0]
    conditions = Preconditions()
    fix = conditions.fix(rewrite)
    assert fix.applicability == "unsafe" and fix.unproven == rewrite.unproven
    ast.parse(fixed)


# -- the rules, end to end ---------------------------------------------------------------------

HEADER = "import jax\nimport jax.numpy as jnp\n\n\ndef f(xs, a, b):\n"
FOOTER = "\n\ng = jax.grad(lambda xs, a, b: jnp.sum(f(xs, a, b)))\n"


def _fixed(body: str, code: str) -> str:
    rule = rule_by_code(code)
    source = HEADER + body + FOOTER

    def scan(text: str) -> list:
        return [finding for finding in check_text("program.py", text, [rule]).findings if finding.code == code]

    findings = scan(source)
    assert findings and all(finding.fix is not None for finding in findings), findings
    outcome = apply_fix_rounds(source, findings, rescan=scan, applies=lambda fix: True)
    assert not outcome.errors
    fixed = outcome.text
    assert fixed.startswith(HEADER) and fixed.endswith(FOOTER), fixed
    return fixed[len(HEADER) : len(fixed) - len(FOOTER)]


@pytest.mark.parametrize(
    "body, expected",
    [
        ("    return jnp.stack([-x for x in xs]) ** 2\n", "    return (-xs) ** 2\n"),
        ("    return jnp.stack([x + 1.0 for x in xs]) * 3.0\n", "    return (xs + 1.0) * 3.0\n"),
        ("    return jnp.stack([x - 0.5 for x in xs]).sum()\n", "    return (xs - 0.5).sum()\n"),
        ("    return -jnp.stack([x ** 2 for x in xs * 2.0])\n", "    return -(xs * 2.0) ** 2\n"),
        (
            "    return jnp.stack([\n        jnp.sin(x)  # the sine\n        for x in xs  # each row\n    ])\n",
            "    # the sine\n    # each row\n    return jnp.sin(xs)\n",
        ),
    ],
    ids=["neg-pow", "add-mul", "sub-method", "substituted", "comments"],
)
def test_ga101(body, expected):
    assert _fixed(body, "GA101") == expected


def test_ga301_start_and_comments():
    body = "    return -sum(\n        (jnp.exp(-x)  # the term\n         for x in xs + 0.5),  # each row\n        2.0)\n"
    assert _fixed(body, "GA301") == "    # the term\n    # each row\n    return -(2.0 + jnp.sum(jnp.exp(-(xs + 0.5)), axis=0))\n"


def test_ga202_comments():
    body = "    a = jnp.reshape(a, (12, 9))\n    b = jnp.reshape(b, (12, 9))\n    return jnp.diag(a.T  # left\n                    @ b) ** 2  # right\n"
    fixed = _fixed(body, "GA202")
    assert fixed.endswith("    # left\n    return jnp.einsum(\"ij,ij->j\", a, b) ** 2  # right\n"), fixed
