"""A function of the module (or a method of the class around) whose every ``return`` computes a
derivative is a gradient function: called once per sample, it is GA102's per-example gradient,
not GA101's map. A loop may reach the sample through temporaries of one iteration
(``x = jnp.expand_dims(xs[i], 0)``); parameters updated from step to step stay sequential."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def loss(p, x):
    return jnp.sum(jnp.tanh(p @ x))


@jax.jit
def single_grad(params, x):
    return jax.grad(lambda p: loss(p, x))(params)


def all_grads(params, xs):
    out = []
    for i in range(xs.shape[0]):
        out.append(single_grad(params, xs[i]))
    return jnp.stack(out)


def scores(params, xs, v):
    out = []
    for i in range(xs.shape[0]):
        x = jnp.expand_dims(xs[i], 0)
        g = single_grad(params, x)
        out.append(jnp.vdot(v, g))
    return jnp.array(out)


def sgd(params, xs):
    for x in xs:
        g = single_grad(params, x)
        params = params - 0.1 * g
    return params


class Model:
    @jax.jit
    def grad_of(self, params, x):
        return jax.grad(loss)(params, x)

    def per_example(self, params, xs):
        return jnp.stack([self.grad_of(params, x) for x in xs])
'''


def test_helpers_that_return_derivatives_are_gradient_functions(tmp_path):
    found = sorted((f["line"], f["code"]) for f in scan_program(tmp_path, PROGRAM))
    assert found == [(17, "GA102"), (25, "GA102"), (43, "GA102")], found
    messages = {f["line"]: f["message"] for f in scan_program(tmp_path, PROGRAM)}
    assert "jnp.expand_dims(xs_i, 0)" in messages[25]


INFLUENCE = '''from functools import partial

import jax
import jax.numpy as jnp


class Influence:
    def __init__(self, loss_fn, inputs, targets):
        self.loss_fn = loss_fn
        self.inputs, self.targets = inputs, targets

    @partial(jax.jit, static_argnums=(0,))
    def example_grad(self, params, x, y):
        return jax.grad(lambda p: self.loss_fn(p, x, y))(params)

    def scores(self, params, v):
        out = []
        n = self.inputs.shape[0]
        for i in range(n):
            x = jnp.expand_dims(self.inputs[i], 0)
            y = jnp.expand_dims(self.targets[i], 0)
            out.append(jnp.vdot(v, self.example_grad(params, x, y)))
        return jnp.array(out)
'''


def test_a_loop_counting_the_rows_of_an_attribute_reads_them(tmp_path):
    # ``range(n)`` with ``n = self.inputs.shape[0]``: the rows of the array the loop reads at the
    # index, and the array read along with it.
    found = [f for f in scan_program(tmp_path, INFLUENCE) if f["code"] == "GA102"]
    assert [f["line"] for f in found] == [22], found


HVP = '''import jax
import jax.numpy as jnp


def f(x):
    return jnp.sum(jnp.sin(x) ** 2)


def hvp(x, v):
    return {returned}


def hvps(m, s, eps):
    return jnp.array([hvp(m, s * e) for e in eps])
'''


def test_a_helper_returning_a_part_of_a_jvp_is_a_derivative_per_sample(tmp_path):
    found = scan_program(tmp_path, HVP.format(returned="jax.jvp(jax.grad(f), (x,), (v,))[1]"))
    assert [f["code"] for f in found] == ["GA102"]
    assert "one Jacobian-vector product per element of `eps`" in found[0]["message"]


def test_a_helper_returning_a_value_is_a_map(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, HVP.format(returned="jnp.sin(x) * v"))] == ["GA101"]


INNER = '''
import jax
import jax.numpy as jnp

def logp(x, mu):
    return -jnp.sum((x - mu) ** 2)

def fisher(x, mu):
    score = jax.grad(logp)({at})
    return jnp.mean(score ** 2)

def total(mu, sets):
    return jnp.mean(jnp.array([fisher(s, mu) for s in sets]))

g = jax.jit(total)
'''


def test_a_helper_computing_a_derivative_at_what_it_is_passed_is_a_per_example_gradient(tmp_path):
    # score matching: the helper returns a reduction of the derivative, not the derivative itself
    found = scan_program(tmp_path, INNER.format(at="x, mu"), low=False)
    assert [f["code"] for f in found] == ["GA102"]
    assert "jax.vmap(fisher" in found[0]["message"]


def test_a_helper_differentiating_at_a_constant_is_not(tmp_path):
    found = scan_program(tmp_path, INNER.format(at="jnp.zeros(3), jnp.ones(3)"))
    assert [f["code"] for f in found if f["code"] == "GA102"] == []
