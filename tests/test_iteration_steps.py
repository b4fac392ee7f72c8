"""A per-sample loop whose body passes the sample through an inner loop over layers (or adds to
a temporary with ``+=``) is still one map per sample: the inner loop is part of what one sample
goes through. An inner loop that carries a value from one sample to the next, or walks data
itself, is not."""

from __future__ import annotations

import pytest
from conftest import scan_program

HEADER = "import jax\nimport jax.numpy as jnp\n\n\n"

MAPS = {
    "inner loop over layers": '''def apply(layers, xs):
    out = []
    for x in xs:
        h = x
        for w in layers:
            h = jnp.tanh(w @ h)
        out.append(h)
    return jnp.stack(out)


g = jax.grad(lambda layers, xs: jnp.sum(apply(layers, xs)))
''',
    "augmented temporary": '''def apply(w, b, xs):
    out = []
    for x in xs:
        h = w @ x
        h += b
        out.append(jnp.tanh(h))
    return jnp.stack(out)


g = jax.grad(lambda w, b, xs: jnp.sum(apply(w, b, xs)))
''',
}

NOT_MAPS = {
    # `h` comes from the previous sample: a recurrence, not a map.
    "carried through the inner loop": '''def apply(layers, xs, h):
    out = []
    for x in xs:
        for w in layers:
            h = jnp.tanh(w @ h + x)
        out.append(h)
    return jnp.stack(out)


g = jax.grad(lambda layers, xs, h: jnp.sum(apply(layers, xs, h)))
''',
    # A running value added to: carried.
    "augmented carry": '''def apply(w, xs):
    out = []
    h = jnp.zeros(3)
    for x in xs:
        h += w @ x
        out.append(jnp.tanh(h))
    return jnp.stack(out)


g = jax.grad(lambda w, xs: jnp.sum(apply(w, xs)))
''',
}


@pytest.mark.parametrize("name", sorted(MAPS))
def test_a_sample_through_inner_steps_is_one_map(tmp_path, name):
    findings = scan_program(tmp_path, HEADER + MAPS[name])
    found = [f for f in findings if f["code"] == "GA101"]
    assert [f["line"] for f in found] == [7], findings
    assert "per_sample" in found[0]["message"]
    assert found[0]["fix"] is None  # advice: the loop body moves into a function


@pytest.mark.parametrize("name", sorted(NOT_MAPS))
def test_a_value_carried_between_samples_is_not_a_map(tmp_path, name):
    findings = scan_program(tmp_path, HEADER + NOT_MAPS[name])
    assert not [f for f in findings if f["code"] == "GA101"], findings
