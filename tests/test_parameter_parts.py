"""Parts of an unpacked parameter and sampled values walked with a data array (GA101), and
``functools.reduce`` of an addition read as the builtin sum (GA301)."""

from __future__ import annotations

import pytest
from conftest import scan_program

PARTS = '''
import jax
import jax.numpy as jnp


def run(x0, beta, gamma):
    return x0 * jnp.exp(-beta * gamma)


@jax.jit
def dynamics(params, x0):
    beta, gamma = params
    return jnp.stack([{body} for xx, b, g in zip(x0, beta, gamma)])
'''


def test_parts_of_a_parameter_zipped_with_its_data_are_a_map(tmp_path):
    findings = scan_program(tmp_path, PARTS.format(body="run(xx, b, g)"))
    assert [(f["code"], f["line"]) for f in findings] == [("GA101", 13)]
    assert "jax.vmap(run)(x0, beta, gamma)" in findings[0]["message"]


@pytest.mark.parametrize("body", ["g(b(xx))", "b.apply(g, xx)"])
def test_parts_called_or_read_as_objects_are_not(tmp_path, body):
    # ``layers, heads = params``: parts that are called, or read through an attribute, are
    # modules or layers, not arrays walked with the data.
    assert scan_program(tmp_path, PARTS.format(body=body)) == []


def test_a_part_walked_alone_is_not_data(tmp_path):
    # Nothing says how long ``beta`` is when no data array is walked with it.
    source = PARTS.replace("zip(x0, beta, gamma)", "zip(beta, gamma)").replace("run(xx, b, g)", "run(1.0, b, g)")
    assert scan_program(tmp_path, source.format(body="run(1.0, b, g)")) == []


SAMPLED = '''
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def solve(x0, beta):
    return x0 * jnp.exp(-beta)


def model(x0, obs=None):
    with numpyro.plate("places", x0.shape[0]):
        beta = numpyro.sample("beta", dist.Gamma(2.0, 10.0))
    x = jnp.stack([solve(xx, b) for xx, b in zip(x0, beta)])
    numpyro.sample("y", dist.Normal(x, 1.0), obs=obs)


mcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10)
'''


def test_a_sampled_array_zipped_with_data_is_a_map(tmp_path):
    findings = scan_program(tmp_path, SAMPLED)
    assert [(f["code"], f["line"]) for f in findings] == [("GA101", 16)]
    assert any("passed to numpyro.infer.NUTS" in item for item in findings[0]["evidence"])


REDUCE = '''
import functools
import operator
import jax
import jax.numpy as jnp


def f(x):
    return jnp.sin(x) ** 2


def loss(xs):
    return functools.reduce({op}, {terms})


g = jax.grad(loss)
'''


@pytest.mark.parametrize("op", ["operator.add", "jnp.add", "lambda a, b: a + b", "lambda a, b: b + a"])
@pytest.mark.parametrize("terms", ["[f(x) for x in xs]", "map(f, xs)", "(f(x) for x in xs)"])
def test_reduce_of_an_addition_is_a_sum(tmp_path, op, terms):
    findings = scan_program(tmp_path, REDUCE.format(op=op, terms=terms))
    assert [(f["code"], f["line"]) for f in findings] == [("GA301", 13)]
    assert "jnp.sum(jax.vmap(f)(xs), axis=0)" in findings[0]["message"]


@pytest.mark.parametrize(
    "op, terms",
    [
        ("operator.mul", "[f(x) for x in xs]"),
        ("lambda a, b: a + 2 * b", "[f(x) for x in xs]"),
        ("operator.add", "xs"),
        ("operator.add", "[f(x) for x in xs], 0.0"),
    ],
)
def test_other_reductions_are_not(tmp_path, op, terms):
    assert scan_program(tmp_path, REDUCE.format(op=op, terms=terms)) == []


CAPTURED_BY_MODEL = '''
import jax.numpy as jnp
import numpy as np
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

GRID = jnp.asarray(np.load("grid.npy"))


def model(obs=None):
    a = numpyro.sample("a", dist.Normal(0.0, 1.0))
    numpyro.sample("y", dist.Normal(a * GRID, 1.0), obs=obs)


mcmc = MCMC(NUTS(model), num_warmup=10, num_samples=10)
'''


def test_data_a_numpyro_model_closes_over_is_compiled_in_by_mcmc(tmp_path):
    findings = scan_program(tmp_path, CAPTURED_BY_MODEL, low=False)
    assert [(f["code"], f["line"]) for f in findings] == [("GA401", 13)]
    assert any("NUTS" in item for item in findings[0]["evidence"])
