"""A summed step that runs a small inner loop of its own (a stack of layers applied to each
sample) is still one term per sample: GA302 reports it, with advice and no rewrite (the term
is not one expression). An inner loop that carries a value across the outer steps is a
recurrence (GA103), not a sum. A per-sample loop calling a helper that a jitted function
elsewhere also calls runs that helper op by op: it is not a host loop driving compiled code."""

from __future__ import annotations

import pytest
from conftest import scan_program

STACKED = '''
import jax
import jax.numpy as jnp

def cell(p, x):
    return jnp.tanh(p["w"] @ x + p["b"])

def loss(params, xs, ys):
    total = 0.0
    for t in range(xs.shape[0]):
        h = xs[t]
        for {inner}:
            h = cell({layer}, h)
        total = total + jnp.sum((h - ys[t]) ** 2)
    return total

g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize("inner, layer", [("l in range(len(params))", "params[l]"), ("p in params", "p")])
def test_a_sum_whose_step_runs_layers_is_reported_without_a_rewrite(tmp_path, inner, layer):
    found = scan_program(tmp_path, STACKED.format(inner=inner, layer=layer), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA302", 10)]
    assert found[0]["fix"] is None and "<the term over all elements at once>" in found[0]["message"]


def test_an_inner_loop_carrying_across_steps_is_a_recurrence(tmp_path):
    source = STACKED.replace("        h = xs[t]\n", "").replace("cell({layer}, h)", "cell({layer}, h + xs[t])").replace("    total = 0.0\n", "    total = 0.0\n    h = xs[0]\n")
    found = scan_program(tmp_path, source.format(inner="l in range(2)", layer="params[l]"))
    assert [f["code"] for f in found] == ["GA103"]


HELPER = '''
import jax
import jax.numpy as jnp

def net(params, x):
    return jnp.tanh(params @ x)

@jax.jit
def batched(params, X):
    return jax.vmap(lambda x: net(params, x))(X)

{entry}

class Model:
    def __init__(self, params):
        self.params = params

    def predict(self, X):
        return jnp.stack([{call}(self.params, x) for x in X])

def evaluate(params, X):
    model = Model(params)
    return jnp.sum(model.predict(X))

{driver}
'''


# ``evaluate`` is run eagerly by nothing the scan sees (a library function): its loop is not
# proven traced, so what it calls decides whether it is a host loop driving compiled code.
EAGER = "print(evaluate)"


def test_a_helper_reached_by_a_jitted_function_is_no_compiled_step(tmp_path):
    found = scan_program(tmp_path, HELPER.format(entry="", call="net", driver=EAGER))
    assert [f["code"] for f in found] == ["GA101"]


def test_a_jitted_entry_point_called_per_sample_is_a_driver_loop(tmp_path):
    found = scan_program(tmp_path, HELPER.format(entry="@jax.jit\ndef step(params, x):\n    return net(params, x)", call="step", driver=EAGER))
    assert [f for f in found if f["code"] == "GA101"] == []


def test_a_jitted_step_called_per_sample_under_a_trace_is_unrolled(tmp_path):
    found = scan_program(tmp_path, HELPER.format(entry="@jax.jit\ndef step(params, x):\n    return net(params, x)", call="step",
                                                 driver="g = jax.jit(jax.grad(evaluate))"))
    assert [f["code"] for f in found] == ["GA101"]  # inside the trace the step is inlined per sample


FILL = '''
import jax
import jax.numpy as jnp

def gram(X, Y, ls):
    K = jnp.zeros((X.shape[0], Y.shape[0]))
    for i in range(X.shape[0]):
        for j in range({inner}):
            K = K.at[i, j].set(jnp.exp(-jnp.sum((X[i] - Y[j]) ** 2) / ls))
    return K

loss = jax.jit(jax.grad(lambda X, Y: jnp.sum(gram(X, Y, 1.0))))
'''


def test_a_nested_fill_is_reported_once_where_its_writes_are(tmp_path):
    found = scan_program(tmp_path, FILL.format(inner="Y.shape[0]"))
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 8)]
    assert "the writes are independent" in found[0]["message"]


def test_a_nested_fill_over_a_few_columns_is_reported_at_the_outer_loop(tmp_path):
    found = scan_program(tmp_path, FILL.format(inner="3"))
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 7)]
