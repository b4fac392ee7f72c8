"""A loop over the rows of a parameter the gradient is taken with respect to, whose every step
takes another array whole (a Gaussian mixture's components, each scoring all the points), is
likely a loop over a parameter axis, not over the data: reported low, saying so. Which
arguments a transform differentiates comes from ``argnums``/``argnum`` (the library table's
``differentiated_arguments``); a loop over data rows, or over a differentiated array that no
step reads whole beside another sized array, keeps its confidence."""

from __future__ import annotations

import ast

import pytest
from conftest import scan_program

from gradadvisor.analysis.gradient import differentiated_positions

MIXTURE = '''
import autograd
import autograd.numpy as np
from autograd.scipy.special import logsumexp
from autograd.scipy.stats import norm

def nll(x_ND, log_pi_K, mu_KD, sd_KD):
    N, D = x_ND.shape
    K = mu_KD.shape[0]
    total = 0.0
    for k in range(K):
        total = total - logsumexp(log_pi_K[k] + np.sum(norm.logpdf(x_ND, mu_KD[k], sd_KD[k]), axis=1))
    return total

grad_mu = autograd.grad(nll, argnum={argnum})
'''


def _levels(found):
    return [(f["code"], f["confidence"]) for f in found]


def test_a_loop_over_the_differentiated_components_taking_all_points_is_low(tmp_path):
    found = scan_program(tmp_path, MIXTURE.format(argnum=2))
    assert _levels(found) == [("GA302", "low")]
    assert any("walks the rows of `mu_KD`" in item for item in found[0]["evidence"])
    assert scan_program(tmp_path, MIXTURE.format(argnum="(1, 2)")) != []  # still reported, at low
    assert scan_program(tmp_path, MIXTURE.format(argnum="(1, 2)"), low=False) == []


def test_the_same_loop_differentiated_with_respect_to_the_points_keeps_its_confidence(tmp_path):
    # the gradient is taken of the array every step takes whole: nothing says the loop is over components
    found = scan_program(tmp_path, MIXTURE.format(argnum=0))
    assert [level for _, level in _levels(found)] != ["low"]


PER_SAMPLE = '''
import jax
import jax.numpy as jnp

def loss(w, X, y):
    n = X.shape[0]
    total = 0.0
    for i in range(n):
        total = total + (jnp.dot(X[i], w) - y[i]) ** 2
    return total

g = jax.grad(loss)
'''


def test_a_loop_over_data_rows_is_unchanged(tmp_path):
    found = scan_program(tmp_path, PER_SAMPLE, low=False)
    assert _levels(found) == [("GA302", "high")]


@pytest.mark.parametrize(
    ("call", "transform", "positions"),
    [
        ("jax.grad(f)", "jax.grad", (0,)),
        ("jax.grad(f, argnums=(0, 2))", "jax.grad", (0, 2)),
        ("jax.value_and_grad(f, 1)", "jax.value_and_grad", (1,)),
        ("autograd.grad(f, argnum=1)", "autograd.grad", (1,)),
        ("jax.grad(f, argnums=which)", "jax.grad", None),  # not literal: not known
        ("jax.grad(f, **options)", "jax.grad", None),
        ("jax.jit(f)", "jax.jit", None),  # does not differentiate
    ],
)
def test_the_differentiated_positions_of_a_transform_call(call, transform, positions):
    assert differentiated_positions(ast.parse(call).body[0].value, transform) == positions


AXES = '''
import jax
import jax.numpy as jnp

def expand(u, axis, n):
    shape = [1] * n
    shape[axis] = u.shape[0]
    return u.reshape(shape)

@jax.jit
def log_kernel(us, C, eps):
    n = len(us)
    log_K = -C / eps
    for i, u in enumerate(us):
        log_K = log_K + {term}
    return log_K
'''


@pytest.mark.parametrize("term", ["expand(u / eps, i, n)", "jnp.expand_dims(u, axis=i)"])
def test_a_loop_whose_variable_is_an_axis_number_runs_over_dimensions(tmp_path, term):
    assert scan_program(tmp_path, AXES.format(term=term)) == []


def test_a_loop_whose_variable_is_not_an_axis_is_still_read(tmp_path):
    found = scan_program(tmp_path, AXES.format(term="expand(u / eps, 0, n) * i"))
    assert [f["code"] for f in found] == ["GA302"]


ZIPPED = '''
import jax
import jax.numpy as jnp

def residual(sums, targets):
    errs = [jnp.linalg.norm(s - t) for s, t in zip(sums, targets)]
    return jnp.max(jnp.stack(errs))

@jax.jit
def solve(a_list, sums):
    a_tuple = {targets}
    return residual(sums, a_tuple)
'''


def test_a_zip_with_a_parameter_every_caller_passes_a_tuple_maps_a_list(tmp_path):
    # zip stops with the tuple: the comprehension runs once per item of a tuple, not per row
    assert scan_program(tmp_path, ZIPPED.format(targets="tuple(a_list)")) == []
    assert [f["code"] for f in scan_program(tmp_path, ZIPPED.format(targets="jnp.stack(a_list)"))] == ["GA101"]
