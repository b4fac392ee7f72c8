"""A list of per-sample results added by the builtin ``sum`` is a per-sample map whose results
are added one by one (GA101: the mapped array, then one ``jnp.sum`` over its first axis; advice,
since iterating the mapped array would still add item by item). ``len(name)`` beside it is the
number of items, whatever holds them. The parts of a parameter named as data (``x, y = batch``)
are arrays as long as the batch: a loop over one walks the data."""

from __future__ import annotations

import pytest
from conftest import scan_program

APPENDED = '''
import jax
import jax.numpy as jnp

def model(params, x):
    return jnp.tanh(x @ params)

def loss(params, x, y):
    total = []
    for xi, yi in zip(x, y):
        total.append(jnp.sum((model(params, xi) - yi) ** 2))
    return {result}

g = jax.jit(jax.grad(loss))
'''

COMPREHENSION = '''
import jax
import jax.numpy as jnp

def model(params, x):
    return jnp.tanh(x @ params)

def loss(params, x, y):
    total = [jnp.sum((model(params, xi) - yi) ** 2) for xi, yi in zip(x, y)]
    return {result}

g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize("template", [APPENDED, COMPREHENSION], ids=["appended", "comprehension"])
@pytest.mark.parametrize("result", ["sum(total) / len(total)", "sum(total)"])
def test_a_per_sample_list_added_by_the_builtin_sum_is_a_map(tmp_path, template, result):
    found = scan_program(tmp_path, template.format(result=result), low=False)
    assert [f["code"] for f in found] == ["GA101"]
    message = found[0]["message"]
    assert "the builtin `sum(total)` adds the results one by one" in message
    assert "jax.vmap(lambda xi, yi: jnp.sum((model(params, xi) - yi) ** 2))(x, y)" in message
    assert "then `jnp.sum(total, axis=0)` in place of `sum(total)`" in message
    assert found[0]["fix"] is None


@pytest.mark.parametrize(
    "result",
    [
        "sum(total, jnp.zeros(()))",  # a start value: not the plain builtin sum of the list
        "sum(total) + total[0]",  # the list is read item by item elsewhere
    ],
)
def test_a_list_used_otherwise_is_not_a_summed_map(tmp_path, result):
    found = scan_program(tmp_path, COMPREHENSION.format(result=result))
    assert not any("adds the results one by one" in f["message"] for f in found)


def test_a_list_of_parameter_leaves_added_by_sum_is_not_a_map(tmp_path):
    source = '''
import jax
import jax.numpy as jnp

def l2(params):
    norms = [jnp.sum(w ** 2) for w in jax.tree_util.tree_leaves(params)]
    return sum(norms)

g = jax.grad(l2)
'''
    assert scan_program(tmp_path, source) == []


UNPACKED = '''
import jax
import jax.numpy as jnp

def model(params, x):
    return jnp.tanh(x @ params)

def loss(params, {whole}):
    {first}, second = {whole}
    preds = jnp.stack([model(params, xi) for xi in {first}])
    return jnp.mean((preds - second) ** 2)

g = jax.jit(jax.grad(loss))
'''


@pytest.mark.parametrize(("whole", "first"), [("batch", "x"), ("data", "inputs"), ("minibatch", "images")])
def test_the_parts_of_a_parameter_named_as_data_walk_the_data(tmp_path, whole, first):
    found = scan_program(tmp_path, UNPACKED.format(whole=whole, first=first), low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert f"`{first}` is unpacked from the parameter `{whole}`, named as data" in "\n".join(found[0]["evidence"])


@pytest.mark.parametrize(("whole", "first"), [("params", "w"), ("pair", "x"), ("layers", "first")])
def test_the_parts_of_other_parameters_are_not_shown_to_be_data(tmp_path, whole, first):
    found = scan_program(tmp_path, UNPACKED.format(whole=whole, first=first), low=False)
    assert found == []


def test_an_eager_loop_over_an_unpacked_batch_is_host_code(tmp_path):
    source = '''
import jax.numpy as jnp

def show(batch):
    images, labels = batch
    return jnp.stack([jnp.mean(image) for image in images])
'''
    assert scan_program(tmp_path, source, low=False) == []
