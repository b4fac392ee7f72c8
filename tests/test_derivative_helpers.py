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
