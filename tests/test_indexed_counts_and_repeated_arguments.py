"""Shapes from the FK-FR round's description, each with a look-alike that stays silent:

- a ``range`` whose count says nothing (``range(self.grid.n_cells)``: an attribute of another
  object) runs once per row of the data array its body reads at the index (``kappa[e]``), as
  ``range(kappa.shape[0])`` would; a stack of weights read at the index (``W[i] @ h``) or a
  count named as layers says nothing of the data;
- ``jnp.shape(x)[0]`` is ``x.shape[0]``, for an argument and for an object's array;
- ``map(f, itertools.repeat(w), xs)`` passes ``w`` to every call, as a vmap's unmapped argument:
  only ``xs`` is walked.
"""

from __future__ import annotations

from conftest import scan_files, scan_program


def _line(source: str, text: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if text in line)


MESH = '''
import jax
import jax.numpy as jnp


class Mesh:
    def __init__(self, n_cells):
        self.n_cells = n_cells


class Solver:
    def __init__(self, grid, tmpl, n_layers):
        self.grid = grid
        self.tmpl = tmpl
        self.n_layers = n_layers

    def assemble(self, kappa):
        blk = jnp.zeros((self.grid.n_cells, 4, 4))
        for e in range(self.grid.n_cells):
            blk = blk.at[e].set(kappa[e] * self.tmpl)
        return blk

    def features(self, kappa):
        return jnp.stack([jnp.tanh(kappa[e]) for e in range(self.grid.n_cells)])

    def deep(self, W, h):
        for i in range(self.grid.n_cells):
            h = jnp.tanh(W[i] @ h)
        return h

    def layers(self, kappa, h):
        for i in range(self.n_layers):
            h = jnp.tanh(kappa[i] * h)
        return h

    def objective(self, kappa, W, h):
        return (jnp.sum(self.assemble(kappa) ** 2) + jnp.sum(self.features(kappa)) + jnp.sum(self.deep(W, h))
                + jnp.sum(self.layers(kappa, h)))


def run(solver, kappa, W, h):
    return jax.jit(jax.grad(solver.objective))(kappa, W, h)
'''


def test_a_count_that_says_nothing_runs_once_per_row_its_body_reads(tmp_path):
    findings = scan_files(tmp_path, {"mesh.py": MESH}, ("GA101", "GA103"), min_confidence="low")
    by_line = {f.line: f for f in findings}
    assembled = by_line.get(_line(MESH, "for e in range(self.grid.n_cells):"))
    assert assembled is not None and assembled.code == "GA103"
    assert any("reads `kappa[e]`" in reason for reason in assembled.evidence)
    assert assembled.confidence != "high"  # the size of the rows is not shown
    mapped = by_line.get(_line(MESH, "jnp.stack([jnp.tanh(kappa[e])"))
    assert mapped is not None and mapped.code == "GA101"
    # per-layer weights read at the index, and a count named as layers, say nothing of the data
    assert _line(MESH, "for i in range(self.grid.n_cells):") not in by_line
    assert _line(MESH, "for i in range(self.n_layers):") not in by_line


SHAPES = '''
import jax
import jax.numpy as jnp


class Selector:
    def __init__(self, refs):
        self.refs = refs

    @jax.jit
    def select(self, score):
        nv = jnp.shape(self.refs)[0]
        keep = jnp.zeros(nv)
        for i in range(nv):
            k = jnp.argmin(score)
            score = score.at[k].set(jnp.inf)
            keep = keep.at[k].set(-1)
        return keep


@jax.jit
def squash(x):
    out = x[0]
    for i in range(jnp.shape(x)[0]):
        out = jnp.tanh(out * x[i])
    return out


@jax.jit
def per_axis(x):
    out = x[0]
    for i in range(jnp.shape(x)[-1]):
        out = jnp.tanh(out * x[..., i])
    return out


@jax.jit
def per_axis_attribute(x):
    out = x[0]
    for i in range(x.shape[-1]):
        out = jnp.tanh(out * x[..., i])
    return out
'''


def test_the_function_spelling_of_a_shape_is_the_attribute(tmp_path):
    findings = scan_program(tmp_path, SHAPES)
    lines = {f["line"]: f for f in findings}
    assert lines[_line(SHAPES, "for i in range(nv):")]["code"] == "GA103"
    assert any("self.refs.shape[0]" in reason for reason in lines[_line(SHAPES, "for i in range(nv):")]["evidence"])
    assert lines[_line(SHAPES, "for i in range(jnp.shape(x)[0]):")]["code"] == "GA103"
    # the last axis may be the model's: read as ``x.shape[-1]`` is, at the same confidence
    spelled, attribute = lines[_line(SHAPES, "range(jnp.shape(x)[-1])")], lines[_line(SHAPES, "range(x.shape[-1])")]
    assert spelled["confidence"] == attribute["confidence"] and spelled["evidence"][0] == attribute["evidence"][0]


REPEATED = '''
import jax
import jax.numpy as jnp
from itertools import repeat


def loglik(w, row):
    return jnp.sum(jnp.tanh(row @ w))


gfun = jax.grad(loglik)


def clipped(w, row):
    g = gfun(w, row)
    return g / jnp.maximum(1.0, jnp.linalg.norm(g))


def dp_step(w, X):
    res = list(map(clipped, repeat(w), X))
    return w - 0.1 * jnp.sum(jnp.array(res), 0)


def scaled(w, X):
    return list(map(clipped, repeat(w, 3), X))


def train(w, X):
    for _ in range(100):
        w = dp_step(w, X)
    return w
'''


def test_a_repeated_argument_of_map_is_shared_not_walked(tmp_path):
    findings = scan_program(tmp_path, REPEATED)
    found = [f for f in findings if f["line"] == _line(REPEATED, "res = list(map(clipped, repeat(w), X))")]
    assert [f["code"] for f in found] == ["GA102"]
    assert "in_axes=(None, 0))(w, X)" in found[0]["message"]
    # ``repeat(w, 3)`` stops after three calls: not a value shared by every row
    assert not [f for f in findings if f["line"] == _line(REPEATED, "repeat(w, 3)")]
