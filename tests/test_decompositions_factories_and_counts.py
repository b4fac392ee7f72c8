"""Shapes from the described misses and look-alikes of blind round AP-AS, made up:

- the parts of a matrix decomposition have ranks (``w, V = jnp.linalg.eigh(A)``: ``w`` is a
  vector), so ``V @ jnp.diag(jnp.exp(w))`` is a dense diagonal product (GA203, medium);
- ``jax.jit(make())`` / ``jax.jit(self._make())`` compiles the function the factory returns,
  and a local copied from ``self.<attr>`` has that attribute's size (GA401);
- a count kept in a data mapping beside the arrays (``T = self.data["T"]``) grows with the data,
  and a window of one width (``y[t - K:t]``) does not stop a sum from being one (GA302 advice);
- a sum over a list of functions (``mats[i](v)``) is no sum over array rows, and a count capped
  by a small default (``min(n_top, Z.shape[1])`` with ``n_top=12``) is small.
"""

from __future__ import annotations

import pytest
from conftest import scan_program


def _found(findings, code=None):
    return sorted((f["code"], f["line"], f["confidence"]) for f in findings if code in (None, f["code"]))


DECOMPOSITIONS = '''
import jax
import jax.numpy as jnp

def matfun(A):
    {unpack} = jnp.linalg.{name}(A)
    return {product}

g = jax.jit(jax.grad(lambda A: jnp.sum(matfun(A))))
'''


@pytest.mark.parametrize("name, unpack, product, expected", [
    ("eigh", "w, V", "V @ jnp.diag(jnp.exp(w)) @ V.T", [("GA203", 7, "medium")]),
    ("svd", "U, s, Vt", "U @ jnp.diag(s) @ Vt", [("GA203", 7, "medium")]),
    ("qr", "Q, R", "jnp.diag(R) @ Q", []),  # R is a matrix: diag takes its diagonal
])
def test_the_parts_of_a_decomposition_have_ranks(tmp_path, name, unpack, product, expected):
    found = scan_program(tmp_path, DECOMPOSITIONS.format(name=name, unpack=unpack, product=product))
    assert _found(found) == expected


FACTORY = '''
import jax
import jax.numpy as jnp
import numpy as np

class Likelihood:
    def __init__(self, path):
        self.prec = jnp.asarray(np.load(path))

    def _make(self):
        P = self.prec
        def f(r):
            return r @ (P @ r)
        return f

    def setup(self):
        self.fn = {jit}(self._make())

def make_loss(path):
    X = jnp.asarray(np.load(path))
    def loss(w):
        return jnp.sum((X @ w) ** 2)
    return loss

step = {jit}(make_loss("x.npy"))
'''


def test_jit_of_a_factory_call_compiles_what_it_returns(tmp_path):
    found = scan_program(tmp_path, FACTORY.format(jit="jax.jit"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA401", 13), ("GA401", 22)]
    assert "copied from `self.prec`" in " ".join(found[0]["evidence"])


def test_a_factory_called_without_jit_compiles_nothing(tmp_path):
    assert scan_program(tmp_path, FACTORY.format(jit="list")) == []


@pytest.mark.parametrize("returned", ["lambda w: loss(w)", "functools.partial(loss)"])
def test_jit_of_a_factory_compiles_the_function_its_returned_lambda_or_partial_calls(tmp_path, returned):
    source = FACTORY.format(jit="jax.jit").replace("    return loss\n", f"    return {returned}\n").replace("import jax\n", "import functools\nimport jax\n", 1)
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA401", 14), ("GA401", 23)]
    assert "the function `make_loss(...)` returns" in found[1]["context"]


DATA_DICT = '''
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

class Garch:
    def __init__(self, data):
        self.data = data

    def logdensity(self, params):
        y = self.data["y"]
        T = self.data["{key}"]
        mu, a0, a1, b1 = params
        sigma = jnp.sqrt(a0)
        lp = 0.0
        for t in range(1, T):
            sigma = jnp.sqrt(a0 + a1 * (y[t - 1] - mu) ** 2 + b1 * sigma ** 2)
            lp += norm.logpdf(y[t], mu, sigma)
        return lp

def ar_k(params, data):
    y = data["y"]
    K = data["K"]
    N = data["{key}"]
    alpha, beta, sigma = params
    lp = 0.0
    for t in range(K, N):
        mu = alpha + jnp.dot(beta, y[t - K:t])
        lp += norm.logpdf(y[t], mu, sigma)
    return lp

model = Garch({{"y": jnp.ones(500), "{key}": 500}})
g = jax.grad(model.logdensity)
g2 = jax.grad(ar_k)
'''


def test_counts_in_a_data_mapping_grow_with_the_data(tmp_path):
    found = scan_program(tmp_path, DATA_DICT.format(key="T"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 16), ("GA302", 27)]
    window = found[1]
    assert window["fix"] is None and "<the term over all elements at once>" in window["message"]


def test_a_count_of_layers_in_a_mapping_stays_small(tmp_path):
    assert scan_program(tmp_path, DATA_DICT.format(key="n_layers")) == []


LISTS = '''
import jax
import jax.numpy as jnp

def apply(v, w, mats):
    return sum(w[i] * mats[i](v) for i in range(len(mats)))

def apply_loop(v, w, mats):
    acc = 0.0
    for i in range(len(mats)):
        acc = acc + w[i] * mats[i](v)
    return acc

def dist(a, b):
    return jnp.sum(jnp.abs(jnp.sort(a) - jnp.sort(b)))

def metric(Z, Q, n_top={top}):
    m = min(n_top, Z.shape[1])
    d = []
    for j in range(m):
        d.append(dist(Z[:, j], Q[:, j]))
    return jnp.mean(jnp.asarray(d))

g = jax.jit(jax.grad(apply))
g2 = jax.jit(jax.grad(apply_loop))
g3 = jax.jit(jax.grad(metric))
'''


def test_lists_of_functions_and_capped_counts_are_not_sites(tmp_path):
    assert scan_program(tmp_path, LISTS.format(top=12)) == []


def test_a_count_capped_by_a_large_default_is_still_reported(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, LISTS.format(top=100))] == ["GA101"]


BRANCHING = '''
import jax
import jax.numpy as jnp

def bumpy(x, c):
    {body}

dbumpy = jax.grad(bumpy)

def slopes(grid):
    return jnp.stack([dbumpy(g, 1.0) for g in grid])

def slopes_inline(grid):
    return jnp.stack([jax.grad(bumpy)(g, 2.0) for g in grid])
'''


def test_gradients_of_a_function_branching_on_its_value_need_the_branch_rewritten(tmp_path):
    body = "if 2 < x < 4:\n        return x ** 2 + c\n    return jnp.sin(x) * c"
    found = scan_program(tmp_path, BRANCHING.format(body=body))
    assert [f["code"] for f in found] == ["GA102", "GA102"]
    assert all("first write the branch on its argument in `bumpy` (line 6)" in f["message"] and f["fix"] is None for f in found)


def test_gradients_of_a_function_branching_on_a_shape_are_reported(tmp_path):
    body = "if x.ndim > 1 or c is None:\n        return jnp.sum(x)\n    return jnp.sin(x) * c"
    assert [f["code"] for f in scan_program(tmp_path, BRANCHING.format(body=body))] == ["GA102", "GA102"]


KERNEL_MODULE = '''
import jax.numpy as jnp

class RBF:
    def __init__(self, ls):
        self.ls = ls

    def __call__(self, X, Y):
        K = jnp.zeros((X.shape[0], Y.shape[0]))
        for i in range(X.shape[0]):
            K = K.at[i].set(jnp.exp(-jnp.sum((X[i] - Y) ** 2, axis=-1) / self.ls))
        return K
'''

MODEL_MODULE = '''
import jax
import jax.numpy as jnp
from kern import RBF

class GP:
    def __init__(self):
        self.kernel = {made}

    def nll(self, X, y):
        K = self.kernel(X, X) + 1e-3 * jnp.eye(X.shape[0])
        return y @ jnp.linalg.solve(K, y)

gp = GP()
loss = jax.jit(jax.grad(gp.nll))
'''


@pytest.mark.parametrize("made, expected", [("RBF(1.0)", ["GA103"]), ("make_kernel()", [])])
def test_an_attribute_holding_an_instance_calls_its_class(tmp_path, made, expected):
    (tmp_path / "model.py").write_text(MODEL_MODULE.format(made=made))
    found = scan_program(tmp_path, KERNEL_MODULE, name="kern.py")
    # the kernel's module is scanned with the project around it: its fill loop runs under the gradient
    assert [f["code"] for f in found] == expected


POSTERIOR = '''
import jax.numpy as jnp
import jax.scipy.stats as jss
from utils import get_posterior

class garch11:
    def __init__(self, path):
        self.data = get_posterior("garch11", path).data.values()

    def logp(self, x):
        data = self.data
        y = jnp.array(data["y"])
        T = data["T"]
        s = data["sigma1"]
        lp = 0.0
        for t in range(1, T):
            s = jnp.sqrt(x[0] + x[1] * y[t - 1] ** 2 + x[2] * s ** 2)
            lp += jss.norm.logpdf(y[t], 0.0, scale=s)
        return lp
'''

SAMPLER = '''
import jax
import jax.numpy as jnp
import blackjax
from garch import garch11

M = garch11("db")
nuts = blackjax.nuts(M.logp, 1e-3, jnp.ones(3))
'''


def test_a_method_of_an_imported_class_handed_to_a_sampler_is_differentiated(tmp_path):
    (tmp_path / "sample.py").write_text(SAMPLER)
    found = scan_program(tmp_path, POSTERIOR, name="garch.py", low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 16)]
    assert any("data mapping" in item for item in found[0]["evidence"])


CHAINED = '''
import jax
import jax.numpy as jnp
import numpy as np

class Likelihood:
    def __init__(self, cov_file):
        self.covariance = jnp.asarray(np.loadtxt(cov_file))
        self.cov_inv = jnp.linalg.inv(self.covariance + 1e-8 * jnp.eye(self.covariance.shape[0]))
        self.log_det = jnp.linalg.slogdet(self.covariance)[1]
        self.fn = jax.jit(self._make())

    def _make(self):
        cov_inv = self.cov_inv
        log_det = self.log_det
        def chi2(r):
            return r @ (cov_inv @ r) + log_det
        return chi2
'''


def test_an_attribute_computed_from_another_keeps_its_data(tmp_path):
    found = scan_program(tmp_path, CHAINED, low=False)
    # the inverse of the loaded covariance is data; the log-determinant is a scalar
    assert [(f["code"], f["message"].split("`")[1]) for f in found] == [("GA401", "cov_inv")]


OLD_BLACKJAX = '''
import pickle
import jax.numpy as jnp
import blackjax.nuts as nuts

with open("test.pickle", "rb") as fh:
    test = pickle.load(fh)
x_test = test["image"] / 255

def logprob(w):
    return -jnp.sum((x_test @ w) ** 2)

kernel = nuts.kernel(logprob, 1e-3, jnp.ones(10))
'''


def test_the_old_blackjax_kernel_compiles_its_log_density(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, OLD_BLACKJAX, low=False)] == ["GA401"]


ESTIMATOR = '''
import jax.numpy as jnp

class LogisticRegression:
    def __init__(self, epochs, lr):
        self.epochs, self.lr = epochs, lr

    def _update(self, x, y, w, total_batch: int, batch_size: int):
        for idx in range(total_batch):
            xb = x[idx * batch_size:(idx + 1) * batch_size]
            yb = y[idx * batch_size:(idx + 1) * batch_size]
            w = w - self.lr * xb.T @ (jnp.tanh(xb @ w) - yb)
        return w

    def fit(self, x, y):
        w = jnp.zeros(x.shape[1])
        for _ in range(self.epochs):
            w = self._update(x, y, w, x.shape[0] // 8, 8)
        self.w = w
        return self
'''

DRIVER = '''
import jax
from estimator import LogisticRegression

def proc(x, y):
    model = LogisticRegression(epochs=1, lr=0.1)
    model = model.fit(x, y)
    return model.w

run = {transform}(proc)
'''


@pytest.mark.parametrize("transform, expected", [("jax.jit", ["GA103"]), ("print", [])])
def test_a_local_instance_of_an_imported_class_calls_its_methods(tmp_path, transform, expected):
    (tmp_path / "driver.py").write_text(DRIVER.format(transform=transform))
    found = scan_program(tmp_path, ESTIMATOR, name="estimator.py")
    assert [f["code"] for f in found] == expected
