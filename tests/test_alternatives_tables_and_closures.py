"""Shapes from the fourteenth blind round (described, never read): a loop in the branch whose
sibling vectorises the same work is the chosen alternative (low); ``x.at[i]`` is not a row of
``x.at``; the gradient of one output component per index is a Jacobian by rows; an index table of
k-tuples, transposed, has k rows; a total gaining a term where a condition holds
(``acc = jnp.where(flag, acc + t, acc)``) is an accumulation; a comparison of a parameter is an array of booleans; a log line
naming only the loop's index does not make a loop a host driver; trax's numpy is jax.numpy and
``tl.Fn`` traces its function; a closure a method stores on ``self`` is called like a method."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import fixed_twin, same_values_and_gradients, scan_files


def _scan(tmp_path: Path, files: dict[str, str], min_confidence: str = "low"):
    return scan_files(tmp_path, files, ("GA101", "GA102", "GA103", "GA301", "GA302"), min_confidence)


BRANCHES = """\
import jax
import jax.numpy as jnp

def energy(x):
    return jnp.sum(jnp.sin(x) ** 2)

g = jax.jit(jax.grad(energy))

def per_point(xs, low_memory=True):
{body}
"""


@pytest.mark.parametrize(
    ("body", "chosen"),
    [
        ("    if low_memory:\n        return jnp.stack([g(x) for x in xs])\n    return jax.vmap(g)(xs)", True),
        ("    if low_memory:\n        out = jnp.stack([g(x) for x in xs])\n    else:\n        out = jax.vmap(g)(xs)\n    return out", True),
        ("    if low_memory:\n        out = jnp.stack([g(x) for x in xs])\n    else:\n        out = xs\n    return out", False),
        ("    return jnp.stack([g(x) for x in xs])", False),
    ],
)
def test_a_loop_whose_sibling_branch_vectorises_is_the_chosen_alternative(tmp_path, body, chosen):
    found = _scan(tmp_path, {"m.py": BRANCHES.format(body=body)})
    assert [f.code for f in found] == ["GA102"]
    assert (found[0].confidence == "low") is chosen
    assert any("this loop is the alternative the code chose" in item for item in found[0].evidence) is chosen


HESSIAN = """\
import jax
import jax.numpy as jnp

g = jax.jit(jax.grad(lambda x: jnp.sum(jnp.sin(x) ** 2)))

def by_differences(x, h=1e-4):
    rows = []
    for i in range(x.shape[0]):
        rows.append((g(x.at[i].add(h)) - g(x.at[i].add(-h))) / (2 * h))
    return jnp.stack(rows)

def by_outputs(x):
    rows = []
    for i in range(x.shape[0]):
        rows.append(jax.grad(lambda z: g(z)[i])(x))
    return jnp.stack(rows)
"""


def test_writes_at_an_index_and_output_components_are_not_per_example_gradients(tmp_path):
    found = _scan(tmp_path, {"m.py": HESSIAN})
    # ``x.at[i]`` is no row of ``x.at`` (no vmap over it); ``g(z)[i]`` exists only inside the lambda
    assert [(f.code, f.line) for f in found] == [("GA102", 15)]
    assert "computes the Jacobian one row at a time" in found[0].message
    assert "jax.jacrev(lambda z: g(z))(x)" in found[0].message


TABLES = """\
import jax
import jax.numpy as jnp
import numpy as np

def make(n, edges):
    pairs = [(p, q) for p in range(n) for q in range(p + 1)]
    ends = np.array(pairs, dtype=np.int32).T
    idx = []
    for a, b in edges:
        idx.append((a, b))
    table = np.array(idx).T
    zipped = np.array(list(zip(edges[0], edges[1]))).T

    @jax.jit
    def energy(scale):
        left = jnp.sum(jnp.stack([scale[e] for e in ends]))
        right = jnp.sum(jnp.stack([jnp.sin(scale[e]) for e in table]))
        return left + right + jnp.sum(jnp.stack([jnp.cos(scale[e]) for e in zipped]))

    return energy
"""


def test_a_transposed_table_of_pairs_has_two_rows(tmp_path):
    assert _scan(tmp_path, {"m.py": TABLES}) == []
    # the same comprehension over the table's rows, untransposed, is a map over the data
    found = _scan(tmp_path, {"m.py": TABLES.replace("np.array(idx).T", "np.array(idx)")})
    assert [(f.code, f.line) for f in found] == [("GA101", 17)]


def test_a_comparison_of_parameters_is_an_array_of_booleans(tmp_path):
    source = """\
    import jax

    @jax.jit
    def hits(guess, truth, c):
        return sum((guess == c) & (truth == c)), sum(truth == c)
    """
    found = _scan(tmp_path, {"m.py": source})
    assert [(f.code, f.confidence) for f in found] == [("GA301", "low"), ("GA301", "low")]  # booleans: no gradient
    assert any("compares: it holds booleans" in item for item in found[1].evidence)
    assert any("`truth` is a parameter" in item for item in found[1].evidence)


LOGGED = """\
import logging

import jax
import jax.numpy as jnp

@jax.jit
def run(xs, w, loss):
    h = jnp.zeros(4)
    for t in range(xs.shape[0]):
        logging.info({message})
        h = jnp.tanh(w @ h + xs[t])
    return h
"""


@pytest.mark.parametrize(("message", "reported"), [('"step %d", t', True), ('"shape %s", h.shape', True), ('"loss %f", float(loss)', False)])
def test_a_log_line_reading_no_value_leaves_the_loop_traced(tmp_path, message, reported):
    found = _scan(tmp_path, {"m.py": LOGGED.format(message=message)})
    assert [f.code for f in found] == (["GA103"] if reported else [])


def test_trax_numpy_is_jax_numpy_and_a_layer_traces_its_function(tmp_path):
    source = """\
    from trax import layers as tl
    from trax.fastmath import numpy as jnp

    def rollout(xs, w):
        h = jnp.zeros(4)
        for t in range(xs.shape[0]):
            h = jnp.tanh(w @ h + xs[t])
        return h

    def Rollout():
        return tl.Fn("Rollout", rollout)
    """
    found = _scan(tmp_path, {"m.py": source}, "medium")
    assert [(f.code, f.confidence) for f in found] == [("GA103", "high")]
    assert any("passed to trax.layers.Fn" in item for item in found[0].evidence)


PLANNER = """\
import jax
import jax.numpy as jnp

class Planner:
    def __init__(self, horizon):
        def warm(obs, us):
            table = jnp.zeros((us.shape[0], 4))
            for t in range(us.shape[0]):
                table = table.at[t].set(jnp.tanh(obs + us[t]))
            return table

        self.warm = warm
{method}
"""


@pytest.mark.parametrize(
    ("method", "driver", "confidence"),
    [
        ("\n    @jax.jit\n    def plan(self, obs, us):\n        return self.warm(obs, us)\n", None, "high"),
        ("", "import jax\n\ndef run(planner, obs, us):\n    return jax.jit(lambda o, u: planner.warm(o, u))(obs, us)\n", "medium"),
    ],
)
def test_a_closure_stored_on_self_is_called_like_a_method(tmp_path, method, driver, confidence):
    files = {"planner.py": PLANNER.format(method=method), **({"driver.py": driver} if driver else {})}
    found = _scan(tmp_path, files, "medium")
    assert [(f.path, f.code, f.confidence) for f in found] == [("planner.py", "GA103", confidence)]


def test_a_masked_total_is_an_accumulation_not_a_recurrence(tmp_path):
    source = """\
    import jax
    import jax.numpy as jnp

    def moments(theta, G, w, flags):
        acc = jnp.zeros(3)
        for i in range(G.shape[0]):
            acc = jnp.where(flags[i], acc + w[i] * G[i] * theta, acc)
        return jnp.sum(acc ** 2)

    g = jax.grad(moments)
    """
    found = _scan(tmp_path, {"m.py": source})
    assert [f.code for f in found] == ["GA302"]
    assert "jnp.where(flags[:G.shape[0]], w[:G.shape[0]] * G * theta, 0.0)" in found[0].message


@pytest.mark.parametrize(
    "body",
    [
        "jnp.vstack([jnp.pad(s.core, ((0, s.height - s.core.shape[0]), (0, 0))) for s in sections])",  # objects, not rows
        "jnp.stack([jnp.pad(s, (0, 8 - s.shape[0])) for s in sections])",  # each item padded by its own length: ragged
    ],
)
def test_items_of_different_objects_or_shapes_are_not_mapped(tmp_path, body):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef assemble(sections):\n    return {body}\n"
    assert _scan(tmp_path, {"m.py": source}) == []
    rows = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef assemble(sections):\n    return jnp.stack([jnp.tanh(s) for s in sections])\n"
    assert [f.code for f in _scan(tmp_path, {"m.py": rows})] == ["GA101"]


def test_a_file_naming_jax_only_in_a_comment_is_not_likely_traced(tmp_path):
    source = """\
    # adapted from the farm-jax project
    import numpy as np

    def tally(x):
        hits = np.asarray(x) > 0
        return sum(hits * np.asarray(x))
    """
    found = _scan(tmp_path, {"m.py": source})
    assert found and all(f.confidence == "low" for f in found)
    assert not any("likely traced by its callers" in item for f in found for item in f.evidence)


@pytest.mark.parametrize(("matrix", "reported"), [("jnp.eye(y.shape[0]) * w", True), ("jnp.eye(y.shape[0]) / w", True), ("jnp.eye(y.shape[0]) * 2.0", False)])
def test_an_identity_times_a_vector_is_a_dense_diagonal(tmp_path, matrix, reported):
    source = f"import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef gls(X, y, w):\n    Wt = {matrix}\n    return X.T @ (Wt @ y)\n"
    found = scan_files(tmp_path, {"m.py": source}, ("GA203",))
    assert [(f.code, f.line) for f in found] == ([("GA203", 7)] if reported else [])


def test_the_rewrite_of_an_identity_times_a_vector_keeps_values_and_gradients(tmp_path):
    """Differentially: ``a @ (eye(n) * s)``, ``(eye(n) / s) @ a`` before and after ``--fix --unsafe-fixes``."""
    jax = pytest.importorskip("jax")
    source = (
        "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a):\n    s = jnp.linspace(0.5, 2.0, 20)\n    return a @ (jnp.eye(20) * s)\n\n"
        "@jax.jit\ndef g(a):\n    s = jnp.linspace(0.5, 2.0, 20)\n    return (jnp.eye(20) / s) @ a\n"
    )
    before, after, fixed = fixed_twin(tmp_path, source, ("GA203",))
    assert "return a * s" in fixed and "return (1.0 / s)[:, None] * a" in fixed
    a = jax.random.normal(jax.random.PRNGKey(0), (20, 20))
    for name in ("f", "g"):
        same_values_and_gradients(getattr(before, name), getattr(after, name), (a,))
