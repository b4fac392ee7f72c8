"""Calling an instance runs its class's ``__call__``: a local bound to an instance of a class of
the project (``model = RNN(w, u)``, then ``model(xs)``) or an instance made and called at once
(``RNN(w, u)(xs)``) carries the transform of the caller into ``__call__``, so a recurrence there
is proven traced (high), not only likely."""

from __future__ import annotations

import pytest
from conftest import scan_program

RNN = '''
import jax
import jax.numpy as jnp

class RNN:
    def __init__(self, W, U):
        self.W, self.U = W, U

    def __call__(self, xs):
        h = jnp.zeros(self.W.shape[0])
        hs = []
        for x in xs:
            h = jnp.tanh(self.W @ h + self.U @ x)
            hs.append(h)
        return jnp.stack(hs)

def loss(params, xs):
{body}

g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize(
    "body",
    [
        "    model = RNN(*params)\n    return jnp.sum(model(xs) ** 2)",
        "    return jnp.sum(RNN(*params)(xs) ** 2)",
        "    return jnp.sum(RNN(params[0], jnp.tanh(params[1]))(xs) ** 2)",
        "    model = RNN(*params)\n    w = model.W\n    return jnp.sum(model(xs) @ w)",  # attributes read too
    ],
)
def test_a_called_instance_reaches_its_call_method(tmp_path, body):
    found = scan_program(tmp_path, RNN.format(body=body), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]
    assert "`RNN.__call__` is called from `loss`" in found[0]["context"]


def test_an_instance_made_but_never_called_does_not_reach_its_call_method(tmp_path):
    body = "    model = RNN(*params)\n    return jnp.sum(model.W @ xs.T)"
    found = scan_program(tmp_path, RNN.format(body=body))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "low")]  # only likely traced


METHOD = '''
import jax
import jax.numpy as jnp

class Model:
    def __init__(self, params):
        self.params = params

    def _forward(self, x):
        return jnp.tanh(self.params["W"] @ x + self.params["b"])

    def loss(self, params, X, y):
        self.params = params
        preds = jnp.array([self._forward(x) for x in X])
        return jnp.mean((preds - y) ** 2)
{other}
def train(model, params, X, y):
    return jax.grad(model.loss)(params, X, y)
'''


def test_a_transform_of_an_unknown_objects_method_reaches_the_only_class_defining_it(tmp_path):
    found = scan_program(tmp_path, METHOD.format(other=""), low=False)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "high")]
    assert "(`model`: the only class here with a `loss` method)" in found[0]["context"]


def test_two_classes_defining_the_method_leave_it_unresolved(tmp_path):
    other = "\nclass Baseline:\n    def loss(self, params, X, y):\n        return jnp.mean(y ** 2)\n"
    found = scan_program(tmp_path, METHOD.format(other=other))
    assert [(f["code"], f["confidence"]) for f in found] == [("GA101", "low")]


PLANT = '''
import jax
import jax.numpy as jnp

K = 40

class Plant:
    def __init__(self, w):
        self.w = w

    def limits(self, z):
        out = jnp.zeros(K)
        for s in range(K):
            out = out.at[s].set(jnp.sum(jnp.tanh(z * self.w[s])))
        return out

class Other:
    def limits(self, z):
        return z

def main(w, z0):
    net = {made}
    g = jax.jit(jax.jacrev(lambda z: net.limits(z)))
    return g(z0)
'''


def test_a_lambda_calling_a_method_of_the_enclosing_functions_instance_reaches_it(tmp_path):
    # ``net = Plant(w)`` in ``main``; the lambda handed to jacrev calls ``net.limits``: that method
    found = scan_program(tmp_path, PLANT.format(made="Plant(w)"), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 13)]
    assert "`Plant.limits` is called from the lambda at line 23" in found[0]["context"]


def test_an_instance_of_no_known_class_reaches_nothing(tmp_path):
    assert [f for f in scan_program(tmp_path, PLANT.format(made="make_plant(w)")) if f["line"] == 13] == []
