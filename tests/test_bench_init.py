"""``gradadvisor bench --init FILE:LINE``: a bench file for a scanner finding.

The helpers are tested on small sources with ``ast`` alone. The command runs
the scanner as a subprocess; where the inference is complete, the written
file is then benchmarked (``--quick``, tiny sizes).
"""

from __future__ import annotations

import ast
import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from gradadvisor.bench.command import bench
from gradadvisor.bench.init.errors import InitError
from gradadvisor.bench.init.functions import differentiated_argnums, enclosing_function, free_names
from gradadvisor.bench.init.patch import apply_diff
from gradadvisor.bench.init.shapes import SIZE, module_functions, parameter_spec

#: GA301: the builtin sum over an array's elements, through a helper (an unsafe jax.vmap fix).
GA301_SOURCE = '''\
import jax
import jax.numpy as jnp


def rho(r):
    return jnp.exp(-3 * (r + 1))


def energy(x):
    return sum(rho(xi) for xi in x)


force = jax.grad(energy)
'''
#: GA302: an accumulation loop over two arrays, differentiated in its second argument.
GA302_SOURCE = '''\
import jax
import jax.numpy as jnp


def weighted(x, w):
    total = 0.0
    for i in range(len(x)):
        total += jnp.tanh(x[i]) * w[i]
    return total


dw = jax.grad(weighted, argnums=1)
'''
#: GA302 over a jaxtyping-annotated matrix; jaxtyping is needed only by type checkers.
ANNOTATED_SOURCE = '''\
from __future__ import annotations

from typing import TYPE_CHECKING

import jax.numpy as jnp

if TYPE_CHECKING:
    from jaxtyping import Array, Float


def log_partition(logits: Float[Array, "n k"], scale: Float[Array, ""]):
    z = jnp.zeros(())
    for row in logits:
        z = z + jnp.sum(jnp.exp(row * scale))
    return jnp.log(z)
'''
#: A finding whose rewrite bench cannot infer: a matrix product per example.
MATMUL_SOURCE = '''\
import jax
import jax.numpy as jnp


def predict(params, x):
    return jnp.tanh(params["w"] @ x + params["b"])


def loss(params, xs, ys):
    err = 0.0
    for x, y in zip(xs, ys):
        err = err + jnp.sum((predict(params, x) - y) ** 2)
    return err / xs.shape[0]


loss_and_grad = jax.value_and_grad(loss)
'''


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def init(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(bench, ["--init", *args])
    return result.exit_code, result.stdout, result.stderr


def spec_of(source: str, function: str, parameter: str):
    tree = ast.parse(textwrap.dedent(source))
    functions = module_functions(tree)
    return parameter_spec(functions[function], functions, parameter)


# -- helpers -----------------------------------------------------------------------------


def test_apply_diff_and_a_diff_that_does_not_apply():
    source = "a = 1\nb = 2\nc = 3\n"
    diff = "--- f.py\n+++ f.py\n@@ -1,3 +1,3 @@\n a = 1\n-b = 2\n+b = 20\n c = 3\n"
    assert apply_diff(source, diff) == "a = 1\nb = 20\nc = 3\n"
    assert apply_diff("import x\n", "@@ -0,0 +1 @@\n+import jax\n") == "import jax\nimport x\n"
    with pytest.raises(InitError, match="does not apply at line 2"):
        apply_diff("a = 1\nb = 3\nc = 3\n", diff)


def test_enclosing_function_free_names_and_argnums():
    tree = ast.parse(GA301_SOURCE)
    site = enclosing_function(tree, 10)
    assert site.name == "energy" and site.top_level
    assert enclosing_function(tree, 13) is None
    assert free_names(site.node) == ["rho"]  # builtins (sum) are left out
    assert differentiated_argnums(tree, "energy") == ((0,), "jax.grad at line 13")
    assert differentiated_argnums(ast.parse(GA302_SOURCE), "weighted")[0] == (1,)
    nested = ast.parse("class M:\n    def f(self, x):\n        def g(y):\n            return y\n        return g(x)\n")
    inner = enclosing_function(nested, 4)
    assert inner.qualname == "M.f.g" and inner.in_class and not inner.top_level


@pytest.mark.parametrize(
    ("source", "function", "parameter", "kind", "shape"),
    [
        ("def f(x):\n    return sum(g(xi) for xi in x)\ndef g(r):\n    return jnp.exp(r)\n",
         "f", "x", "array", (SIZE,)),
        ("def f(x, w):\n    t = 0.0\n    for i in range(len(x)):\n        t += x[i] * w[i]\n    return t\n",
         "f", "w", "array", (SIZE,)),
        ("def f(y):\n    return jnp.stack([jnp.sum(y[:, j] ** 2) for j in range(y.shape[1])])\n",
         "f", "y", "array", (3, SIZE)),
        ("def f(p, xs):\n    return sum(p['a'] * x + p['b'] for x in xs)\n", "f", "p", "dict", ()),
        ("def f(x, n):\n    return sum(x[i] for i in range(n))\n", "f", "n", "int", ()),
        ("def f(t, x):\n    return sum(xi / t for xi in x)\n", "f", "t", "any", ()),
        ('def f(x: Float[Array, "n d"]):\n    return sum(jnp.sum(r) for r in x)\n', "f", "x", "array",
         (("name", "n"), ("name", "d"))),
        ("def f(w, xs):\n    return sum(jnp.sum(w @ x) for x in xs)\n", "f", "w", "unknown", ()),
    ],
    ids=["helper", "range-len", "column", "dict", "range-bound", "scalar", "jaxtyping", "matmul"],
)
def test_parameter_specs(source, function, parameter, kind, shape):
    spec = spec_of(source, function, parameter)
    assert spec.kind == kind, spec
    assert spec.shape == shape
    if kind == "dict":
        assert set(spec.keys) == {"a", "b"} and all(e.kind == "any" for e in spec.keys.values())
    if kind == "unknown":
        assert "matrix product `w @ x`" in spec.reason


# -- the command -----------------------------------------------------------------------------


def test_init_ga301_writes_a_bench_that_runs(tmp_path):
    source = write(tmp_path, "energy.py", GA301_SOURCE)
    code, out, err = init(f"{source}:10")
    assert code == 0, err
    written = tmp_path / "energy_bench.py"
    assert f"wrote {written}" in out and "TODO" not in out
    text = written.read_text()
    ast.parse(text)
    assert "from energy import energy as baseline" in text and "from energy import rho" in text
    assert "argnums = 0  # energy is differentiated by jax.grad at line 13" in text
    assert "x = jax.random.uniform(jax.random.fold_in(key, 0), (size,)" in text
    assert "def candidate(x):\n    return jnp.sum(jax.vmap(rho)(x), axis=0)" in text
    pytest.importorskip("jax")
    result = CliRunner().invoke(bench, [str(written), "--quick", "--quiet", "--format", "json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.stdout)["runs"][0]["match"]
    assert match["value"] and match["grad"] and not match["vacuous"]
    assert match["second_draw"]["how"] == "inputs(seed=1)"


def test_init_ga302_elsewhere_with_output_and_force(tmp_path):
    (tmp_path / "src").mkdir()
    source = write(tmp_path / "src", "weights.py", GA302_SOURCE)
    target = tmp_path / "benches" / "w_bench.py"
    target.parent.mkdir()
    code, _, err = init(f"{source}:8", "-o", str(target))
    assert code == 0, err
    text = target.read_text()
    assert 'sys.path.insert(0, str(Path(__file__).resolve().parent / "../src"))' in text
    assert "argnums = 1  # weighted is differentiated by jax.grad at line 12" in text
    assert "def candidate(x, w):" in text and "for i in range" not in text.split("def candidate")[1]
    code, _, err = init(f"{source}:8", "-o", str(target))
    assert code == 2 and "exists; pass --force" in err
    assert init(f"{source}:8", "-o", str(target), "--force")[0] == 0
    pytest.importorskip("jax")
    result = CliRunner().invoke(bench, [str(target), "--quick", "--quiet", "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["argnums"] == [1]
    assert [leaf["path"] for leaf in document["runs"][0]["match"]["grad_leaves"]] == ["[0]"]


def test_init_reads_jaxtyping_annotations(tmp_path):
    source = write(tmp_path, "logz.py", ANNOTATED_SOURCE)
    code, out, err = init(f"{source}:13")
    assert code == 0, err
    text = (tmp_path / "logz_bench.py").read_text()
    assert "    k = 3  # the dimension `k` of the annotations" in text
    assert "logits = jax.random.uniform(jax.random.fold_in(key, 0), (size, k)" in text
    assert "scale = jax.random.uniform(jax.random.fold_in(key, 1), ()" in text
    assert "no jax.grad of log_partition in the module" in text and "TODO" not in out
    pytest.importorskip("jax")
    result = CliRunner().invoke(bench, [str(tmp_path / "logz_bench.py"), "--quick", "--quiet"])
    assert result.exit_code == 0, result.output


def test_init_writes_runnable_stand_ins_where_shapes_are_unknown(tmp_path):
    """A value the code does not give a shape gets a (size, size) matrix, which satisfies the
    finding's own reading (a matrix operand), marked with a TODO to adjust that names the
    operand and the use that left it unknown. The file runs as written."""
    source = write(tmp_path, "model.py", MATMUL_SOURCE)
    code, out, _ = init(f"{source}:11")
    assert code == 0
    text = (tmp_path / "model_bench.py").read_text()
    ast.parse(text)
    assert "None" not in text.split("def inputs")[1].split("return")[0]
    assert (""""w": jax.random.uniform(jax.random.fold_in(key, 1), (size, size), minval=0.5, maxval=1.5) / size,"""
            """  # TODO: adjust `params["w"]` to its real shape: a (size, size) matrix stands in; """
            """`params['w']` is in the matrix product `params['w'] @ x`""") in text
    # the TODO for `xs` says that its element is what is passed, and as which parameter
    assert ("  # TODO: adjust `xs` to its real shape: a (size, size) matrix stands in; "
            "`xs[i]` is passed to `predict` as `x`, where `x` is in the matrix product `params['w'] @ x`") in text
    assert "ys = jax.random.uniform(jax.random.fold_in(key, 3), (size,)" in text  # what can be inferred still is
    assert "the file runs as written; check the 2 assumed input(s) marked TODO" in out and "TODO (line" in out
    pytest.importorskip("jax")
    result = CliRunner().invoke(bench, [str(tmp_path / "model_bench.py"), "--quick", "--quiet", "--format", "json"])
    assert result.exit_code == 0, result.output
    match = json.loads(result.stdout)["runs"][0]["match"]
    assert match["value"] and match["grad"] and not match["vacuous"]


def test_init_todos_name_the_operand_passed_to_a_helper(tmp_path):
    source = write(tmp_path, "pairs.py", (
        "import jax\nimport jax.numpy as jnp\n\n\ndef proj(u, v):\n    return jnp.diag(v.T @ u)\n\n\n"
        "def f(a, b, c):\n    return jnp.sum(proj(c, a)) + jnp.sum(jnp.diag(b @ c.T))\n\n\ng = jax.grad(f)\n"))
    code, out, _ = init(f"{source}:10")
    assert code == 0
    todos = {line.split("adjust `")[1].split("`")[0]: line for line in out.splitlines() if "TODO (line" in line}
    assert set(todos) == {"a", "b", "c"}
    assert "`a` is passed to `proj` as `v`, where `v` is used as `v.T`" in todos["a"]
    assert "`b` is in the matrix product `b @ c.T`" in todos["b"]


def test_init_at_a_line_without_a_finding_says_so_even_if_the_bench_file_exists(tmp_path):
    source = write(tmp_path, "energy.py", GA301_SOURCE)
    (tmp_path / "energy_bench.py").write_text("# an earlier bench\n")
    code, _, err = init(f"{source}:5")
    assert code == 2
    assert "no finding at" in err and f"{source}:5" in " ".join(err.split()) and "exists" not in err
    assert (tmp_path / "energy_bench.py").read_text() == "# an earlier bench\n"


def test_init_without_a_fix_copies_the_baseline_with_a_todo(tmp_path, monkeypatch):
    from gradadvisor.bench.init import findings

    source = write(tmp_path, "energy.py", GA301_SOURCE)
    real_scan = findings.scan

    def scan_without_fixes(path):
        return [findings.Finding(f.code, f.line, f.end_line, f.message) for f in real_scan(path)]

    monkeypatch.setattr(findings, "scan", scan_without_fixes)
    code, out, _ = init(f"{source}:10")
    assert code == 0
    text = (tmp_path / "energy_bench.py").read_text()
    ast.parse(text)
    marker = "# TODO: apply the rewrite: `sum(rho(xi) for xi in x)` unrolls"
    assert marker in text
    assert text.split(marker)[1].split("\n", 1)[1] == "def candidate(x):\n    return sum(rho(xi) for xi in x)\n"
    assert "fill in the 1 TODO(s)" in out


def test_init_errors_exit_2_with_one_message(tmp_path):
    source = write(tmp_path, "energy.py", GA301_SOURCE)
    code, _, err = init(f"{source}:3")
    assert code == 2
    assert f"no finding at {source}:3; findings are at line(s) 10 (GA301)" in " ".join(err.split())
    code, _, err = init(f"{source}:nine")
    assert code == 2 and "expects FILE:LINE" in err
    code, _, err = init(f"{tmp_path / 'missing.py'}:1")
    assert code == 2 and "no such file" in err
    module_level = write(tmp_path, "script.py", "import jax.numpy as jnp\na = b = jnp.ones((9, 9))\nd = jnp.diag(a.T @ b)\n")
    code, _, err = init(f"{module_level}:3")
    assert code == 2 and "is not inside a function" in " ".join(err.split())
    code, _, err = init(f"{source}:10", str(source))
    assert code == 2 and "--init takes FILE:LINE alone" in err
