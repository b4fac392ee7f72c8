"""A count bound to None first and to an int on a guarded path (``n = None``, then ``if cap is not
None: n = cap // chunk``) is that int where a loop reads it: ``range(n - 1)`` would raise on None."""

from __future__ import annotations

from conftest import scan_program

from gradadvisor.analysis import values as v

PROGRAM = '''
import jax
import jax.numpy as jnp

def iterate(x0, cap, chunk=1):
    n_chunks = None
    if cap is not None:
        n_chunks = cap // chunk
    y = x0
    for _ in range(n_chunks - 1):
        y = jnp.tanh(y) + 0.1 * y
    return y

@jax.jit
def loss(x0):
    return jnp.sum(iterate(x0, 500))

g = jax.grad(loss)
'''

def test_a_count_bound_to_none_on_another_path_is_read(tmp_path):
    found = scan_program(tmp_path, PROGRAM)
    assert [(f["code"], f["confidence"]) for f in found] == [("GA103", "high")]

def test_none_joined_with_a_size_or_a_parameter_is_that_value():
    size = v.Value(v.SIZE, length="n")
    param = v.Value(v.PARAM, param="cap")
    none = v.Value(v.NONE)
    assert v.join(none, size) == size and v.join(size, none) == size
    assert v.join(none, param) == param
    assert v.join(none, v.Value(v.ARRAY)).kind == v.UNKNOWN  # an optional array stays unknown
