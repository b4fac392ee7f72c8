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
