"""``jax.vmap(jnp.diag)``: a diagonal (GA202) or a batch of dense diagonal matrices (GA203),
inline or through a name bound once to it, in the operation table's ``mapped`` form; and the
diagonal or trace of two axes of an einsum's output, folded into the einsum (GA202)."""

from __future__ import annotations

import ast

import pytest
from conftest import fixed_twin, same_values_and_gradients, scan_files

from gradadvisor.analysis.operations import operation_of, result_shape

HEAD = "import jax\nimport jax.numpy as jnp\n\nbdiag = jax.jit(jax.vmap(jnp.diag))\n\n"


def _resolve(node):
    from gradadvisor.analysis.syntax import dotted

    name = dotted(node)
    head, dot, rest = (name or "").partition(".")
    module = {"jnp": "jax.numpy", "jax": "jax", "np": "numpy"}.get(head)
    return None if module is None else module + dot + rest


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("jax.vmap(jnp.diag)(x)", ("diagonal", "mapped-diag")),
        ("jax.jit(jax.vmap(jnp.diagonal))(x)", ("diagonal", "mapped")),
        ("jax.vmap(jnp.trace, in_axes=0)(x)", ("trace", "mapped")),
        ("jax.vmap(jnp.trace, in_axes=1)(x)", None),  # another axis mapped: not modelled
        ("jax.vmap(jnp.diag)(x, y)", None),
        ("jax.vmap(jnp.sum)(x)", None),
        ("jax.vmap(np.diag)(x)", ("diagonal", "mapped-diag")),  # NumPy's: `host` tells it apart
    ],
)
def test_the_mapped_form_of_the_operation_table(code, expected):
    found = operation_of(ast.parse(code, mode="eval").body, _resolve)
    assert (None if found is None else (found.name, found.variant)) == expected


def test_a_name_bound_to_the_mapped_function_is_followed():
    expr = ast.parse("bdiag(x)", mode="eval").body
    binding = ast.parse("jax.jit(jax.vmap(jnp.diag))", mode="eval").body
    assert operation_of(expr, _resolve) is None
    found = operation_of(expr, _resolve, bound=lambda name: binding if name.id == "bdiag" else None)
    assert (found.name, found.variant, found.host) == ("diagonal", "mapped-diag", False)


@pytest.mark.parametrize(
    ("operation", "variant", "shape", "expected"),
    [
        ("diagonal", "mapped-diag", (5, 7), (5, 7, 7)),
        ("diagonal", "mapped-diag", (5, 7, 7), (5, 7)),
        ("diagonal", "mapped", (5, 7, 7), (5, 7)),
        ("trace", "mapped", (5, 7, 7), (5,)),
        ("trace", "mapped", (5, 7, 7, 7), None),
    ],
)
def test_shapes_of_mapped_operations(operation, variant, shape, expected):
    assert result_shape(operation, variant, [shape]) == expected


@pytest.mark.parametrize(
    "body",
    [
        "    return jax.vmap(jnp.diag)(c @ s @ c.T)\n",
        "    return bdiag(c @ s @ c.T)\n",
        "    return jax.vmap(jnp.trace)(c @ s @ c.T)\n",
    ],
)
def test_the_diagonal_of_each_product_of_a_batch_is_ga202(tmp_path, body):
    source = f"{HEAD}@jax.jit\ndef f(c, s):\n{body}"
    assert [(f.code, f.line) for f in scan_files(tmp_path, {"m.py": source}, ("GA202",))] == [("GA202", 8)]


def test_vmap_of_diag_over_one_product_maps_its_rows_and_is_not_ga202(tmp_path):
    source = f"{HEAD}@jax.jit\ndef f(n):\n    a = jnp.ones((n, n))\n    return bdiag(a @ a)\n"
    assert scan_files(tmp_path, {"m.py": source}, ("GA202",)) == []


def test_a_batch_of_dense_diagonal_matrices_in_a_product_is_ga203(tmp_path):
    source = f"{HEAD}@jax.jit\ndef fisher(phi, lam):\n    big = bdiag(lam)\n    return phi.T[None] @ big @ phi[None]\n"
    found = scan_files(tmp_path, {"m.py": source}, ("GA203",))
    assert [(f.code, f.line) for f in found] == [("GA203", 9)]
    assert "maps `diag` over the rows of `lam`" in " ".join(found[0].evidence)


def test_a_name_bound_twice_is_not_followed(tmp_path):
    source = HEAD + "bdiag = jnp.diagonal\n\n@jax.jit\ndef f(c, s):\n    return bdiag(c @ s @ c.T)\n"
    assert scan_files(tmp_path, {"m.py": source}, ("GA202",)) == []


def test_the_rewrites_of_mapped_diagonals_keep_values_and_gradients(tmp_path):
    """Differentially, before and after ``--fix --unsafe-fixes``: GA202's einsum for the diagonal
    of each product of a batch, and GA203's scaling for a batch of diagonal matrices."""
    jax = pytest.importorskip("jax")
    source = (
        f"{HEAD}@jax.jit\ndef d(c, s):\n    return bdiag(c @ s @ c.T)\n\n"
        "@jax.jit\ndef left(lam, b):\n    return jax.vmap(jnp.diag)(lam) @ b\n\n"
        "@jax.jit\ndef right(lam, b):\n    return b @ jax.vmap(jnp.diag)(lam)\n"
    )
    before, after, fixed = fixed_twin(tmp_path, source, ("GA202", "GA203"))
    assert "einsum" in fixed and "lam[..., :, None] * b" in fixed and "b * lam[..., None, :]" in fixed
    keys = jax.random.split(jax.random.PRNGKey(0), 4)
    c, s = jax.random.normal(keys[0], (6, 3)), jax.random.normal(keys[1], (5, 3, 3))
    lam, b = jax.random.normal(keys[2], (5, 6)), jax.random.normal(keys[3], (6, 6))
    for name, args in {"d": (c, s), "left": (lam, b), "right": (lam, b)}.items():
        same_values_and_gradients(getattr(before, name), getattr(after, name), args)


@pytest.mark.parametrize(
    ("code", "subscripts"),
    [
        ('jnp.trace(jnp.einsum("ab,nbc->nac", p, q), axis1=1, axis2=2)', "ab,nba->n"),
        ('jnp.diagonal(jnp.einsum("nij,njk->nik", a, b), axis1=-2, axis2=-1)', "nij,nji->ni"),
        ('jax.vmap(jnp.trace)(jnp.einsum("nij,njk->nik", a, b))', "nij,nji->n"),
        ('jnp.diagonal(jnp.einsum("ijk,kl->ijl", a, b), axis1=0, axis2=2)', "ijk,ki->ji"),
        ('jnp.trace(jnp.einsum("ab,nbc->nac", p, q), offset=1, axis1=1, axis2=2)', None),  # another diagonal
        ('jnp.trace(jnp.einsum("...ab,bc->...ac", p, q))', None),  # axes behind `...`: not modelled
    ],
)
def test_a_diagonal_of_an_einsum_folds_into_it(tmp_path, code, subscripts):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, q, a, b):\n    return {code}\n"
    found = scan_files(tmp_path, {"m.py": source}, ("GA202",))
    assert [f.code for f in found] == (["GA202"] if subscripts else [])
    if subscripts:
        assert f'"{subscripts}"' in found[0].message


def test_the_folded_einsum_keeps_values_and_gradients(tmp_path):
    """Differentially, before and after ``--fix --unsafe-fixes``."""
    jax = pytest.importorskip("jax")
    source = (
        "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef t(p, q):\n    return jnp.trace(jnp.einsum(\"ab,nbc->nac\", p, q), axis1=1, axis2=2)\n\n"
        "@jax.jit\ndef d(a, b):\n    return jnp.diagonal(jnp.einsum(\"ijk,kl->ijl\", a, b), axis1=0, axis2=2)\n"
    )
    before, after, fixed = fixed_twin(tmp_path, source, ("GA202",))
    assert '"ab,nba->n"' in fixed and '"ijk,ki->ji"' in fixed
    keys = jax.random.split(jax.random.PRNGKey(1), 4)
    cases = {"t": (jax.random.normal(keys[0], (4, 4)), jax.random.normal(keys[1], (3, 4, 4))), "d": (jax.random.normal(keys[2], (5, 2, 3)), jax.random.normal(keys[3], (3, 5)))}
    for name, args in cases.items():
        same_values_and_gradients(getattr(before, name), getattr(after, name), args)


@pytest.mark.parametrize(
    ("mapping", "confidence"),
    [
        ("jax.vmap(partial(ell, params=params))(ms, Ss)", "medium"),  # bound by partial: not mapped
        ("jax.vmap(ell, in_axes=(0, 0, None))(ms, Ss, params)", "medium"),  # in_axes None
        ("jax.vmap(partial(ell2, params))(ms, Ss)", "medium"),  # bound by position
        ("jax.vmap(ell)(ms, Ss, params)", "low"),  # every argument mapped: one element's matrices
    ],
)
@pytest.mark.parametrize("decorator", ["@jax.jit\n", ""])
def test_a_matrix_a_vmap_does_not_map_keeps_the_level(tmp_path, mapping, confidence, decorator):
    """Inside traced code only: an eager ``vmap`` (over a plot's points) stays low."""
    confidence = confidence if decorator else "low"
    source = (
        "import jax\nimport jax.numpy as jnp\nfrom functools import partial\n\n"
        "def ell(m, S, params):\n    C, d = params['C'], params['d']\n    return jnp.sum(jnp.diag(C @ S @ C.T)) + d @ m\n\n"
        "def ell2(params, m, S):\n    C, d = params['C'], params['d']\n    return jnp.sum(jnp.diag(C @ S @ C.T)) + d @ m\n\n"
        f"{decorator}def total(ms, Ss, params):\n    return jnp.sum({mapping})\n"
    )
    found = [f for f in scan_files(tmp_path, {"m.py": source}, ("GA202",)) if f.line in (7, 11)]
    used = 11 if "ell2" in mapping else 7
    assert [(f.line, f.confidence) for f in found if f.line == used] == [(used, confidence)]


@pytest.mark.parametrize(
    ("item", "bound", "exact"),
    [("-8:", 8, 8), (":10", 10, 10), ("2:6", 4, 4), ("::2", None, 50), ("-k:", None, None), ("-200:", 200, 100)],
)
def test_the_length_of_a_literal_slice(item, bound, exact):
    """At most what the bounds allow when the axis length is unknown; exact when it is a number (100)."""
    from gradadvisor.analysis.facts import sliced_length

    part = ast.parse(f"x[{item}]", mode="eval").body.slice
    assert sliced_length(part, None) == bound
    assert sliced_length(part, 100) == exact


@pytest.mark.parametrize(
    ("spec", "position", "expected"),
    [
        ("ab,bc,cd->ad", 2, "ab,b,bd->ad"),
        ("ij,jk->ik", 1, "i,ik->ik"),
        ("ab,bc->ac", 2, "ab,b->ab"),
        ("ab,bc->abc", 2, None),  # the output would hold `b` twice
        ("aa,ab->b", 1, None),  # not two letters
        ("...b,bc->...c", 2, None),
    ],
)
def test_a_diagonal_operand_of_an_einsum(spec, position, expected):
    from gradadvisor.analysis.matrix_terms import einsum_without_diagonal

    call = ast.parse(f"jnp.einsum('{spec}', a, b{', c' if spec.count(',') == 2 else ''})", mode="eval").body
    assert einsum_without_diagonal(call, position) == expected


def test_the_einsum_without_its_diagonal_matrix_keeps_values_and_gradients(tmp_path):
    """Differentially, before and after ``--fix --unsafe-fixes`` (GA203)."""
    jax = pytest.importorskip("jax")
    source = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef cube(m):\n    u, s, vt = jnp.linalg.svd(m)\n    return jnp.einsum('ab,bc,cd->ad', u, jnp.diag(s ** 3), vt)\n"
    before, after, fixed = fixed_twin(tmp_path, source, ("GA203",))
    assert "'ab,b,bd->ad'" in fixed and "diag" not in fixed
    same_values_and_gradients(before.cube, after.cube, (jax.random.normal(jax.random.PRNGKey(3), (6, 6)),), atol=1e-3)


@pytest.mark.parametrize(
    ("body", "rewrite"),
    [
        ("    return jnp.trace((p @ q).real)\n", 'jnp.einsum("ij,ji->", p, q).real'),
        ("    return jnp.trace(jnp.real(p @ q), axis1=-2, axis2=-1)\n", 'jnp.einsum("...ij,...ji->...", p, q).real'),
        ('    spec = "nmp,npq->nmq"\n    return jnp.trace(jnp.einsum(spec, p, q), axis1=-2, axis2=-1)\n', 'jnp.einsum("nmp,npm->n", p, q)'),
    ],
)
def test_the_real_part_and_named_subscripts_are_read_through(tmp_path, body, rewrite):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(p, q):\n{body}"
    found = scan_files(tmp_path, {"m.py": source}, ("GA202",))
    assert [f.code for f in found] == ["GA202"] and rewrite in found[0].message



def test_a_diagonal_operand_of_an_einsum_with_named_subscripts(tmp_path):
    """The subscripts bound once to a name are read as if written in place (``written_subscripts``)."""
    source = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(m):\n    u, s, vt = jnp.linalg.svd(m)\n    spec = 'ab,bc,cd->ad'\n    return jnp.einsum(spec, u, jnp.diag(s), vt)\n"
    found = scan_files(tmp_path, {"m.py": source}, ("GA203",))
    assert [f.code for f in found] == ["GA203"] and "'ab,b,bd->ad'" in found[0].message
