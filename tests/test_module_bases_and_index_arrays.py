"""Shapes from the FK-FR round's description, each with a look-alike that stays silent:

- a class deriving from a project's own ``nn.Module`` subclass is a flax Module too, in the same
  file or another one: its ``__call__`` runs under a trace, and so do the base's helpers it calls;
- a loop over the rows an index array picks (``for row in X[idx]`` with ``idx = rng.choice(N, b)``)
  walks a minibatch of ``X``'s rows, as ``for row in X`` walks all of them;
- a step that hands SciPy a value computed from jax results (``spsolve(A, rhs)`` with ``rhs``
  built from ``jnp.roll``) runs eagerly;
- the branch a module runs when importing jax failed (``if not HAS_JAX:``) calls nothing a trace
  runs;
- a helper that applies a gradient function the module binds (``gfun = jax.grad(loglik)``;
  ``def clipped(w, row): return clip(gfun(w, row))``), called per row, is a per-example gradient.
"""

from __future__ import annotations

from conftest import scan_files, scan_program


def _line(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


HEADS = '''
import jax.numpy as jnp
import flax.linen as nn


class HeadBase(nn.Module):
    k: int = 4

    def pick(self, y, ids):
        m = jnp.ones_like(y)
        for i in range(ids.shape[0]):
            m = m.at[i, ids[i] * self.k].set(0.0)
        return jnp.where(m > 0, y, -1e9)
'''

NET = '''
import flax.linen as nn
from heads import HeadBase


class Net(HeadBase):
    def __call__(self, x, ids):
        return self.pick(nn.Dense(16)(x), ids)
'''

PLAIN = '''
import jax.numpy as jnp


class Helper:
    def pick(self, y, ids):
        m = jnp.ones_like(y)
        for i in range(ids.shape[0]):
            m = m.at[i, ids[i]].set(0.0)
        return m


class Sub(Helper):
    def __call__(self, y, ids):
        return self.pick(y, ids)
'''


def test_a_subclass_of_a_projects_module_is_a_module_in_the_same_file(tmp_path):
    findings = scan_program(tmp_path, HEADS + NET.replace("from heads import HeadBase\n", ""))
    loop = _line(HEADS, "for i in range(ids.shape[0]):")
    found = [f for f in findings if f["line"] == loop]
    assert found and "Net.__call__" in found[0]["context"] and "traced" in found[0]["context"]


def test_a_subclass_of_a_module_from_another_file_is_a_module(tmp_path):
    findings = scan_files(tmp_path, {"heads.py": HEADS, "net.py": NET, "plain.py": PLAIN}, ("GA103",), min_confidence="low")
    heads = [f for f in findings if f.path.endswith("heads.py")]
    assert heads and "subclass of a flax.linen Module" in heads[0].context
    # a plain class's subclass is no Module: its __call__ is not traced by being one
    assert all("Module" not in (f.context or "") for f in findings if f.path.endswith("plain.py"))


MINIBATCH = '''
import numpy as np
import autograd.numpy as anp
from autograd import grad


def loglik(w, row):
    return -anp.sum((anp.dot(row[:-1], w) - row[-1]) ** 2)


gfun = grad(loglik)


def train(w, X, T, b, rng):
    for it in range(T):
        idx = rng.choice(X.shape[0], b)
        acc = np.zeros(w.shape[0])
        for row in X[idx]:
            acc += gfun(w, row)
        w = w + 0.01 * acc / b
    return w


def first_row(w, X, k):
    acc = 0.0
    for value in X[k]:
        acc += value
    return acc
'''


def test_a_loop_over_the_rows_an_index_array_picks_walks_a_minibatch(tmp_path):
    findings = scan_program(tmp_path, MINIBATCH)
    loop_call = _line(MINIBATCH, "acc += gfun(w, row)")
    assert [f["code"] for f in findings if f["line"] == loop_call] == ["GA102"]
    # ``X[k]`` with ``k`` a plain parameter is one row, not a gather: its elements say nothing of the data
    assert not [f for f in findings if f["line"] >= _line(MINIBATCH, "def first_row")]


IMPLICIT = '''
import jax
import jax.numpy as jnp
from scipy.sparse.linalg import spsolve


def solve_host(x, t, A, c, dz):
    dt = t[1] - t[0]
    for i in range(len(t) - 1):
        dx = (jnp.roll(x, -1) - jnp.roll(x, 1)) / (2 * dz)
        f_val = jax.vmap(jnp.sin)(x)
        rhs = x + dt * (c * dx + f_val)
        x = jnp.array(spsolve(A, rhs))
    return x


def solve_traced(x, t, A, c, dz):
    dt = t[1] - t[0]
    for i in range(len(t) - 1):
        dx = (jnp.roll(x, -1) - jnp.roll(x, 1)) / (2 * dz)
        rhs = x + dt * (c * dx + jnp.sin(x))
        x = jnp.linalg.solve(A, rhs)
    return x


g = jax.grad(lambda x, t, A: jnp.sum(solve_traced(x, t, A, 1.0, 0.1)))
'''


def test_a_step_handing_a_value_it_computes_to_scipy_runs_eagerly(tmp_path):
    findings = scan_program(tmp_path, IMPLICIT)
    host = _line(IMPLICIT, "def solve_traced")
    assert not [f for f in findings if f["line"] < host and f["code"] == "GA103"]  # spsolve of `rhs`: a host loop
    assert [f for f in findings if f["line"] > host and f["code"] == "GA103"]  # the jnp solve under grad: a recurrence


FALLBACK = '''
import numpy as np

try:
    import jax
    import jax.numpy as jnp
    from jax import lax
    HAS_JAX = True
except ImportError:
    HAS_JAX = False


def simulate_numpy(precip: np.ndarray, k):
    state = precip[0] * 0.0
    for i in range(len(precip)):
        state = state * k + precip[i]
    return state


def simulate_loop(precip, k):
    state = jnp.zeros(3)
    for i in range(len(precip)):
        state = state * k + precip[i]
    return state


def simulate(precip, k):
    if not HAS_JAX:
        return simulate_numpy(precip, k)
    final, _ = lax.scan(lambda s, p: (s * k + p, None), jnp.zeros(3), precip)
    return final


def simulate_either(precip, k):
    if HAS_JAX:
        return simulate_loop(precip, k)
    else:
        return simulate_numpy(precip, k)


run = jax.jit(simulate)
run_either = jax.jit(simulate_either)
'''


def test_the_fallback_run_when_jax_failed_to_import_is_never_traced(tmp_path):
    findings = scan_program(tmp_path, FALLBACK)
    by_line = {f["line"]: f for f in findings}
    numpy_loop = _line(FALLBACK, "def simulate_numpy") + 2
    jax_loop = _line(FALLBACK, "def simulate_loop") + 2
    assert "simulate_numpy" not in str((by_line.get(numpy_loop) or {}).get("context"))
    assert not (by_line.get(numpy_loop) or {}).get("context")
    # the branch taken when jax imported is a call under the trace, as any other
    assert "simulate_either" in (by_line[jax_loop].get("context") or "")


WRAPPED_GRADIENT = '''
import jax
import jax.numpy as jnp


def loglik(w, row):
    return -jnp.sum((row[:-1] @ w - row[-1]) ** 2)


gfun = jax.grad(loglik)
fwd = jax.jit(loglik)


def clip(g, C):
    return g / jnp.maximum(1.0, jnp.linalg.norm(g) / C)


def clipped(w, row, C):
    return clip(gfun(w, row), C)


def scored(w, row, C):
    return jnp.minimum(fwd(w, row), C)


@jax.jit
def step(w, X, C):
    grads = jnp.stack([clipped(w, row, C) for row in X])
    return w - 0.1 * grads.mean(0)


@jax.jit
def scores(w, X, C):
    return jnp.stack([scored(w, row, C) for row in X])
'''


def test_a_helper_applying_a_module_gradient_alias_is_a_per_example_gradient(tmp_path):
    findings = scan_program(tmp_path, WRAPPED_GRADIENT)
    codes = {f["line"]: f["code"] for f in findings}
    assert codes[_line(WRAPPED_GRADIENT, "clipped(w, row, C) for row in X")] == "GA102"
    # the same helper shape around a compiled forward pass: a per-sample map, GA101's
    assert codes[_line(WRAPPED_GRADIENT, "scored(w, row, C) for row in X")] == "GA101"
