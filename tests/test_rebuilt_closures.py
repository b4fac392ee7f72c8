"""Names bound to a transform of a function (``g = jax.value_and_grad(f)``) call it; a jitted
function defined in a loop over arrays rebuilt in the same loop compiles anew every step (GA401);
chained ``partial``s and aliases reach a transform (GA103)."""

from __future__ import annotations

from conftest import scan_program

REBUILT = '''
import jax
import jax.numpy as jnp
import numpy as np


def fit(ys, blocks):
    ys_np = np.asarray(ys)
    for block in blocks:
        yB = jnp.asarray(np.stack([ys_np[k] for k in block], axis=0))
        wB = jnp.asarray(np.stack([ys_np[k] * 2 for k in block], axis=0))

        def block_loss(s):
            return jnp.sum((yB - s) ** 2 * wB)

        loss_and_grad = jax.value_and_grad(block_loss)

        @jax.jit
        def run(s):
            return loss_and_grad(s)

        run(0.0)
'''


def test_a_jitted_closure_rebuilt_every_step_is_one_finding(tmp_path):
    findings = scan_program(tmp_path, REBUILT, low=False)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA401", 14, "medium")]
    assert "`yB`, `wB`" in findings[0]["message"]
    assert "rebuilt every step of the loop at line 9" in findings[0]["message"]
    assert any("called from `fit.run`" in item for item in findings[0]["evidence"])


def test_the_same_closure_built_once_is_not_shown_large(tmp_path):
    # Outside a loop nothing says the captured arrays are large: low at most.
    once = REBUILT.replace("    for block in blocks:\n", "    block = blocks[0]\n    if True:\n")
    assert scan_program(tmp_path, once, low=False) == []


def test_a_transform_alias_that_is_rebound_is_not_followed(tmp_path):
    rebound = REBUILT.replace("        run(0.0)\n", "        loss_and_grad = None\n        run(0.0)\n")
    assert scan_program(tmp_path, rebound, low=False) == []


CHAINED = '''
import functools
import jax
import jax.numpy as jnp


def step(state, la, w):
    new = {{"h": jnp.tanh(w @ state["h"] + la["x"])}}
    return new, jnp.sum(new["h"])


def loglike(w, loop_args, periods, state, debug):
    body = functools.partial(step, w=w)
    outs = []
    for k in range(len(periods)):
        la = {{key: val[k] for key, val in loop_args.items()}}
        state, out = body(state, la)
        outs.append(out)
    return jnp.sum(jnp.stack(outs))


def make(loop_args, periods, state):
    base = functools.partial(loglike, loop_args=loop_args, periods=periods, state=state)
    {last}
    return jax.grad(jitted)
'''


def test_chained_partials_through_names_reach_the_transform(tmp_path):
    source = CHAINED.format(last="quiet = functools.partial(base, debug=False)\n    jitted = jax.jit(quiet)")
    findings = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in findings] == [("GA103", 15)]
    assert "scan` over `loop_args`" in findings[0]["message"]
    assert any("passed to jax.grad" in item or "passed to jax.jit" in item for item in findings[0]["evidence"])


def test_a_name_bound_twice_is_not_followed(tmp_path):
    source = CHAINED.format(last="jitted = base\n    jitted = print")
    assert scan_program(tmp_path, source, low=False) == []
