"""A history grown by concatenation that each step reads (an autoregressive sampler:
``states = jnp.concatenate([states, y])`` with ``y`` computed from the last items) is reported
with advice only: carry a fixed-size window in a scan and emit each item, since no scan
carries the growing array itself. Independent results appended are GA101's map; a polynomial
convolved per step grows in another way and stays unreported. A NumPyro distribution's
``sample`` and ``log_prob`` run under the model's trace (library table ``base_methods``), and
``if length is None: length = self.length`` leaves a count that is still the parameter's."""

from __future__ import annotations

import pytest
from conftest import scan_program

AR = '''
import jax
import jax.numpy as jnp
import jax.random as jr
from numpyro import distributions as dist


class Autoregressive(dist.Distribution):
    def __init__(self, coefficients, length=100):
        self.coefficients = coefficients
        self.length = length

    def sample(self, key, length=None):
        if length is None:
            length = self.length

        def body_fn(states, k):
            p = self.coefficients.shape[0]
            lhs = jax.lax.dynamic_slice_in_dim(states, states.shape[0] - p, p)
            y = jnp.atleast_1d(jnp.dot(lhs, self.coefficients) + jr.normal(k))
            return {grow}

        keys = jr.split(key, length)
        states = jnp.zeros(self.coefficients.shape[0])
        for k in keys[1:]:
            states = body_fn(states, k)
        return states
'''


def test_an_autoregressive_history_in_a_distribution_sampler_is_reported_with_advice(tmp_path):
    found = scan_program(tmp_path, AR.format(grow="jnp.concatenate([states, y])"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "grows by one item per step" in found[0]["message"] and found[0]["fix"] is None
    assert "NumPyro distribution" in found[0]["context"]


def test_a_carry_that_keeps_its_shape_in_the_same_sampler_is_a_recurrence(tmp_path):
    found = scan_program(tmp_path, AR.format(grow="jnp.concatenate([states[1:], y])"))
    assert [f["code"] for f in found] == ["GA103"]
    assert "grows" not in found[0]["message"]


CONVOLVED = '''
import jax
import jax.numpy as jnp

@jax.jit
def poly(q, x):
    p = jnp.ones(1)
    for i in range(x.shape[0]):
        p = jnp.convolve(p, q * x[i])
        p = p / jnp.sum(p)
    return p
'''


def test_a_polynomial_convolved_per_step_is_not_a_history(tmp_path):
    assert scan_program(tmp_path, CONVOLVED) == []
