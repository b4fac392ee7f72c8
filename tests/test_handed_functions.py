"""A function passed to a parameter that the callee hands to a transform runs inside the callee:
differentiated by that transform, and compiled when the callee is (``Project._handed``); a lambda
passed in the module's own code too."""

from __future__ import annotations

import pytest
from conftest import scan_files

HEAD = '''from functools import partial

import jax
import jax.numpy as jnp

SPECTRA = jnp.asarray(jnp.load("spectra.npy"), dtype=jnp.float32).reshape(300, 128, 128)


@partial(jax.jit, static_argnames=("fn",))
def curvature(fn, x):
    return jax.grad(fn)(x)


def plain(fn, x):
    return fn(x)


p0 = jnp.zeros(3)
'''


@pytest.mark.parametrize(
    ("call", "reported"),
    [
        ("out = curvature(lambda p: jnp.sum((SPECTRA * p) ** 2), p0)\n", True),
        ("def cost(p):\n    return jnp.sum((SPECTRA * p) ** 2)\n\n\nout = curvature(cost, p0)\n", True),
        # handed to a function that neither transforms nor compiles it: eager
        ("out = plain(lambda p: jnp.sum((SPECTRA * p) ** 2), p0)\n", False),
    ],
)
def test_a_function_handed_to_a_jitted_transforming_callee_is_compiled(tmp_path, call, reported):
    found = scan_files(tmp_path, {"m.py": HEAD + call}, ("GA401",))
    assert bool(found) == reported
    if reported:
        assert "passed for `fn` to `curvature`" in found[0].context


ALIASED = '''
import jax
import jax.numpy as jnp

NOISE = jnp.asarray(jnp.load("noise.npy"), dtype=jnp.float32).reshape(2000, 2000)


def loglik(theta, d):
    return jnp.sum((d - theta) ** 2 / NOISE)


score = jax.vmap(jax.grad(loglik))
'''

CALLER = '''
import jax
{imports}


def helper(thetas, d):
    return score(thetas, d)


@jax.jit
def run(thetas, d):
    return helper(thetas, d)
'''


@pytest.mark.parametrize("split", [False, True])
def test_a_name_bound_to_transforms_of_a_function_calls_it(tmp_path, split):
    """``score = jax.vmap(jax.grad(loglik))``, called from jitted code (in this module, or imported):
    ``loglik`` runs compiled, so its captured array is baked in."""
    if split:
        files = {"model.py": ALIASED, "run.py": CALLER.format(imports="from model import score")}
    else:
        files = {"model.py": ALIASED + CALLER.format(imports="")}
    found = scan_files(tmp_path, files, ("GA401",))
    assert [(f.path, f.line) for f in found] == [("model.py", 9)]
    assert "is called from `helper`" in found[0].context and "`loglik`" in found[0].context


@pytest.mark.parametrize(("name", "traced"), [("fast_compile", True), ("jit_method", True), ("njit", False), ("cached", False)])
def test_a_project_decorator_named_for_compiling_is_a_guessed_jit(name, traced):
    """``@fast_compile(...)`` imported from the file's own package (its module not in the scan): a
    guess from the name, so the level rests on a guess; numba's ``njit`` and other names are not."""
    from gradadvisor.analysis.project import Project
    from gradadvisor.engine.checker import analyse

    source = f"import jax.numpy as jnp\n\nfrom .speed import {name}\n\n\n@{name}(frozen=(0,))\ndef rootm(m):\n    return jnp.sqrt(m)\n"
    project = Project([analyse("pkg/spd.py", source, []).summary])
    reason = project.reasons.get(("pkg/spd.py", "rootm:7"))
    assert (reason is not None and reason.guess and name in reason.text) == traced
