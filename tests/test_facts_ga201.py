"""Facts and extents GA201 needed: a loop bound that only a name calls small."""

from __future__ import annotations

from conftest import extent_of_first_loop

_extent_of_first_range = extent_of_first_loop


def test_a_small_count_name_is_static_by_name_and_keeps_its_parameter():
    extent = _extent_of_first_range("def f(x, dim):\n    for i in range(dim):\n        pass\n")
    assert extent.kind == "static" and not extent.is_data
    assert extent.by_name and extent.param == "dim" and extent.size == "dim"


def test_a_fact_is_not_static_by_name():
    # A literal bound and a data size are facts: nothing is decided by a name.
    small = _extent_of_first_range("def f(x):\n    for i in range(3):\n        pass\n")
    assert small.kind == "static" and not small.by_name
    data = _extent_of_first_range("def f(x):\n    dim = x.shape[0]\n    for i in range(dim):\n        pass\n")
    assert data.is_data and not data.by_name
    plain = _extent_of_first_range("def f(x, n):\n    for i in range(n):\n        pass\n")
    assert plain.is_data and plain.proof == "likely" and not plain.by_name
