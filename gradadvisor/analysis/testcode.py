"""Test code: where slow-on-purpose reference computations live.

Tests check a fast implementation against a plain one (``expected = sum(f(v)
for v in x)``, ``ref = jnp.diag(a @ b.T)``); advice to speed the reference up
is noise. Code counts as test code when its file is a test module
(``test_*.py``, ``*_test.py``, ``tests.py``, ``conftest.py``) or it sits in a
function named ``test*`` or a class named ``Test*`` / ``*Test`` / ``*Tests`` /
``*TestCase``. Folder names are not used: a display path may be absolute, and
a checkout under ``~/test/`` is not test code.
"""

from __future__ import annotations

import re

import ast

TEST_FILE = re.compile(r"(?:^|[\\/])(?:test_[^\\/]*|[^\\/]*_test|tests|conftest)\.py$")


def is_test_file(path: str) -> bool:
    return TEST_FILE.search(path) is not None


def is_test_function(name: str) -> bool:
    """A test function's name (``test_x``, ``testX``)."""
    return name.startswith("test")


def is_test_scope(node: ast.AST) -> bool:
    """A test function (``test_x``, ``testX``) or a test class (``FooTest``, ``TestFoo``)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return is_test_function(node.name)
    if isinstance(node, ast.ClassDef):
        name = node.name
        return name.startswith("Test") or name.endswith(("Test", "Tests", "TestCase"))
    return False

