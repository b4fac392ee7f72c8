"""Test code: where slow-on-purpose reference computations live.

Tests check a fast implementation against a plain one (``expected = sum(f(v)
for v in x)``, ``ref = jnp.diag(a @ b.T)``); advice to speed the reference up
is noise. Code counts as test code when its file is a test module
(``tests.py``, ``conftest.py``; ``test_*.py`` and ``*_test.py`` when they hold tests:
a test function or class, or a testing import, since a script named
``cg_test.py`` is often someone trying something out, and a ``test_metric.py`` may be the
library's own jitted metric) or it sits in a function
named ``test*`` (outside a class), a function whose docstring says it is a reference
to check against, or a class named ``Test*`` / ``*Test`` / ``*Tests`` / ``*TestCase`` or
deriving from a ``TestCase``. Folder names are not used: a display path may be absolute, and
a checkout under ``~/test/`` is not test code.
"""

from __future__ import annotations

import ast
import re

from gradadvisor.analysis.syntax import walk_local

TEST_FILE = re.compile(r"(?:^|[\\/])(?:test_[^\\/]*|[^\\/]*_test|tests|conftest)\.py$")


#: A ``test_*.py`` or ``*_test.py`` module by its name only (``tests.py`` and ``conftest.py`` are
#: tests whatever they hold).
SUFFIX_TEST_FILE = re.compile(r"(?:^|[\\/])test_[^\\/]*\.py$|_test\.py$")
#: Imports that make a module a test module.
TESTING_MODULES = ("pytest", "unittest", "absl.testing", "hypothesis", "numpy.testing", "jax.test_util", "jax._src.test_util", "chex._src.variants")


def is_test_file(path: str) -> bool:
    """A test module by its name (``is_test_module`` also reads what a ``*_test.py`` holds)."""
    return TEST_FILE.search(path) is not None


#: Imports that make any module test code: library code does not import a test runner.
TEST_RUNNERS = ("pytest", "hypothesis", "absl.testing")


def is_test_module(path: str, tree: ast.Module) -> bool:
    """A test module: named as one, and (for ``test_*.py``, ``*_test.py``) holding a test function or class
    or importing a testing library; or, whatever its name, importing a test runner (``pytest``:
    a helper module of a test suite, ``tests/helpers.py``)."""
    if not is_test_file(path):
        return any(_imports(statement, TEST_RUNNERS) for statement in tree.body)
    if SUFFIX_TEST_FILE.search(path) is None:
        return True
    for statement in tree.body:
        if is_test_scope(statement):
            return True
        if _imports(statement, TESTING_MODULES):
            return True
    return False


def _imports(statement: ast.stmt, modules: tuple[str, ...]) -> bool:
    if isinstance(statement, ast.Import):
        return any(alias.name == module or alias.name.startswith(module + ".") for alias in statement.names for module in modules)
    if isinstance(statement, ast.ImportFrom) and not statement.level:
        name = statement.module or ""
        return any(name == module or name.startswith(module + ".") for module in modules)
    return False


def is_test_function(name: str) -> bool:
    """A test function's name (``test_x``, ``testX``)."""
    return name.startswith("test")


#: A docstring that says the code is a reference to check something against.
REFERENCE_DOC = re.compile(r"\breference\b", re.IGNORECASE)
CHECKING_DOC = re.compile(r"\b(?:check|checks|checking|checked|validat\w*|verif\w*|compar\w*|tests?|testing)\b", re.IGNORECASE)


def states_reference(node: ast.AST) -> bool:
    """A function whose docstring says it computes a reference to check against (``"...the
    gradient of an energy written with explicit loops, a reference the force kernel can be
    compared to"``): slow on purpose, as a test's reference is."""
    doc = ast.get_docstring(node, clean=False) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    return bool(doc) and REFERENCE_DOC.search(doc) is not None and CHECKING_DOC.search(doc) is not None


#: Words that mark a function as the slow way of computing what a twin computes fast.
REFERENCE_WORDS = frozenset({"slow", "naive", "reference", "ref", "unvectorized", "unvectorised"})


def reference_twin(node: ast.AST, siblings: set[str]) -> str | None:
    """The twin of a function whose name marks it the slow way (``mmd_slow_samples`` beside
    ``mmd_samples``, ``kernel_naive`` beside ``kernel``): the name without the marking word is a
    function defined beside it. A reference kept on purpose, as a test's is; None otherwise.
    (``gram_loop`` beside ``gram`` is not: a loop form may be the code in use.)"""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    words = node.name.split("_")
    for position, word in enumerate(words):
        if word.lower() in REFERENCE_WORDS:
            twin = "_".join(words[:position] + words[position + 1:]).strip("_")
            for candidate in (twin, "_" + twin):
                if candidate and candidate != node.name and candidate in siblings:
                    return candidate
    return None


def is_test_scope(node: ast.AST, in_class: bool = False) -> bool:
    """A test function (``test_x``, ``testX``) or a test class (``FooTest``, ``TestFoo``, a
    ``TestCase`` subclass). A method (``in_class``) is a test only as part of a test class,
    which is one scope whole: ``Model.test_loss`` computes a loss on the test set."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        named = is_test_function(node.name) and not _not_a_collected_test(node)
        return not in_class and (named or checks_closeness(node)) or states_reference(node)
    if isinstance(node, ast.ClassDef):
        name = node.name
        bases = [base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "") for base in node.bases]
        return name.startswith("Test") or name.endswith(("Test", "Tests", "TestCase")) or any(base.endswith("TestCase") for base in bases)
    return False


def _not_a_collected_test(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A ``test_*`` function that pytest would not run as a test: it takes parameters with
    default values (``def test_fit(sat, max_iter=35)``: settings, not fixtures) or returns a
    value (a test returns nothing): a function of the code named so, run for its result."""
    args = node.args
    if args.defaults or any(default is not None for default in args.kw_defaults):
        return True
    return any(isinstance(current, ast.Return) and current.value is not None and not (isinstance(current.value, ast.Constant) and current.value.value is None)
               for current in walk_local(node))


#: Calls that compare two computations' numbers: a check's verdict.
CLOSENESS = re.compile(r"(?:^|_)(?:allclose|isclose|array_equal|array_almost_equal|almost_equal|all_close|assert_trees_all_close)$")


def checks_closeness(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function that asserts two computations agree, in a statement of its own body
    (``assert jnp.allclose(fast, slow)``, ``np.testing.assert_allclose(g, ref)``): a check,
    whatever its name, and its loops build the slow side on purpose."""
    for statement in node.body:
        test = statement.test if isinstance(statement, ast.Assert) else statement.value if isinstance(statement, ast.Expr) else None
        if isinstance(test, ast.UnaryOp):
            test = test.operand
        if not isinstance(test, ast.Call):
            continue
        func = test.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if CLOSENESS.search(name) and (isinstance(statement, ast.Assert) or name.startswith("assert")):
            return True
    return False

