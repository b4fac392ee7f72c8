"""autograd's NumPy is NumPy until a function is handed to an autograd transform: in a project
where nothing is (a derivative-free optimizer written with ``autograd.numpy``), a per-sample
loop is not likely recorded by anything, and is reported low; with ``autograd.grad`` anywhere
in the project, the same code is likely differentiated by its callers, as jax code is."""

from __future__ import annotations

import pytest
from conftest import scan_program

SEARCH = '''
import autograd.numpy as np
{extra}

def coordinate_search(g, w, steps, alpha):
    directions = np.concatenate((np.eye(np.size(w)), -np.eye(np.size(w))), axis=0)
    for k in range(steps):
        w_candidates = w + alpha * directions
        evals = np.array([g(w_val) for w_val in w_candidates])
        w = w_candidates[np.argmin(evals)]
    return w
'''


def _levels(found):
    return [(f["code"], f["confidence"]) for f in found]


def test_autograd_numpy_with_no_autograd_transform_in_the_project_is_low(tmp_path):
    assert _levels(scan_program(tmp_path, SEARCH.format(extra=""))) == [("GA101", "low")]


@pytest.mark.parametrize("extra", ["from autograd import grad\ndg = grad(lambda w: np.sum(w ** 2))"])
def test_an_autograd_transform_in_the_project_keeps_the_likely_trace(tmp_path, extra):
    assert _levels(scan_program(tmp_path, SEARCH.format(extra=extra))) == [("GA101", "medium")]
