"""Python numbers carried by a loop become arrays when the update does arithmetic with an array
or a traced parameter read whole (a Legendre recurrence ``p1 = ((2j - 1) z p2 - (j - 1) p3) / j``
in a jitted function): GA103's recurrence. With only Python numbers in the arithmetic, host
bookkeeping, no finding."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


@jax.jit
def legendre(z):
    p1 = 1.0
    p2 = 0.0
    for j in range(1, z.shape[0] + 1):
        p3 = p2
        p2 = p1
        p1 = ((2.0 * j - 1.0) * z * p2 - (j - 1.0) * p3) / j
    return p1


@jax.jit
def counted(z):
    a = 1.0
    b = 0.0
    for j in range(1, z.shape[0] + 1):
        a, b = b, a + b * 0.5
    return z * a
'''


def test_numbers_made_arrays_by_the_update(tmp_path):
    found = [f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA103"]
    assert [f["line"] for f in found] == [9], found
