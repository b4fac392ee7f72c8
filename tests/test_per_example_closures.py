"""The gradient of a function written in place that reads the sample
(``jax.grad(lambda p: loss(p, x, y))(params)``, or a ``partial`` binding it) is a per-example
gradient: GA102's, not GA101's. A lambda that reads only what every sample shares is one
gradient function, called per sample with the sample as its argument."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''from functools import partial

import jax
import jax.numpy as jnp


def loss(p, x, y):
    return jnp.sum((p @ x - y) ** 2)


def closed(params, xs, ys):
    gs = [jax.grad(lambda p: loss(p, x, y))(params) for x, y in zip(xs, ys)]
    return jnp.stack(gs)


def indexed(params, xs, ys):
    gs = []
    for i in range(xs.shape[0]):
        gs.append(jax.grad(partial(loss, x=xs[i], y=ys[i]))(params))
    return jnp.stack(gs)


def shared(params, xs, scale):
    return jnp.stack([jax.grad(lambda p, x: scale * loss(p, x, 0.0))(params, x) for x in xs])
'''


def test_the_gradient_of_a_function_of_the_sample_is_per_example(tmp_path):
    findings = scan_program(tmp_path, PROGRAM)
    by_line = {f["line"]: f["code"] for f in findings}
    assert by_line == {12: "GA102", 19: "GA102", 24: "GA102"}, findings
    assert "jax.vmap(lambda x, y: jax.grad(lambda p: loss(p, x, y))(params))(xs, ys)" in next(f["message"] for f in findings if f["line"] == 12)
