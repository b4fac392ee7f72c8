"""GA302 over loops that zip data named like a collection (``states``), take the same branch on a
flag every step (``if use_entropy:``), or also append each step's item to a list."""

from __future__ import annotations

import pytest
from conftest import scan_program

LOSS = '''
import jax
import jax.numpy as jnp


def forward(p, s):
    return p @ s


def policy_loss(params, states, actions, returns, use_entropy=True):
    total = 0.0
    log_probs = []
    for state, action, ret in zip(states, actions, returns):
{body}
    return total, log_probs


g = jax.value_and_grad(lambda p, s, a, r: policy_loss(p, s, a, r)[0])
'''

PLAIN = """\
        lp = jax.nn.log_softmax(forward(params, state))
        total += -lp[action] * ret"""

SETTLED = """\
        lp = jax.nn.log_softmax(forward(params, state))
        if use_entropy:
            probs = jnp.exp(lp)
            entropy = -jnp.sum(probs * lp)
        else:
            entropy = 0.0
        if use_entropy:
            loss = -lp[action] * ret - 0.01 * entropy
        else:
            loss = -lp[action] * ret
        total += loss
        log_probs.append(lp[action])"""


@pytest.mark.parametrize("body", [PLAIN, SETTLED])
def test_a_sum_over_zipped_rows_is_found(tmp_path, body):
    findings = scan_program(tmp_path, LOSS.format(body=body), low=False)
    assert [(f["code"], f["line"]) for f in findings] == [("GA302", 13)]
    if "append" in body:
        assert "also appends to `log_probs`" in findings[0]["message"]
        assert findings[0].get("fix") is None


@pytest.mark.parametrize(
    "body",
    [
        # the list is read back: its last item feeds the next step
        "        lp = jax.nn.log_softmax(forward(params, state) + log_probs[-1])\n        total += lp[action]\n        log_probs.append(lp)",
        # the zipped items are objects: called or read through an attribute
        "        total += state.loss(forward(params, action))",
    ],
)
def test_look_alikes_are_not(tmp_path, body):
    findings = scan_program(tmp_path, LOSS.format(body=body), low=False)
    assert [f["code"] for f in findings if f["code"] == "GA302"] == []



def test_a_list_of_running_totals_is_not_a_sum(tmp_path):
    # ``ys.append(acc)`` keeps every running value: a cumulative sum (GA103's), not one total.
    body = "        total += forward(params, state)[action] * ret\n        log_probs.append(total)"
    findings = scan_program(tmp_path, LOSS.format(body=body), low=False)
    assert [f["code"] for f in findings if f["code"] == "GA302"] == []
