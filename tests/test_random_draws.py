"""Loops that draw a fresh random example each step and differentiate at it (GA102).

The loop walks no array, yet each step is one example: a Monte Carlo draw, a random restart. Its
look-alikes are stochastic training (the parameters change every step), random walks (the draw
adds to a carried value), a few fixed draws, and loops that read data at their index.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

VARIANCES = '''
import jax
import jax.numpy as jnp
import numpy as np

def loss(p):
    return jnp.sum(jnp.cos(p) ** 2)

def gradient_variance(dim, num_trials: int = 200, seed: int = 0):
    grad_fn = jax.jit(jax.grad(loss))
    key = jax.random.PRNGKey(seed)
    grads = []
    for _ in range(num_trials):
        key, sub = jax.random.split(key)
        params = jax.random.uniform(sub, (dim,), maxval=2 * jnp.pi)
        grads.append(np.asarray(grad_fn(params)))
    return np.var(np.array(grads), axis=0)
'''


def test_a_gradient_at_a_fresh_draw_per_step_is_reported(tmp_path):
    found = scan_program(tmp_path, VARIANCES, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA102", 16)]
    assert "one gradient per step at a fresh random draw (`params`" in found[0]["message"]
    assert "`jax.vmap(grad_fn)` over the draws" in found[0]["message"]
    assert "`num_trials` is a parameter: the loop grows with what callers pass" in found[0]["evidence"]


def test_numpy_draws_count_too(tmp_path):
    source = VARIANCES.replace("        key, sub = jax.random.split(key)\n", "").replace(
        "jax.random.uniform(sub, (dim,), maxval=2 * jnp.pi)", "jnp.asarray(np.random.uniform(0, 6.28, dim))")
    assert [f["code"] for f in scan_program(tmp_path, source, low=False)] == ["GA102"]


@pytest.mark.parametrize(
    "change",
    [
        # stochastic training: the parameters it differentiates at change every step
        ("        grads.append(np.asarray(grad_fn(params)))", "        w = w - 0.1 * grad_fn(w + params)"),
        # a random walk: the draw adds to what the step before left
        ("        params = jax.random.uniform(sub, (dim,), maxval=2 * jnp.pi)", "        params = params + jax.random.normal(sub, (dim,))"),
        # a few fixed restarts
        ("range(num_trials)", "range(4)"),
        # parameters unpacked from what the step before left: stochastic training all the same
        ("        grads.append(np.asarray(grad_fn(params)))", "        w0, = state\n        g = grad_fn(w0 + params)\n        state = (w0 - 0.1 * g,)"),
    ],
)
def test_look_alikes_are_not_reported(tmp_path, change):
    source = VARIANCES.replace(*change).replace("    grads = []\n", "    grads = []\n    w = jnp.zeros(dim)\n    params = jnp.zeros(dim)\n    state = (w,)\n")
    assert change[1] in source
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA102"] == []


FISHER = '''
import jax
import jax.numpy as jnp

class Curvature:
    def __init__(self, log_lik, draws=96):
        self.log_lik = log_lik
        self.dlog = jax.jit(jax.vmap(jax.grad(self._ll)))
        self.draws = draws
        self.key = jax.random.PRNGKey(0)

    def _ll(self, theta, key):
        return self.log_lik(theta, jax.random.normal(key, theta.shape))

    def estimate(self, theta):
        acc = 0.0
        for _ in range(self.draws):
            self.key, sub = jax.random.split(self.key)
            g = self.dlog(theta, jax.random.split(sub, theta.shape[0]))
            acc += jnp.einsum("bi,bj->ij", g, g)
        return acc / self.draws
'''


def test_a_held_gradient_function_called_with_a_fresh_key_per_step_is_reported(tmp_path):
    # ``self.dlog`` holds a gradient function (set once, in ``__init__``); the key split afresh
    # each step is the example it draws with
    found = scan_program(tmp_path, FISHER, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA102", 19)]
    assert "at a fresh random draw (`sub`" in found[0]["message"]


def test_a_key_carried_into_the_gradient_is_not_a_fresh_draw(tmp_path):
    # the step hands on the key it differentiates with: nothing new is drawn per step
    source = FISHER.replace("self.key, sub = jax.random.split(self.key)", "sub = jax.random.fold_in(sub, 1)").replace("        acc = 0.0\n", "        acc = 0.0\n        sub = self.key\n")
    assert [f for f in scan_program(tmp_path, source) if f["code"] == "GA102"] == []


PLANNER = '''
import jax
import jax.numpy as jnp
import numpy as np
from planning import Base

class Planner(Base):
{definition}
    def performance(self, mdp, p):
        return jnp.sum(jnp.tanh(mdp @ p))

    def plan(self, p, num_samples=40):
        values, grads = [], []
        for _ in range(num_samples):
            mdp = self.{method}()
            v, g = jax.value_and_grad(self.performance, 1)(mdp, p)
            values.append(v)
            grads.append(g)
        return values, grads
'''


DRAWS = "    def {method}(self):\n        return jnp.asarray(np.random.dirichlet(np.ones(4), size=4))\n"


@pytest.mark.parametrize("method, definition", [
    ("posterior_mdp", DRAWS),  # a method of the class that draws
    ("sample_mdp", ""),  # defined in a base class not shown: the name breaks the tie
])
def test_a_method_that_draws_an_example_per_step_is_a_draw(tmp_path, method, definition):
    found = scan_program(tmp_path, PLANNER.format(method=method, definition=definition.format(method=method)), low=False)
    assert [f["code"] for f in found] == ["GA102"]
    assert f"`mdp = self.{method}()`" in found[0]["message"]


@pytest.mark.parametrize("method, definition", [
    ("current_mdp", ""),  # not shown, and its name says nothing of drawing
    ("sample_mdp", "    def {method}(self):\n        return self.mdps[0]\n"),  # shown, and it draws nothing
])
def test_a_method_that_neither_draws_nor_says_so_is_not_a_draw(tmp_path, method, definition):
    found = scan_program(tmp_path, PLANNER.format(method=method, definition=definition.format(method=method)))
    assert [f for f in found if f["code"] == "GA102"] == []
