"""Configuration defaults are values: ``range(args.num_steps)`` runs as often as the configuration
states (argparse, dataclasses and tyro, ml_collections, dicts), and a default the module may
change states nothing (``analysis/config_values.py``)."""

from __future__ import annotations

import ast
import textwrap

import pytest
from conftest import codes_at, context_at_return, scan_json, write

from gradadvisor.analysis import values as v
from gradadvisor.analysis.extent import SMALL_RANGE

ARGPARSE = """
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--num-steps", type=int, default=500)
parser.add_argument("-b", "--batch_size", default=2 ** 10, type=int)
parser.add_argument("--layers", dest="n_layers", type=int, default=4)
parser.add_argument("--samples", type=int, default="2000")
parser.add_argument("--lr", type=float, default=1e-3)
parser.add_argument("--verbose", action="store_true")
parser.add_argument("--epochs", type=int)
args = parser.parse_args()
"""

DATACLASS = """
import dataclasses
from dataclasses import dataclass, field

import tyro


@dataclass
class Model:
    n_layers: int = 4


@dataclass(frozen=True)
class Args:
    num_steps: int = 500
    n_samples: int = int(1e4)
    batch_size: int = field(default=256)
    hidden: int = 3 * 128
    name: str = "run"
    model: Model = field(default_factory=Model)
"""

COLLECTIONS = """
import ml_collections


def get_config():
    config = ml_collections.ConfigDict()
    config.num_steps = 500
    config.batch_size = 64
    config.model = ml_collections.ConfigDict()
    config.model.n_layers = 4
    config.data = dict(n_samples=10_000)
    return config
"""


def _value(code: str, read: str) -> v.Value:
    """What ``read`` holds in a function appended to ``code``."""
    ctx, statement = context_at_return(textwrap.dedent(code) + f"\n\ndef probe():\n    return {read}\n")
    return ctx.value(statement.value)


def _int(code: str, read: str) -> int | None:
    value = _value(code, read)
    return value.literal if value.kind == v.SCALAR and type(value.literal) is int else None


def _extent(code: str, read: str):
    ctx, statement = context_at_return(textwrap.dedent(code) + f"\n\ndef probe():\n    return range({read})\n")
    return ctx.extent(statement.value)


# -- argparse ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "read, expected",
    [
        ("args.num_steps", 500),  # dashes become underscores
        ("args.batch_size", 1024),  # the first long option; simple arithmetic
        ("args.n_layers", 4),  # dest=
        ("args.samples", 2000),  # a string default is converted by type=int
        ("args.lr", None),  # not an int
        ("args.verbose", None),  # an action
        ("args.epochs", None),  # no default
        ("args.unknown", None),
    ],
)
def test_argparse_defaults(read, expected):
    assert _int(ARGPARSE, read) == expected


def test_argparse_evidence_names_the_default_and_its_line():
    value = _value(ARGPARSE, "args.num_steps")
    assert value.evidence == ("`args.num_steps`: argparse default 500 (line 5)",)


def test_argparse_through_a_parsing_function_and_parse_known_args():
    code = """
    import argparse

    def parse():
        parser = argparse.ArgumentParser()
        parser.add_argument("--num_steps", type=int, default=500)
        return parser.parse_args()

    def parse_known():
        parser = argparse.ArgumentParser()
        parser.add_argument("--num_steps", type=int, default=500)
        known, _ = parser.parse_known_args()
        return known

    args = parse()
    known = parse_known()
    """
    assert _int(code, "args.num_steps") == 500
    assert _int(code, "known.num_steps") == 500


@pytest.mark.parametrize(
    "change",
    [
        "args.num_steps = 10",
        "args.num_steps += 1",
        "parser.set_defaults(num_steps=10)",
        "setattr(args, 'num_steps', 10)",
        "vars(args).update(overrides)",
        'parser.add_argument("--steps", dest="num_steps", type=int, default=20)',
    ],
)
def test_an_argparse_default_the_module_may_change_states_nothing(change):
    assert _int(ARGPARSE + change + "\n", "args.num_steps") is None


def test_options_given_in_the_code_state_nothing():
    code = ARGPARSE.replace("parser.parse_args()", 'parser.parse_args(["--num-steps", "3"])')
    assert _int(code, "args.num_steps") is None


def test_a_name_bound_otherwise_on_some_path_states_nothing():
    code = ARGPARSE + "if __debug__:\n    args = load()\n"
    assert _int(code, "args.num_steps") is None


# -- dataclasses, tyro, NamedTuple ----------------------------------------------------------------


@pytest.mark.parametrize(
    "construction, read, expected",
    [
        ("tyro.cli(Args)", "args.num_steps", 500),
        ("tyro.cli(Args)", "args.n_samples", 10_000),
        ("tyro.cli(Args)", "args.batch_size", 256),
        ("tyro.cli(Args)", "args.hidden", 384),
        ("tyro.cli(Args)", "args.name", None),
        ("tyro.cli(Args)", "args.model.n_layers", 4),  # a nested configuration
        ("Args()", "args.num_steps", 500),
        ("Args(num_steps=2000)", "args.num_steps", 2000),  # what the constructor is given
        ("Args(num_steps=steps)", "args.num_steps", None),
        ("Args(**overrides)", "args.num_steps", None),
        ("tyro.cli(Args, default=Args(num_steps=3))", "args.num_steps", None),
    ],
)
def test_dataclass_defaults(construction, read, expected):
    assert _int(DATACLASS + f"args = {construction}\n", read) == expected


def test_dataclass_evidence_names_the_field():
    value = _value(DATACLASS + "args = tyro.cli(Args)\n", "args.num_steps")
    assert value.evidence == ("`args.num_steps`: the default of `Args.num_steps`, 500 (line 15)",)


def test_a_parameter_annotated_with_the_class_holds_its_defaults():
    code = DATACLASS + "\ndef train(args: Args):\n    return range(args.num_steps)\n"
    ctx, statement = context_at_return(code)
    assert ctx.extent(statement.value).is_data
    assert ctx.value(statement.value).length == 500


@pytest.mark.parametrize(
    "elsewhere",
    [
        "Args(num_steps=3)",  # a caller may pass this one
        "Args(1)",
        "dataclasses.replace(args, num_steps=3)",
        "class Big(Args):\n    num_steps: int = 10",
        "object.__setattr__(args, 'num_steps', 3)",
    ],
)
def test_a_parameter_states_nothing_when_the_module_builds_it_otherwise(elsewhere):
    code = DATACLASS + f"\n{elsewhere}\n\ndef train(args: Args):\n    return args.num_steps\n"
    ctx, statement = context_at_return(code)
    value = ctx.value(statement.value)
    assert not (value.kind == v.SCALAR and value.literal == 500), value


def test_a_written_field_states_nothing():
    code = DATACLASS + "args = Args()\nargs.num_steps = 7\n"
    assert _int(code, "args.num_steps") is None
    code = DATACLASS.replace("num_steps: int = 500", "num_steps: int = 500\n\n    def __post_init__(self):\n        self.num_steps = 2 * self.num_steps")
    assert _int(code + "args = Args()\n", "args.num_steps") is None


def test_namedtuple_attrs_flax_struct_and_chex_records():
    code = """
    from typing import NamedTuple
    import attr
    import chex
    from flax import struct

    class Hyper(NamedTuple):
        num_steps: int = 600

    @attr.s(auto_attribs=True)
    class Attrs:
        num_steps: int = attr.ib(default=700)

    @struct.dataclass
    class Flax:
        num_steps: int = struct.field(pytree_node=False, default=800)

    @chex.dataclass
    class Chex:
        num_steps: int = 900

    a, b, c, d = Hyper(), Attrs(), Flax(), Chex()
    h = Hyper()
    at = Attrs()
    fl = Flax()
    ch = Chex()
    """
    assert [_int(code, f"{name}.num_steps") for name in ("h", "at", "fl", "ch")] == [600, 700, 800, 900]


def test_a_class_read_directly_and_a_plain_class():
    code = """
    class Config:
        num_steps = 5000

    cfg = Config()
    other = Config(steps=3)
    """
    assert _int(code, "Config.num_steps") == 5000
    assert _int(code, "cfg.num_steps") == 5000
    assert _int(code, "other.num_steps") is None  # its __init__ may set anything
    unknown_base = "import torch\n\nclass Config(torch.nn.Module):\n    num_steps = 5000\n\ncfg = Config()\n"
    assert _int(unknown_base, "cfg.num_steps") is None
    decorated = "import functools\n\n@functools.total_ordering\nclass Config:\n    num_steps = 5000\n\ncfg = Config()\n"
    assert _int(decorated, "cfg.num_steps") is None


# -- ml_collections and dicts ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "read, expected",
    [
        ("config.num_steps", 500),
        ("config.batch_size", 64),
        ('config["batch_size"]', 64),
        ("config.model.n_layers", 4),
        ("config.data.n_samples", 10_000),
        ("config.model", None),
        ("config.missing", None),
    ],
)
def test_ml_collections_config_from_get_config(read, expected):
    assert _int(COLLECTIONS + "config = get_config()\n", read) == expected


def test_ml_collections_evidence_and_an_initial_dict():
    value = _value(COLLECTIONS + "config = get_config()\n", "config.num_steps")
    assert value.evidence == ("`config.num_steps`: set in the ConfigDict, 500 (line 7)",)
    code = "from ml_collections import config_dict\n\nconfig = config_dict.ConfigDict({'num_steps': 300, 'opt': {'warmup': 20}})\n"
    assert _int(code, "config.num_steps") == 300
    assert _int(code, "config.opt.warmup") == 20


@pytest.mark.parametrize(
    "change",
    [
        "config.num_steps = 10",
        "config.update(num_steps=10)",
        "config.update(overrides)",
        "config['num_steps'] = 10",
    ],
)
def test_a_config_changed_after_it_is_built_states_nothing(change):
    assert _int(COLLECTIONS + f"config = get_config()\n{change}\n", "config.num_steps") is None


def test_a_field_set_twice_states_nothing():
    code = COLLECTIONS.replace("    config.batch_size = 64\n", "    config.batch_size = 64\n    if big:\n        config.num_steps = 5000\n")
    assert _int(code + "config = get_config()\n", "config.num_steps") is None


def test_dict_literals():
    code = """
    cfg = {"num_steps": 500, "model": {"n_layers": 4}, "lr": 0.1}
    kw = dict(n_samples=3000)
    """
    assert _int(code, 'cfg["num_steps"]') == 500
    assert _int(code, 'cfg["model"]["n_layers"]') == 4
    assert _int(code, 'kw["n_samples"]') == 3000
    assert _int(code, 'cfg["lr"]') is None
    assert _int(code, "cfg.num_steps") is None  # a dict has no attributes
    assert _value(code, 'cfg["num_steps"]').evidence == ('`cfg["num_steps"]`: in the dict literal, 500 (line 2)',)
    assert _int(code + 'cfg["num_steps"] = 5\n', 'cfg["num_steps"]') is None
    assert _int(code + "cfg.update(other)\n", 'cfg["num_steps"]') is None
    assert _int(code.replace('"lr": 0.1', '"lr": 0.1, **extra'), 'cfg["num_steps"]') is None


# -- trip counts ----------------------------------------------------------------------------------


def test_a_large_configured_count_is_data_sized_and_a_small_one_static():
    large = _extent(ARGPARSE, "args.num_steps")
    assert large.is_data and large.proof == "proven"
    assert "`args.num_steps`: argparse default 500 (line 5)" in large.evidence
    small = _extent(ARGPARSE, "args.n_layers")
    assert small.kind == "static"
    assert _int(ARGPARSE, "args.n_layers") <= SMALL_RANGE


def test_a_while_bound_from_the_configuration_carries_its_evidence():
    ctx, statement = context_at_return(textwrap.dedent(ARGPARSE) + "\n\ndef probe():\n    return args.num_steps\n")
    extent = ctx.extent_of_bound(statement.value)
    assert extent.is_data and "`args.num_steps`: argparse default 500 (line 5)" in extent.evidence


def test_simple_int_arithmetic_of_literals_is_a_value():
    from gradadvisor.analysis.config_values import _int_of

    def of(text):
        return _int_of(ast.parse(text, mode="eval").body)

    assert [of("int(1e6)"), of("2 ** 10"), of("-(3 + 4) * 2"), of("1 << 12"), of("10 // 3")] == [1_000_000, 1024, -14, 4096, 3]
    assert [of("2 ** 200"), of("True"), of("1.5"), of("n + 1"), of("int(x)")] == [None] * 5


# -- scans: a loop over a large configured count is reported, a small one is not ------------------

LOOP = """

@jax.jit
def relax(y, dt):
    y = jnp.reshape(y, (8,)).astype(jnp.float32)
    for _ in range({count}):
        y = y + dt * (jnp.cos(y) - y)
    return y
"""

SCANS = {
    "argparse": (
        "import argparse\nimport jax\nimport jax.numpy as jnp\n\n"
        "parser = argparse.ArgumentParser()\n"
        "parser.add_argument('--num-steps', type=int, default=1000)\n"
        "parser.add_argument('--n-layers', type=int, default=4)\n"
        "args = parser.parse_args()\n",
        "args.num_steps",
        "args.n_layers",
    ),
    "dataclass_tyro": (
        "from dataclasses import dataclass\nimport jax\nimport jax.numpy as jnp\nimport tyro\n\n\n"
        "@dataclass\nclass Args:\n    num_steps: int = 1000\n    n_layers: int = 4\n\n\nargs = tyro.cli(Args)\n",
        "args.num_steps",
        "args.n_layers",
    ),
    "ml_collections": (
        "import jax\nimport jax.numpy as jnp\nimport ml_collections\n\n\n"
        "def get_config():\n    config = ml_collections.ConfigDict()\n    config.num_steps = 1000\n    config.n_layers = 4\n    return config\n\n\n"
        "config = get_config()\n",
        "config.num_steps",
        "config.n_layers",
    ),
    "dict": (
        "import jax\nimport jax.numpy as jnp\n\ncfg = {'num_steps': 1000, 'n_layers': 4}\n",
        "cfg['num_steps']",
        "cfg['n_layers']",
    ),
}


@pytest.mark.parametrize("kind", sorted(SCANS))
def test_scan_reports_a_loop_over_a_large_configured_count_only(kind, tmp_path, cli):
    header, large, small = SCANS[kind]
    write(tmp_path / "large.py", header + LOOP.format(count=large))
    write(tmp_path / "small.py", header + LOOP.format(count=small))
    _, report = scan_json(cli, "--no-cache", "--exit-zero", ".")
    found = codes_at(report)
    assert [(path, code) for path, code, _ in found] == [("large.py", "GA103")], found
    evidence = report["findings"][0]["evidence"]
    assert any("1000" in item for item in evidence), evidence


@pytest.mark.parametrize(
    "code",
    [
        ARGPARSE.replace("default=500)", "default=500, required=True)"),
        ARGPARSE.replace("parser.parse_args()", "parser.parse_args(namespace=preset)"),
        ARGPARSE + "parser.set_defaults(**overrides)\n",
    ],
)
def test_argparse_defaults_that_do_not_apply_state_nothing(code):
    assert _int(code, "args.num_steps") is None


def test_attributes_set_by_computed_names_state_nothing_for_classes():
    code = """
    class Config:
        num_steps = 5000

        def load(self, values):
            for key, value in values.items():
                setattr(self, key, value)

    cfg = Config()
    """
    assert _int(code, "cfg.num_steps") is None


def test_a_nested_default_instance_states_its_keywords():
    code = DATACLASS.replace("field(default_factory=Model)", "Model(n_layers=6)") + "args = tyro.cli(Args)\n"
    assert _int(code, "args.model.n_layers") == 6
    assert _int(code + "args2 = Args(model=Model(n_layers=2))\n", "args2.model.n_layers") == 2
