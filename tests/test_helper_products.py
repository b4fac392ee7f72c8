"""The diagonal or trace of what a helper of the module returns, when the helper is one ``return``
of a matrix product of its arguments (``def mul(a, b): return a @ b``, or a sum of such products),
is the diagonal of that product: GA202 reports it with advice (no fix: the call is replaced by
what it computes). A helper doing more, or taking defaults, is not read through."""

from __future__ import annotations

import pytest
from conftest import scan_program

SOURCE = '''
import jax
import jax.numpy as jnp


{helper}


@jax.jit
def expect(x, xi, r, ri):
    return jnp.trace({call})
'''


@pytest.mark.parametrize(
    "helper, call, shown",
    [
        ("def mul(a, b):\n    return a @ b", "mul(x, r)", 'jnp.einsum("ij,ji->", x, r)'),
        ("def mul_re(a, ai, b, bi):\n    return a @ b - ai @ bi", "mul_re(x, xi, r, ri)", "the trace of a sum is the sum of the traces"),
    ],
)
def test_a_helper_returning_a_product_is_read_through(tmp_path, helper, call, shown):
    found = scan_program(tmp_path, SOURCE.format(helper=helper, call=call), low=False)
    assert [f["code"] for f in found] == ["GA202"]
    assert shown in found[0]["message"] and found[0]["fix"] is None


@pytest.mark.parametrize(
    "helper, call",
    [
        ("def mul(a, b, scale=1.0):\n    return scale * (a @ b)", "mul(x, r)"),
        ("def mul(a, b):\n    c = a @ b\n    return c", "mul(x, r)"),
        ("def mul(a, b):\n    return a * b", "mul(x, r)"),
    ],
)
def test_other_helpers_are_not_read_through(tmp_path, helper, call):
    assert scan_program(tmp_path, SOURCE.format(helper=helper, call=call)) == []
