"""Transforms under old or other libraries' names, host hand-offs, counts set elsewhere.

- ``@jax.partial(jit, static_argnums=1)``: older jax re-exported ``functools.partial``.
- BrainPy's ``@bm.jit`` compiles like ``jax.jit``, and ``bm.zeros``, ``bm.tanh``... are jax.numpy's.
- GA203: a jitted or differentiated ``jnp.diag(w) @ A`` whose argument's rank is unshown is medium
  (``tests/test_batched_records_and_fallbacks.py``, the rule's cases and fixtures say the rest).
- A function that hands an array it computes to SciPy, or makes it a NumPy array, runs eagerly.
- A captured value read only as a ``range`` bound is a count, not an array jit embeds.
- A loop over a parameter's count with no default, in a module whose other function (a
  constructor) gives a parameter of that name a few as its default, runs a few times.
"""

from __future__ import annotations

import pytest
from conftest import scan_program

PARTIAL = '''
import jax
from jax import jit
import jax.numpy as jnp


def advance(w):
    return w * 0.9 + jnp.sin(w)


@{decorator}(jit, static_argnums=(1,))
def roll(world, steps: int):
    for _ in range(steps):
        world = advance(world)
    return world
'''


@pytest.mark.parametrize("decorator", ["jax.partial", "functools.partial"])
def test_the_old_jax_partial_is_functools_partial(tmp_path, decorator):
    source = PARTIAL.format(decorator=decorator).replace("import jax\n", "import functools\nimport jax\n", 1)
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 14)]
    assert "decorated with @jax.jit" in found[0]["context"]


def test_brainpy_jit_compiles_and_its_arrays_are_jax_arrays(tmp_path):
    source = '''
import brainpy.math as bm


@bm.jit
def run(xs, w):
    h = bm.zeros(w.shape[0])
    hs = []
    for t in range(xs.shape[0]):
        h = bm.tanh(w @ h + xs[t])
        hs.append(h)
    return bm.stack(hs)
'''
    found = scan_program(tmp_path, source, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA103", 9)]
    assert "brainpy.math.jit" in found[0]["context"]
    # without the decorator the loop is still jax work (bm.tanh is jax.numpy's), likely traced
    [plain] = scan_program(tmp_path, source.replace("@bm.jit\n", ""))
    assert plain["code"] == "GA103" and "likely traced by its callers" in " ".join(plain["evidence"])
    # the same names from a library that is not BrainPy's: no jax work, nothing at all
    assert scan_program(tmp_path, source.replace("brainpy.math", "mylib.math").replace("@bm.jit\n", "")) == []


FIT = '''
import jax.numpy as jnp
import numpy as np
import scipy.optimize


def fit_rates(M, X, target):
    rows = jnp.concatenate([M * X[i] for i in range(X.shape[0])], axis=0)
    return scipy.optimize.nnls({handed}, np.asarray(target))[0]
'''


def test_a_function_handing_what_it_computes_to_scipy_runs_eagerly(tmp_path):
    # nnls of a jax array the function computes: no trace can run it, so its loop is not reported
    for handed in ("rows", "np.asarray(rows)"):
        assert scan_program(tmp_path, FIT.format(handed=handed)) == []
    # the SciPy function imported by name, the array converted through a jnp call first
    imported = FIT.format(handed="rows_np").replace("import scipy.optimize\n", "from scipy.optimize import nnls\n")
    imported = imported.replace("    return scipy.optimize.nnls(", "    rows_np = jnp.asarray(rows).astype(jnp.float64).copy()\n    return nnls(")
    assert "from scipy.optimize import nnls" in imported and scan_program(tmp_path, imported) == []
    # without the host hand-off the per-row concatenate is jax work, likely traced by its callers
    source = FIT.format(handed="rows").replace("    return scipy.optimize.nnls(rows, np.asarray(target))[0]\n", "    return rows\n")
    assert [f["code"] for f in scan_program(tmp_path, source)] == ["GA101"]


RANGE_BOUND = '''
import jax
import jax.numpy as jnp
import numpy as np


class Env:
    def __init__(self, path):
        table, n_zones = np.load(path), np.load(path + ".n")
        self.n_zones = n_zones
        self.table = table

        def _step(s):
            return tuple(s * {read} for i in range(self.n_zones))

        self.step = jax.jit(_step)
'''


def test_a_captured_value_read_only_as_a_range_bound_is_a_count(tmp_path):
    # ``range(self.n_zones)``: a Python int, whatever loaded it; the table itself is captured data
    assert [f["code"] for f in scan_program(tmp_path, RANGE_BOUND.format(read="i"))] == []
    found = scan_program(tmp_path, RANGE_BOUND.format(read="self.table[i]"))
    assert [(f["code"], "self.table" in f["message"]) for f in found] == [("GA401", True)]


SETTING = '''
import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnums=(2,))
def e_step(opt, q, temp_steps):
    for _ in range(temp_steps):
        opt = opt - 0.1 * jnp.tanh(opt * q)
    return opt


class Agent:
    def __init__(self, lr=3e-4, temp_steps={default}):
        self.temp_steps = temp_steps
'''


@pytest.mark.parametrize("default, found", [(10, []), (500, ["GA103"]), ("None", ["GA103"])])
def test_a_count_the_module_sets_elsewhere_by_the_same_name_is_that_setting(tmp_path, default, found):
    # ``temp_steps=10`` in the constructor: the loop under jit runs a few times; 500 or no
    # literal: the parameter's count is not shown to be small
    assert [f["code"] for f in scan_program(tmp_path, SETTING.format(default=default), low=False)] == found


BASIS = '''
import jax
import jax.numpy as jnp


def energy(u):
    return jnp.sum(jnp.sin(u) ** 2)


def response(W, k):
    units = {units}
    dE = jax.grad(energy)
    cols = []
    for c in range(W.shape[0]):
        u = units[c]
        cols.append(dE(u))
    return jnp.stack(cols)
'''


@pytest.mark.parametrize("units, found", [
    ("make_units(W.shape[0], k)", ["GA102"]),  # a project helper's result (its body not scanned)
    ("jnp.eye(W.shape[0])", ["GA102"]),
    ("[W, W.T]", []),  # two listed items: what the loop reads at most
])
def test_a_gradient_at_each_item_of_a_helper_built_collection_is_per_example(tmp_path, units, found):
    assert [f["code"] for f in scan_program(tmp_path, BASIS.format(units=units), low=False)] == found


def test_a_helper_of_the_module_returning_a_list_of_arrays_counts_too(tmp_path):
    helper = "\n\ndef make_units(n, k) -> list:\n    return [jnp.eye(n)[i] * k for i in range(n)]\n"
    found = scan_program(tmp_path, BASIS.format(units="make_units(W.shape[0], k)") + helper, low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA102", 16)]


GRID = '''
from functools import partial
import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def render(c, grid=({n}, {n}, {n})):
    gz, gy, gx = grid
    img = jnp.zeros(grid)
    for a in range(gz):
        img = img.at[a].set(jnp.sin(c * a))
    return img
'''


@pytest.mark.parametrize("n, found", [(40, [("GA103", "medium")]), (4, [])])
def test_a_count_unpacked_from_a_tuple_default_is_that_entry(tmp_path, n, found):
    # ``gz, gy, gx = grid`` with ``grid=(40, 40, 40)``: 40 unless callers pass another grid
    assert [(f["code"], f["confidence"]) for f in scan_program(tmp_path, GRID.format(n=n))] == found


def test_the_flat_vector_of_ravel_pytree_is_an_array_of_the_pytrees_entries(tmp_path):
    source = """
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


@jax.jit
def linearised(probe, state):
    v, back = ravel_pytree(state)
    n = v.size
    A = jnp.zeros((n, n))
    for i in range(n):
        A = A.at[:, i].set(probe(back(jnp.zeros(n).at[i].set(1.0))))
    return A
"""
    [finding] = scan_program(tmp_path, source)
    assert (finding["code"], finding["line"]) == ("GA103", 12) and "`n = v.size`" in " ".join(finding["evidence"])


REPEATS = '''
import jax
import jax.numpy as jnp


def circuit(params, x):
    n = {count}
    state = x
    for r in range(n):
        state = jnp.tanh(params[r] @ state + x)
    return state


batched = jax.vmap(circuit, in_axes=(None, 0))
'''


@pytest.mark.parametrize("count, found", [("params.shape[0]", []), ("len(params)", []), ("x.shape[0]", ["GA103"])])
def test_the_leading_length_of_the_parameters_counts_layers(tmp_path, count, found):
    # parameters stacked per layer or repetition: a loop over them is a loop over layers
    assert [f["code"] for f in scan_program(tmp_path, REPEATS.format(count=count), low=False)] == found


POOLED = '''
import jax
import jax.numpy as jnp


@jax.jit
def pool(updates, w):
    return jnp.stack([jnp.tanh(w @ updates[i]) for i in {walk}])
'''


@pytest.mark.parametrize("walk, found", [("range(updates.shape[0])", ["GA101"]), ("range(len(updates))", [])])
def test_a_shape_shows_an_array_whatever_its_name_says(tmp_path, walk, found):
    # ``updates.shape[0]`` is an array's axis; ``len(updates)`` may count a list of pytrees (by the name)
    assert [f["code"] for f in scan_program(tmp_path, POOLED.format(walk=walk))] == found


COPIES = '''
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def tick(flock, gains):
    reps = jnp.stack([{element} for _ in range(flock.shape[0])])
    return reps * gains
'''


@pytest.mark.parametrize("element, advice", [
    ("gains", "jnp.broadcast_to(gains, (flock.shape[0], *jnp.shape(gains)))"),
    ("cfg.gains", "jnp.broadcast_to(cfg.gains, (flock.shape[0], *jnp.shape(cfg.gains)))"),
    ("np.random.randn(3)", None),  # a call may differ on each step: not copies
])
def test_copies_of_one_value_stacked_per_element_are_one_broadcast(tmp_path, element, advice):
    source = COPIES.format(element=element).replace("def tick(flock, gains)", "def tick(flock, gains, cfg)")
    messages = [(f["code"], f["message"]) for f in scan_program(tmp_path, source)]
    if advice is None:
        assert messages == []
    else:
        [(code, message)] = messages
        assert code == "GA101" and "stacks a copy of" in message and advice in message


def test_a_small_count_of_copies_is_not_reported(tmp_path):
    source = COPIES.format(element="gains").replace("range(flock.shape[0])", "range(3)")
    assert scan_program(tmp_path, source) == []


STATIC_SELF = '''
import functools
import jax.numpy as jnp
import numpy as np
from {module} import jit


class LeastSquares:
    def __init__(self, path):
        self.X = jnp.asarray(np.load(path))

    @staticmethod
    @jit
    def eval(x, batch):
        xb, yb = batch
        return jnp.mean(jnp.square(xb @ x - yb))

    @functools.partial(jit, static_argnums=(0,))
    def solve(self, y):
        return jnp.linalg.solve(self.X.T @ self.X, self.X.T @ y)
'''


@pytest.mark.parametrize("module", ["jax", "jax.api"])
def test_a_jitted_static_method_does_not_make_its_class_a_pytree(tmp_path, module):
    # ``self`` is static in ``solve``; ``eval`` takes no ``self`` (it passed ``self`` as traced
    # before, which only a pytree class allows); ``from jax.api import jit`` is older jax's jit
    found = scan_program(tmp_path, STATIC_SELF.format(module=module), low=False)
    assert [(f["code"], f["line"]) for f in found] == [("GA401", 20)] and "`self.X`" in found[0]["message"]


def test_a_typing_list_of_arrays_is_a_list_not_an_array(tmp_path):
    source = """
import typing
import jax
import jax.numpy as jnp
import numpy as np


def reml(th, y, Zs: {annotation}):
    V = th[-1] * jnp.eye(len(y))
    for k, Z in enumerate(Zs):
        V += th[k] * Z @ Z.T
    return jnp.linalg.slogdet(V)[1]


g = jax.grad(reml)
"""
    # a few design matrices of different widths, one per random effect: nothing to stack
    assert scan_program(tmp_path, source.format(annotation="typing.List[np.ndarray]")) == []
    assert scan_program(tmp_path, source.format(annotation="list[np.ndarray]")) == []
    # annotated as one array: its rows, one term per row
    assert [f["code"] for f in scan_program(tmp_path, source.format(annotation="np.ndarray"))] == ["GA302"]


MODULI = """
import jax
import jax.numpy as jnp


def stiffness(moduli, templates, x):
    Ke = jnp.zeros((3, 3, 3))
    for comp in moduli:
        Ke = Ke + jnp.einsum("e,ij->eij", {term}, templates[0]) * x
    return jnp.sum(Ke)


g = jax.grad(stiffness)
"""


@pytest.mark.parametrize("term, found", [("moduli[comp]", []), ("comp", ["GA302"])])
def test_a_collection_read_at_each_item_it_yields_is_a_mapping(tmp_path, term, found):
    # ``for comp in moduli: moduli[comp]``: the items are keys; a loop over a mapping's keys
    assert [f["code"] for f in scan_program(tmp_path, MODULI.format(term=term))] == found


COMBINE = """
import jax.numpy as jnp


def combine(ps, w):
    ps = jnp.asarray(ps)
    if {test}:
        raise ValueError("nan")
    return jnp.stack([jnp.tan((0.5 - ps[i]) * jnp.pi) * w for i in range(ps.shape[0])])
"""


@pytest.mark.parametrize("test, found", [("any(jnp.isnan(ps))", []), ("jnp.any(jnp.isnan(ps))", []), ("w is None", ["GA101"])])
def test_the_builtin_any_of_a_computed_array_in_a_branch_is_eager_code(tmp_path, test, found):
    # ``bool()`` of a tracer raises: a function branching on ``any(jnp.isnan(ps))`` runs eagerly
    assert [f["code"] for f in scan_program(tmp_path, COMBINE.format(test=test))] == found


DEBUG_FLAG = """
import jax
from jax import lax

DEBUG = {value}
{later}

def filt(st, obs):
    def step(s, o):
        return 0.9 * s + o, s

    if DEBUG:
        for t in range(1, len(obs)):
            st, _ = step(st, obs[t])
    else:
        st, _ = lax.scan(step, st, obs[1:])
    return st


filt = jax.jit(filt)
"""


@pytest.mark.parametrize("value, later, found", [
    ("False", "", []),  # the branch does not run as shipped
    ("True", "", ["GA103"]),
    ("False", "\ndef verbose():\n    global DEBUG\n    DEBUG = True\n", ["GA103"]),  # rebound elsewhere: it may run
    ("False", "DEBUG = True\n", ["GA103"]),  # bound twice
])
def test_a_branch_under_a_module_flag_bound_once_to_false_is_dead_code(tmp_path, value, later, found):
    source = DEBUG_FLAG.format(value=value, later=later)
    assert [f["code"] for f in scan_program(tmp_path, source)] == found
