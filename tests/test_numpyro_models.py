"""A function that calls ``numpyro.sample`` is a model: the sampler or SVI that runs it traces and
differentiates it, even where the scan does not see them (another package, a base class from
elsewhere). A loop making one site per data point in it is reported; a loop over records of
differently shaped arrays read by key (``shapes[i]["verts"]``), or over lists of different
lengths walked per item (``[skills[i] for i in needed[q]]``), is not: no plate indexes them."""

from __future__ import annotations

from conftest import scan_program

PER_DATUM = '''
import numpyro
import numpyro.distributions as dist


def line_model(t, obs, err):
    mu = numpyro.sample("slope", dist.Normal(0, 3)) * t
    for n in range(len(t)):
        numpyro.sample("obs_%d" % n, dist.Normal(mu[n], err[n]), obs=obs[n])
'''

RECORDS = '''
import numpyro
import numpyro.distributions as dist


def model(shapes):
    n = len(shapes)
    coords = []
    for i in range(n):
        if shapes[i]["fixed"]:
            coords.append(numpyro.deterministic("X_{}".format(i), shapes[i]["verts"]))
            continue
        t = numpyro.sample("t{}".format(i), dist.Uniform(-1.0, 1.0))
        coords.append(numpyro.deterministic("X_{}".format(i), shapes[i]["verts"] + t))
    return coords
'''


def test_a_model_no_sampler_in_sight_reaches_is_still_differentiated(tmp_path):
    found = scan_program(tmp_path, PER_DATUM, low=False)
    assert [f["code"] for f in found] == ["GA101"]
    assert any("calls `numpyro.sample`: a model" in item for item in found[0]["evidence"])


def test_sites_per_record_read_by_key_are_not_a_plate(tmp_path):
    assert scan_program(tmp_path, RECORDS) == []


RAGGED = '''
import operator
from functools import reduce

import numpyro
import numpyro.distributions as dist


def model(responses, skills_needed: list, n_skills):
    skills = [numpyro.sample("skill_{}".format(s), dist.Bernoulli(0.5)) for s in range(n_skills)]
    for q in range(responses.shape[0]):
        has = reduce(operator.mul, [skills[i] for i in skills_needed[q]])
        numpyro.sample("correct_{}".format(q), dist.Bernoulli(has * 0.9 + 0.05), obs=responses[q])
'''


def test_sites_over_lists_of_different_lengths_are_not_a_plate(tmp_path):
    assert scan_program(tmp_path, RAGGED) == []


def test_sites_each_drawn_from_the_one_before_are_a_chain_not_a_plate(tmp_path):
    # each site's distribution reads the site before: a recurrence (GA103, a scan), not a plate
    source = PER_DATUM.replace('        numpyro.sample("obs_%d" % n, dist.Normal(mu[n], err[n]), obs=obs[n])',
                               '        h = numpyro.sample("h_%d" % n, dist.Normal(mu[n] * h, err[n]))').replace(
        "    for n in range(len(t)):", "    h = 0.0\n    for n in range(len(t)):")
    found = scan_program(tmp_path, source, low=False)
    assert [f["code"] for f in found] == ["GA103"]
    assert "use `numpyro.contrib.control_flow.scan` carrying `h`" in found[0]["message"] and found[0]["fix"] is None
