"""``int(labels[p])`` of a module's constant labels is a Python number under a trace too (a
constant is concrete): a sum over the labelled points that indexes with it is still one term
per point (GA302, advice only). The same conversion of a traced argument is host code."""

from __future__ import annotations

from conftest import scan_program

LABELS = '''
import jax
import jax.numpy as jnp
import numpy as onp

data = onp.loadtxt("points.csv", delimiter=",")
x = jnp.asarray(data[:-1, :])
y = data[-1, :]

def cost(w{extra}):
    scores = jnp.dot(x.T, w)
    total = 0.0
    for p in range(len({labels})):
        total = total + jnp.max(scores[p, :]) - scores[p, int({labels}[p])]
    return total / len({labels})

g = jax.grad(cost)
'''


def test_a_sum_indexed_by_constant_labels_converted_to_int_is_reported(tmp_path):
    found = scan_program(tmp_path, LABELS.format(extra="", labels="y"))
    assert [f["code"] for f in found] == ["GA302"]
    assert "fix" not in found[0] or found[0]["fix"] is None or not found[0]["fix"].get("safe")


def test_the_same_conversion_of_a_traced_argument_is_not_a_sum_over_rows(tmp_path):
    # int() of a traced value fails under jax.grad: host code, whatever its loop
    assert scan_program(tmp_path, LABELS.format(extra=", labels", labels="labels")) == []


CHAINED = '''
import jax
import jax.numpy as jnp

@jax.jit
def f(x, w):
    acc = 0.0
    for i in range(x.shape[0]):
        acc = acc + jnp.exp(-x[i]) * w - jnp.cos(x[i])
    return acc
'''


def test_a_running_total_written_as_a_chain_of_terms_is_one_sum(tmp_path):
    # ``acc = acc + a - b``: the term ``a - b`` (GA302), not a state carried from step to step (GA103)
    found = scan_program(tmp_path, CHAINED)
    assert [f["code"] for f in found] == ["GA302"]
    assert "jnp.sum(jnp.exp(-x) * w - jnp.cos(x), axis=0)" in found[0]["message"]
