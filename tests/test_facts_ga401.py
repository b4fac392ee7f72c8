"""Facts added for GA401 (large captured constants): array sizes in bytes from the code, data
kept through unpacking and indexing, and the project facts a cross-file capture needs (what
callers pass, constructors, compile chains, nested functions not calling their parents)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from gradadvisor.analysis import values as v
from gradadvisor.analysis.captures import CAPTURED_CONSTANT_BYTES, captured_bytes, free_reads
from gradadvisor.analysis.facts import Facts
from gradadvisor.analysis.names import ImportMap
from gradadvisor.analysis.project import Project
from gradadvisor.analysis.syntax import Source
from gradadvisor.engine.checker import analyse

HEADER = """\
import jax
import jax.numpy as jnp
import numpy as np
import pandas as pd
import pickle
from numpy.polynomial.hermite_e import hermegauss
from sklearn.datasets import make_regression
from tensorflow.keras.datasets import mnist
"""


def _module_value(code: str, name: str) -> v.Value:
    text = HEADER + textwrap.dedent(code)
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    return facts.name_value(name, facts.module_scope, None)


SIZES = [
    # (code, name, shape, dtype, nbytes)
    ("X = np.zeros((1000, 64))\n", "X", (1000, 64), "float64", 512_000),
    ("nodes, weights = hermegauss(21)\n", "weights", (21,), "float64", 168),
    ("rng = np.random.default_rng(0)\nR = rng.normal(size=(100, 3))\n", "R", (100, 3), "float64", 2400),
    ("rng = np.random.RandomState(0)\nR = rng.randint(0, 5, size=(10, 4))\n", "R", (10, 4), "int64", 320),
    ("N = 128\nL = jnp.array([0] * (N // 2) + [1] * (N // 2))\n", "L", (128,), None, 512),
    ("C = jnp.concatenate([jnp.zeros((10, 3)), jnp.ones((5, 3))])\n", "C", (15, 3), "float32", 180),
    ("C = jnp.concatenate([jnp.zeros((10, 3)), jnp.ones((10, 2))], axis=1)\n", "C", (10, 5), "float32", 200),
    ("C = np.hstack([np.zeros(3), np.ones(4)])\n", "C", (7,), "float64", 56),
    ("C = jnp.vstack([jnp.zeros(3), jnp.ones(3)])\n", "C", (2, 3), "float32", 24),
    ("parts = [jnp.zeros((4, 2))] * 3\nC = jnp.concatenate(parts)\n", "C", (12, 2), "float32", 96),
    ("U = np.random.randint(0, 10, (50, 84), dtype=jnp.uint8)\n", "U", (50, 84), "uint8", 4200),
    ("D = jax.device_put(np.random.rand(8000))\n", "D", (8000,), "float64", 64000),
    # Scalars are 0-d values, not tables.
    ("S = jnp.bool_(True)\n", "S", (), "bool", 1),
    ("S = jnp.int32(3)\n", "S", (), "int32", 4),
    ("N = 7\nS = jnp.float32(N)\n", "S", (), "float32", 4),
    ("S = jnp.array(0.5)\n", "S", (), "float32", 4),
    ("S = jnp.float32([1.0, 2.0])\n", "S", (2,), "float32", 8),
]


@pytest.mark.parametrize("code,name,shape,dtype,nbytes", SIZES)
def test_sizes_from_the_code(code, name, shape, dtype, nbytes):
    value = _module_value(code, name)
    assert value.kind == v.ARRAY
    assert value.shape == shape
    assert value.dtype == dtype
    assert value.nbytes == nbytes


def test_len_of_a_sized_array_is_a_number():
    value = _module_value("C = jnp.concatenate([jnp.zeros((10, 3)), jnp.ones((5, 3))])\nL = len(C)\n", "L")
    assert value.kind == v.SCALAR and value.literal == 15


def test_scalar_type_of_an_unknown_value_keeps_an_unknown_shape():
    text = "import jax.numpy as jnp\n\ndef f(x):\n    y = jnp.float32(x)\n    return y\n"
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    function = tree.body[1]
    value = facts.name_value("y", facts.scope(function), function.body[1])
    assert value.kind == v.ARRAY and value.shape is None


DATA = [
    ("(x_train, y_train), (x_test, y_test) = mnist.load_data()\n", "y_test"),
    ("X, y = make_regression(n_samples=5000)\n", "X"),
    ("frame = pd.read_csv('m.csv')\nF = np.asarray(frame[['x', 'y']].values)\n", "F"),
    ("blob = pickle.load(open('b.pkl', 'rb'))\nE = jnp.asarray(blob['embeddings'])\n", "E"),
    ("X = np.load('x.npy')\nrows = X[3:10]\n", "rows"),
]


@pytest.mark.parametrize("code,name", DATA)
def test_data_is_kept_through_unpacking_indexing_and_frames(code, name):
    value = _module_value(code, name)
    assert value.kind == v.ARRAY and value.data


def test_unpacking_an_array_of_unknown_shape_that_is_not_data_is_unknown():
    value = _module_value("def make():\n    return 1\nA = jnp.asarray(make())\na, b = A\n", "a")
    assert value.kind == v.UNKNOWN


def test_captured_bytes_narrow_64_bit_dtypes_without_x64():
    value = v.array((1000, 1000), "float64")
    assert captured_bytes(value, x64=False) == 4_000_000
    assert captured_bytes(value, x64=True) == 8_000_000
    assert captured_bytes(v.array((1000, 1000), "bool"), x64=False) == 1_000_000
    assert CAPTURED_CONSTANT_BYTES == 4_000_000  # a float32 array of 1e6 elements


def test_free_reads_skip_comprehension_variables_metadata_and_called_names():
    code = textwrap.dedent(
        """\
        def f(v):
            total = sum(jnp.sum(X) for X in v)
            n = len(DATA) + TABLE.shape[0] + jnp.zeros_like(OTHER).sum()
            return helper(v) + W @ v + [Y for _ in v][0]
        """
    )
    function = ast.parse(code).body[0]
    assert list(free_reads(function)) == ["jnp", "v", "W", "Y"]  # `sum` and `helper` are called: functions


# -- project facts ----------------------------------------------------------------------------------


def _project(files: dict[str, str]) -> Project:
    summaries = []
    for path, text in files.items():
        summaries.append(analyse(path, textwrap.dedent(text), []).summary)
    return Project(summaries)


def test_a_nested_function_does_not_call_its_enclosing_function():
    project = _project(
        {
            "f.py": """\
            import jax
            import jax.numpy as jnp

            def make_step(path):
                X = jnp.ones(3)
                @jax.jit
                def step(w):
                    return X @ w
                return step
            """
        }
    )
    keys = project.files["f.py"].functions
    outer = next(key for key in keys if key.startswith("make_step:"))
    inner = next(key for key in keys if key.startswith("make_step.step"))
    assert project.is_compiled("f.py", (inner,))
    assert not project.is_compiled("f.py", (outer,))
    assert project.level("f.py", (outer,))[0] == 0


def test_compile_chain_is_explained_across_files():
    project = _project(
        {
            "pkg/model.py": """\
            import jax.numpy as jnp

            def loss(w):
                return jnp.sum(w)
            """,
            "pkg/train.py": """\
            import jax
            from pkg.model import loss

            step = jax.jit(jax.grad(loss))
            """,
        }
    )
    key = next(key for key in project.files["pkg/model.py"].functions if key.startswith("loss"))
    compiled = project.compiled_key("pkg/model.py", (key,))
    assert compiled == ("pkg/model.py", key)
    text = project.explain_compiled(compiled, "pkg/model.py")
    assert text is not None and "compiled" in text and "jax.jit" in text and "pkg/train.py" in text


def test_argument_facts_carry_array_bytes_and_data():
    project = _project(
        {
            "f.py": """\
            import numpy as np
            import jax.numpy as jnp
            from pkg.fit import fit

            fit(np.load("x.npy"), jnp.zeros((2000, 1000)), 3)
            """,
            "pkg/fit.py": """\
            import jax

            def fit(data, init, steps):
                return jax.jit(lambda w: data @ w + init)
            """,
        }
    )
    key = next(key for key in project.files["pkg/fit.py"].functions if key.startswith("fit:"))
    (data,) = project.arguments("pkg/fit.py", key, "data")
    assert data.kind == "array" and data.data and data.nbytes is None
    (init,) = project.arguments("pkg/fit.py", key, "init")
    assert init.kind == "array" and not init.data and init.nbytes == 8_000_000
    (steps,) = project.arguments("pkg/fit.py", key, "steps")
    assert steps.kind == "int:3" and steps.nbytes is None


def test_class_calls_pass_arguments_to_the_constructor():
    project = _project(
        {
            "pkg/model.py": """\
            import jax.numpy as jnp

            class Retriever:
                def __init__(self, corpus):
                    self.corpus = jnp.asarray(corpus)
            """,
            "pkg/main.py": """\
            import numpy as np
            from pkg.model import Retriever

            r = Retriever(np.load("corpus.npy"))
            """,
        }
    )
    (init,) = project.constructor("pkg/main.py", "Retriever")
    assert init[0] == "pkg/model.py" and init[1].startswith("Retriever.__init__")
    (fact,) = project.arguments(*init, "corpus")
    assert fact.data


def test_tuple_targets_are_module_arrays():
    summary = analyse("d.py", HEADER + "(x_train, y_train), _ = mnist.load_data()\nA, B = np.zeros((10, 2)), np.ones(3)\n", []).summary
    assert summary.arrays["x_train"].data
    assert "A" in summary.assigned and "B" in summary.assigned
    assert summary.arrays["A"].nbytes == 160 and summary.arrays["B"].elements == 3


def test_values_method_is_a_mapping_s_values_not_data():
    value = _module_value("prior = make()\ndf, scale = prior.parameters.values()\n", "df")
    assert not (value.kind == v.ARRAY and value.data)
    frame = _module_value("frame = pd.read_csv('m.csv')\nX = frame.values\n", "X")
    assert frame.kind == v.ARRAY and frame.data


def test_argument_facts_name_the_calling_function():
    project = _project(
        {
            "f.py": """\
            import jax
            import numpy as np
            from pkg.fit import fit

            def main():
                fit(np.load("x.npy"))

            fit(np.load("y.npy"))
            """,
            "pkg/fit.py": """\
            import jax

            def fit(data):
                return jax.jit(lambda w: data @ w)
            """,
        }
    )
    key = next(key for key in project.files["pkg/fit.py"].functions if key.startswith("fit:"))
    callers = sorted(str(fact.caller) for fact in project.arguments("pkg/fit.py", key, "data"))
    assert callers[0] == "None" and callers[1].startswith("main:")


def test_callable_annotations_are_not_arrays():
    text = "import jax.numpy as jnp\nfrom typing import Callable, Optional\n\ndef f(reg: Optional[Callable[[jnp.ndarray, jnp.ndarray], float]] = None, x: jnp.ndarray = None):\n    return reg, x\n"
    tree = ast.parse(text)
    facts = Facts(tree, Source(text), ImportMap(tree))
    scope = facts.scope(tree.body[2])
    assert facts.name_value("reg", scope, None).kind == v.CALLABLE
    assert facts.name_value("x", scope, None).kind == v.ARRAY
