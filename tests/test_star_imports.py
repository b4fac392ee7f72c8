"""A star import from a module of the project (``from .common import *``) brings that module's
names, which the scan of one file does not see. Code that then uses ``jax``, ``jnp``, ``lax``
or ``tqdm`` without binding them gets them from there: the conventional modules. A name the file
binds itself, or a star import from a library (``from numpy import *``), says nothing of them."""

from __future__ import annotations

import ast

import pytest
from conftest import scan_program

from gradadvisor.analysis.names import ImportMap

LOOP = '''
{imports}


@jax.jit
def nudge(x, n_steps: int = 1000):
    for _ in tqdm(range(n_steps)):
        x = jnp.tanh(x) + 1.0
    return x
'''


def _aliases(source: str) -> dict[str, str]:
    return ImportMap(ast.parse(source)).aliases


def test_a_star_import_from_the_project_brings_the_conventional_names(tmp_path):
    found = scan_program(tmp_path, LOOP.format(imports="from .common import *"), low=False)
    assert [f["code"] for f in found] == ["GA103"]


@pytest.mark.parametrize("imports", ["from ..import_essentials import *", "from mypkg.common import *"])
def test_project_star_imports_resolve_unbound_conventional_names(imports):
    aliases = _aliases(imports + "\n")
    assert aliases["jnp"] == "jax.numpy" and aliases["jax"] == "jax" and aliases["tqdm"] == "tqdm.tqdm"


@pytest.mark.parametrize("source", ["from numpy import *\n", "from jax.numpy import *\n", "import os\n", "from .common import *\njnp = object()\n"])
def test_library_star_imports_and_names_the_file_binds_are_left_alone(source):
    assert _aliases(source).get("jnp") is None
