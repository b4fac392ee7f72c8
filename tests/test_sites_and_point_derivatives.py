"""A model with one sample site per data element (GA101's plate advice), and autograd
derivatives computed once per point inside an accumulated term (GA102)."""

from __future__ import annotations

import pytest
from conftest import scan_program

MODEL = '''
import jax
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


def model(scores):
    mu = numpyro.sample("mu", dist.Normal(0, 1))
    for k in range(scores.shape[0]):
        numpyro.sample({name}, dist.Normal(mu, 1.0), obs=scores[k])


def run(scores):
    for m in (model,):
        MCMC(NUTS(m), num_warmup=500, num_samples=500).run(jax.random.PRNGKey(0), scores)
'''


@pytest.mark.parametrize("name", ['f"obs_{k}"', '"obs_{}".format(k)', '"obs_%d" % k', '"obs_" + str(k)'])
def test_one_site_per_element_under_nuts_is_a_map(tmp_path, name):
    findings = scan_program(tmp_path, MODEL.format(name=name))
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA101", 10, "high")]
    assert "numpyro.plate" in findings[0]["message"]
    assert any("passed to numpyro.infer.NUTS" in item for item in findings[0]["evidence"])


def test_a_plate_and_a_few_named_sites_are_not(tmp_path):
    plate = MODEL.replace(
        '    for k in range(scores.shape[0]):\n        numpyro.sample({name}, dist.Normal(mu, 1.0), obs=scores[k])\n',
        '    with numpyro.plate("data", scores.shape[0]):\n        numpyro.sample("obs", dist.Normal(mu, 1.0), obs=scores)\n    for j in range(3):\n        numpyro.sample(f"w_{j}", dist.Normal(0, 1))\n',
    )
    assert scan_program(tmp_path, plate) == []


POINTS = '''
import autograd.numpy as np
from autograd import grad, hessian, jacobian


def phi(p, w):
    return np.tanh(np.dot(w[:2], p) + w[2])


def residual(w, xs, ts):
    d1 = jacobian(phi)
    d2 = hessian(phi)
    tot = 0.0
    for a in xs:
        for b in ts:
            p = np.array([a, b])
            tot += (d1(p, w)[1] - d2(p, w)[0, 0]) ** 2
    return tot


step = grad(residual)
'''


def test_autograd_derivatives_per_point_in_a_summed_term(tmp_path):
    findings = scan_program(tmp_path, POINTS)
    assert sorted((f["code"], f["line"], f["message"].split("`")[1]) for f in findings) == [("GA102", 17, "d1(p, w)"), ("GA102", 17, "d2(p, w)")]
    assert all("autograd has no `vmap`" in f["message"] for f in findings)


PARTIALS = '''
import autograd.numpy as np
from autograd import grad

def g(w_1, w_2):
    return np.tanh(w_1 * w_2)

dgdw1 = grad(g, 0)
s = np.linspace(-5, 5, 500)
w1, w2 = np.meshgrid(s, s)
w1 = np.reshape(w1, (1, np.size(w1)))
w2 = np.reshape(w2, (1, np.size(w2)))
partials = np.array([dgdw1({args}) for a, b in zip(w1.T, w2.T)])
'''


def test_autograd_partials_at_each_point_of_a_grid_are_per_point_derivatives(tmp_path):
    # every argument is the point's own coordinate: elementwise_grad does them in one pass
    found = scan_program(tmp_path, PARTIALS.format(args="a[0], b[0]"))
    assert [f["code"] for f in found] == ["GA102"]
    assert "elementwise_grad" in found[0]["message"]


def test_autograd_gradients_at_shared_weights_per_point_are_not_per_point_derivatives(tmp_path):
    # ``dgdw1(w, b[0])``: the first argument is shared by every point, a per-example gradient
    # (autograd has no vmap for it), not a per-point derivative
    assert scan_program(tmp_path, PARTIALS.format(args="s[0], b[0]")) == []
