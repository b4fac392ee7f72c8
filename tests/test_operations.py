"""The operation table (analysis/operations.py): every spelling is recognised as its
operation with its operands in order; NumPy's spellings are host code, jax's are not; the
keywords that keep the mathematics are kept, the ones that change it are arguments, unknown
ones make the call unknown."""

from __future__ import annotations

import ast

import pytest

from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.operations import REQUIRED, SPELLINGS, normalise_subscripts, operation_of, result_shape, spellings
from gradadvisor.analysis.slice_contraction import contraction_of

IMPORTS = "import jax\nimport jax.numpy as jnp\nimport numpy as np\nimport autograd.numpy as anp\nfrom jax.numpy import matmul\n"
NAMES = ImportMap(ast.parse(IMPORTS + "import jax.numpy\nimport numpy\nimport autograd.numpy\n"))


def _op(text: str, rank=None):
    return operation_of(ast.parse(text, mode="eval").body, NAMES.resolve, rank)


def _two_d(_expr):
    return 2


#: The misses the issue names, and more: expression -> (operation, operands).
RECOGNISED = {
    "a @ b": ("matmul", ["a", "b"]),
    "jnp.dot(a, b)": ("matmul", ["a", "b"]),
    "jnp.matmul(a, b, precision='highest')": ("matmul", ["a", "b"]),
    "matmul(a, b)": ("matmul", ["a", "b"]),
    "a.dot(b)": ("matmul", ["a", "b"]),
    "(w @ v).dot(u.T)": ("matmul", ["w @ v", "u.T"]),
    "np.dot(a, b)": ("matmul", ["a", "b"]),
    "anp.dot(a, b)": ("matmul", ["a", "b"]),
    "jax.lax.dot(a, b)": ("matmul", ["a", "b"]),
    "jnp.linalg.matmul(a, b)": ("matmul", ["a", "b"]),
    "jnp.einsum('ij,jk->ik', a, b)": ("matmul", ["a", "b"]),
    "jnp.einsum('xy,yz', a, b)": ("matmul", ["a", "b"]),
    "x.conjugate()": ("conj", ["x"]),
    "x.conj()": ("conj", ["x"]),
    "jnp.conj(x)": ("conj", ["x"]),
    "jax.lax.conj(x)": ("conj", ["x"]),
    "jnp.transpose(a)": ("transpose", ["a"]),
    "a.T": ("transpose", ["a"]),
    "a.mT": ("transpose", ["a"]),
    "a.transpose()": ("transpose", ["a"]),
    "jnp.matrix_transpose(a)": ("transpose", ["a"]),
    "jnp.trace(a @ b)": ("trace", ["a @ b"]),
    "(a @ b).trace()": ("trace", ["a @ b"]),
    "jnp.linalg.trace(p)": ("trace", ["p"]),
    "jnp.einsum('ii', p)": ("trace", ["p"]),
    "jnp.diag(a.T @ b)": ("diagonal", ["a.T @ b"]),
    "jnp.diagonal(h)": ("diagonal", ["h"]),
    "h.diagonal()": ("diagonal", ["h"]),
    "jnp.linalg.diagonal(h)": ("diagonal", ["h"]),
    "jnp.einsum('ii->i', h)": ("diagonal", ["h"]),
    "jnp.diag(a.T @ b).sum()": ("sum", ["jnp.diag(a.T @ b)"]),
    "jnp.sum(x)": ("sum", ["x"]),
    "jnp.stack(xs)": ("stack", ["xs"]),
    "np.concatenate([a, b])": ("concatenate", ["[a, b]"]),
    "jnp.inner(a, b)": ("inner", ["a", "b"]),
    "jnp.vdot(a, b)": ("vdot", ["a", "b"]),
}


@pytest.mark.parametrize("text", sorted(RECOGNISED))
def test_spellings_named_in_the_issue(text):
    found = _op(text)
    assert found is not None, text
    name, operands = RECOGNISED[text]
    assert (found.name, [ast.unparse(operand) for operand in found.operands]) == (name, operands)


def _example(spelling) -> str:
    """A call in the spelling's own form, its required parameters given."""
    operands = list(spelling.operands)
    required = {"axis1": "0", "axis2": "1", "source": "0", "destination": "1", "permutation": "(1, 0)", "dimension": "0"}
    extra = [required[name] for name, default in spelling.parameters if default is REQUIRED]
    if spelling.form == "operator":
        return f"{operands[0]} @ {operands[1]}"
    if spelling.form == "attribute":
        return f"{operands[0]}.{spelling.name}"
    if spelling.form == "method":
        return f"{operands[0]}.{spelling.name}({', '.join(operands[1:])})"
    if spelling.form == "einsum":
        letters = {"a": "i", "b": "j", "c": "k"}
        subscripts = "".join(letters.get(char, char) for char in spelling.name)
        return f"jnp.einsum('{subscripts}', {', '.join(operands)})"
    return f"{spelling.name}({', '.join([*operands, *extra])})"


@pytest.mark.parametrize("spelling", spellings(), ids=lambda s: f"{s.operation}:{s.form}:{s.name}")
def test_every_spelling_in_the_table_is_recognised(spelling):
    text = _example(spelling)
    found = _op(text, _two_d)
    assert found is not None, text
    assert found.name == spelling.operation, text
    assert len(found.operands) == len(spelling.operands)
    required = [name for name, default in spelling.parameters if default is REQUIRED]
    # Defaults give a plain call; a required parameter (lax.concatenate's dimension) is an
    # argument, except a [swap] spelling's axes, which made it a transpose.
    assert found.plain == (not required or spelling.variant == "swap"), (text, found.arguments)


def test_the_table_covers_the_operations_rules_ask_for():
    assert {"matmul", "transpose", "conj", "diagonal", "trace", "sum", "stack", "concatenate"} <= set(SPELLINGS)
    functions = {s.name for s in spellings("matmul") if s.form == "function"}
    assert {"jax.numpy.matmul", "jax.numpy.dot", "numpy.dot", "jax.lax.dot", "jax.numpy.linalg.matmul", "autograd.numpy.dot"} <= functions


def test_numpy_on_the_host_and_jax_traced():
    assert _op("np.dot(a, b)").host is True
    assert _op("np.einsum('ij,jk->ik', a, b)").host is True
    assert _op("jnp.dot(a, b)").host is False
    assert _op("anp.dot(a, b)").host is False
    assert _op("jax.lax.dot(a, b)").host is False
    # A method or an operator runs in whatever library its operand belongs to.
    assert _op("a.dot(b)").host is None
    assert _op("a @ b").host is None
    assert _op("np.dot(a, b)").variant == "dot" and _op("a @ b").variant == ""


def test_keywords_that_keep_the_mathematics_are_kept():
    found = _op("jnp.matmul(a, b, precision='highest', preferred_element_type=jnp.float32)")
    assert [(k.arg, ast.unparse(k.value)) for k in found.keywords] == [("precision", "'highest'"), ("preferred_element_type", "jnp.float32")]
    assert found.plain
    # lax.dot's precision may come by position (older jax): it is still a keyword to carry.
    found = _op("jax.lax.dot(a, b, jax.lax.Precision.HIGHEST)")
    assert [(k.arg, ast.unparse(k.value)) for k in found.keywords] == [("precision", "jax.lax.Precision.HIGHEST")]
    assert [k.arg for k in _op("a.dot(b, precision=p)").keywords] == ["precision"]
    assert [k.arg for k in _op("jnp.einsum('ij,jk->ik', a, b, precision=p)").keywords] == ["precision"]


def test_unknown_keywords_and_numpy_outputs_make_a_call_unknown():
    assert _op("jnp.dot(a, b, foo=1)") is None
    assert _op("np.dot(a, b, out=c)") is None
    assert _op("np.dot(a, b, precision=p)") is None  # NumPy has no precision
    assert _op("jnp.dot(*ab)") is None
    assert _op("jnp.dot(a, b, **options)") is None
    assert _op("jnp.dot(a)") is None
    assert _op("jnp.dot(a, b, c)") is None


def test_parameters_that_change_the_mathematics_are_arguments():
    assert _op("jnp.diag(x, k=1)").arguments.keys() == {"k"}
    assert _op("jnp.diag(x, 1)").arguments.keys() == {"k"}
    assert _op("jnp.diag(x, k=0)").plain  # the default, written out
    assert _op("jnp.diagonal(x, 0, 0, 1)").plain
    assert _op("jnp.diagonal(x, axis1=1, axis2=2)").arguments.keys() == {"axis1", "axis2"}
    assert _op("x.trace(dtype=jnp.int8)").arguments.keys() == {"dtype"}
    assert _op("jnp.sum(x, axis=1)").arguments.keys() == {"axis"}
    assert _op("jnp.stack(xs, axis=1)").arguments.keys() == {"axis"}
    assert _op("jnp.diag(x, k=False)").arguments.keys() == {"k"}  # not the literal default


def test_swap_spellings_are_a_transpose_of_a_2d_operand_only():
    for text in ("jnp.swapaxes(a, -1, -2)", "jnp.swapaxes(a, 0, 1)", "jnp.moveaxis(a, 0, 1)", "jnp.transpose(a, (1, 0))", "jax.lax.transpose(a, (1, 0))"):
        assert _op(text) is None, text  # rank unknown
        assert _op(text, lambda _e: 3) is None, text
        found = _op(text, _two_d)
        assert found is not None and found.name == "transpose" and found.plain, text
    assert _op("jnp.swapaxes(a, 0, 0)", _two_d) is None
    assert _op("jnp.swapaxes(a, i, j)", _two_d) is None
    assert _op("jnp.transpose(a, (0, 1))", _two_d) is None


def test_names_that_are_not_imports_are_methods_not_functions():
    # `x.dot` on a local name is a method; an import that is not an array library is neither.
    names = ImportMap(ast.parse("import mylib\nimport jax.numpy as jnp\n"))
    assert operation_of(ast.parse("mylib.dot(a, b)", mode="eval").body, names.resolve) is None
    assert operation_of(ast.parse("jnp.T", mode="eval").body, names.resolve) is None
    assert operation_of(ast.parse("x.dot(b)", mode="eval").body, names.resolve).name == "matmul"


def test_einsum_subscripts_are_read_up_to_renaming():
    assert normalise_subscripts("ij,jk->ik") == normalise_subscripts("xy,yz->xz") == normalise_subscripts("ij,jk") == "ab,bc->ac"
    assert normalise_subscripts("...ij,jk") is None
    assert _op("jnp.einsum('ji,jk->ik', a, b)") is None  # a transposed operand: not a plain product
    assert _op("jnp.einsum('ij,jk->ik', a)") is None
    assert _op("jnp.einsum('ij,jk->ik', a, b, out=c)") is None


def test_shape_rules():
    assert result_shape("matmul", "", [(4, 3), (3, 5)]) == (4, 5)
    assert result_shape("matmul", "", [(2, 4, 3), (2, 3, 5)]) == (2, 4, 5)
    assert result_shape("matmul", "dot", [(4, 3), (2, 3, 5)]) == (4, 2, 5)
    assert result_shape("matmul", "", [(4, 3), (3,)]) == (4,)
    assert result_shape("transpose", "reverse", [(2, 3, 4)]) == (4, 3, 2)
    assert result_shape("transpose", "reverse", [(5,)]) == (5,)
    assert result_shape("transpose", "matrix", [(2, 3, 4)]) == (2, 4, 3)
    assert result_shape("transpose", "matrix", [(5,)]) is None
    assert result_shape("diagonal", "diag", [(5,)]) == (5, 5)
    assert result_shape("diagonal", "", [("n", "n")]) == ("n",)
    assert result_shape("trace", "", [(3, 3)]) == ()
    assert result_shape("conj", "", [(3, 2)]) == (3, 2)
    assert result_shape("matmul", "", [None, (3, 2)]) is None


def test_ga201_reads_the_same_table():
    def kind(text):
        found = contraction_of(ast.parse(text, mode="eval").body, NAMES.resolve)
        return found and found[0]

    assert kind("a[i] @ b[i]") == "matmul"
    assert kind("jnp.matmul(a[i], b[i])") == "matmul"
    assert kind("jnp.dot(a[i], b[i], precision=p)") == "dot"
    assert kind("jnp.inner(a[i], b[i])") == "inner"
    assert kind("anp.vdot(a[i], b[i])") == "vdot"
    # Spellings GA201 did not read before still are not read there.
    assert kind("np.dot(a[i], b[i])") is None
    assert kind("a[i].dot(b[i])") is None
    assert kind("jax.lax.dot(a[i], b[i])") is None
    assert kind("jnp.dot(a[i], b[i], foo=1)") is None
