"""Loop steps read past what they do not compute (``analysis/inert_steps.py``, ``with`` blocks
opened by ``Context.block_of``), lookups that are not gathers, counts stated by a module's dict
or named as updates, layers zipped with their wiring, lifted and ``setup`` methods of flax, and
autograd's ``multigrad``: each with its look-alike."""

from __future__ import annotations

import pytest

from tests.conftest import scan_files

ALL = ("GA101", "GA102", "GA103", "GA201", "GA202", "GA302")


def codes(tmp_path, source: str, files: dict[str, str] | None = None) -> list:
    return scan_files(tmp_path, {"m.py": source, **(files or {})}, ALL)


MAPPED = """
    import jax
    import jax.numpy as jnp

    DEBUG = False

    def f(r):
        return jnp.tanh(r) @ jnp.ones(3)

    @jax.jit
    def dens(rows):
        parts = []
    {loop}
        return jnp.stack(parts)
"""


@pytest.mark.parametrize("loop", [
    # a ``with`` block around the loop: its body runs where it stands
    '    with jax.named_scope("chunks"):\n        for c in range(rows.shape[0]):\n            parts.append(f(rows[c]))',
    # a debugging print behind a flag, a timer nothing reads
    "    for c in range(rows.shape[0]):\n        if DEBUG:\n            print(c)\n        parts.append(f(rows[c]))",
    # a helper defined in the step that reads nothing the step binds
    "    for c in range(rows.shape[0]):\n        def g(u):\n            return f(u) * 2.0\n        parts.append(g(rows[c]))",
    # a parallel assignment of the step's temporaries
    "    for c in range(rows.shape[0]):\n        a, b = rows[c], rows[c] * 2.0\n        parts.append(f(a) + f(b))",
])
def test_a_map_is_read_past_what_its_step_does_not_compute(tmp_path, loop):
    found = [item for item in codes(tmp_path, MAPPED.replace("{loop}", loop.replace("\n", "\n    "))) if item.code == "GA101"]
    assert len(found) == 1, [item.message for item in found]
    assert found[0].confidence == "high"


def test_a_helper_reading_the_step_stays_in_it(tmp_path):
    """``def g(u): return u * c`` reads the loop's own ``c``: not the same function every step."""
    loop = "    for c in range(rows.shape[0]):\n        def g(u):\n            return f(u) * c\n        parts.append(g(rows[c]))"
    source = MAPPED.replace("{loop}", loop.replace("\n", "\n    "))
    assert [item.code for item in codes(tmp_path, source)] == []


def test_a_rewrite_would_drop_a_statement_set_aside_so_the_finding_is_advice(tmp_path):
    source = """
    import time
    import jax
    import jax.numpy as jnp

    @jax.jit
    def f(x):
        total = 0.0
        for i in range(x.shape[0]):
            t0 = time.time()
            total += jnp.exp(x[i])
        return total
    """
    found = codes(tmp_path, source)
    assert [item.code for item in found] == ["GA302"]
    assert found[0].fix is None  # the fix would delete the timer's line


def test_a_timer_that_is_read_is_a_host_loop_as_before(tmp_path):
    source = """
    import time
    import jax.numpy as jnp

    def f(x):
        total = 0.0
        for i in range(x.shape[0]):
            t0 = time.time()
            total += jnp.exp(x[i])
            print(time.time() - t0)
        return total
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == []


def test_the_loop_item_read_again_and_a_temporary_over_two_statements(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def model(x, w):
        return jnp.tanh(x @ w).sum()

    def sq_loss(xs, ys, w):
        tot = 0.0
        for k, x in enumerate(xs):
            x = xs[k]
            tot += (ys[k] - model(x, w)) ** 2
        return tot

    def intensity(mu, w, ts):
        total = 0.0
        for n in range(ts.shape[0]):
            lam = mu
            lam += jnp.sum(w * jnp.exp(-(ts[n] - ts)))
            total += jnp.log(lam)
        return total

    J = jax.jacobian(sq_loss, 2)
    G = jax.grad(intensity)
    """
    found = codes(tmp_path, source)
    assert [item.code for item in found] == ["GA302", "GA302"]
    assert found[1].fix is None


def test_a_prefix_of_earlier_events_is_a_triangle(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def loglik(base, w, ts, kind):
        total = 0.0
        for n in range(ts.shape[0]):
            lam = base[kind[n]] + jnp.sum(w[kind[n], kind[:n]] * jnp.exp(-(ts[n] - ts[:n])))
            total += jnp.log(lam)
        return total

    g = jax.jit(jax.grad(loglik))
    """
    found = codes(tmp_path, source)
    assert [item.code for item in found] == ["GA302"]
    assert "mask the triangle" in found[0].message and found[0].fix is None


def test_a_carried_value_is_not_a_fill_of_slice_contractions(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    def simulate(z0, L, eps):
        zs = jnp.zeros((eps.shape[0], z0.shape[0]))
        z = z0
        for i in range(eps.shape[0]):
            z = 0.9 * jnp.tanh(z) + L @ eps[i]
            zs = zs.at[i].set(z)
        return zs

    g = jax.grad(lambda z0, L, e: simulate(z0, L, e).sum())
    """
    assert [item.code for item in codes(tmp_path, source)] == ["GA103"]


LOOKUP = """
import jax
import jax.numpy as jnp
import numpy as np

def pack(expr, lay):
    return jnp.stack([expr[g] for g in lay])

def loss(params, lay):
    {made}
    return pack(expr, lay).sum()

g = jax.jit(jax.grad(loss), static_argnums=1)
"""


def test_a_lookup_in_a_dict_callers_pass_is_not_a_gather(tmp_path):
    made = "expr = {k: jnp.tanh(v) for k, v in params.items()}"
    assert [item.code for item in codes(tmp_path, LOOKUP.replace("{made}", made))] == []


def test_a_gather_from_an_array_callers_pass_stays(tmp_path):
    made = "expr = jnp.tanh(params)"
    assert [item.code for item in codes(tmp_path, LOOKUP.replace("{made}", made))] == ["GA101"]


def test_a_table_held_on_self_is_a_lookup(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    class League:
        def __init__(self, teams):
            self.team_to_index = {team: i for i, team in enumerate(teams)}

        def model(self, home_team, strength):
            home = jnp.array([self.team_to_index[team] for team in home_team])
            return strength[home]

    g = jax.grad(League(["a", "b"]).model, argnums=1)
    """
    assert [item.code for item in codes(tmp_path, source)] == []


@pytest.mark.parametrize("steps, found", [("1", []), ("200", ["GA103"])])
def test_a_count_a_module_dict_states_is_read_by_key(tmp_path, steps, found):
    source = f"""
    from functools import partial
    import jax
    import jax.numpy as jnp

    hyperparams = {{}}
    hyperparams['seed'] = 23
    hyperparams['num_steps'] = {steps}

    def step(board):
        return jnp.tanh(board @ board.T)

    @partial(jax.jit, static_argnums=(1,))
    def simulate_batch(boards, steps):
        def simulate_one(board):
            for _ in range(steps):
                board = step(board)
            return board
        return jax.vmap(simulate_one)(boards)

    out = simulate_batch(jnp.ones((4, 3, 3)), hyperparams['num_steps'])
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


def test_a_dict_a_function_changes_states_nothing(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    hp = {'num_steps': 1}

    def configure(n):
        hp['num_steps'] = n

    @jax.jit
    def run(x, steps):
        for _ in range(steps):
            x = jnp.tanh(x @ x)
        return x

    g = jax.grad(lambda x: run(x, hp['num_steps']).sum())
    """
    assert [item.code for item in codes(tmp_path, source)] == ["GA103"]


def test_gradient_steps_of_an_agent_are_updates_not_data(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp

    class Agent:
        def learn(self, state, batch):
            for _ in range(self.n_gradient_steps):
                grads = jax.grad(self.loss)(state.params, batch)
                state = state.apply_gradients(grads=grads)
            return state

        def loss(self, params, batch):
            return jnp.sum(params * batch)

    step = jax.jit(Agent().learn)
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == []


@pytest.mark.parametrize("zipped, found", [("zip(params, wires)", []), ("zip(xs, wires)", ["GA103"])])
def test_layers_zipped_with_their_wiring(tmp_path, zipped, found):
    source = f"""
    import jax
    import jax.numpy as jnp

    def run_layer(g, c, x):
        return jnp.tanh(x[..., c] * g)

    def run(params, wires, xs, x):
        for g, c in {zipped}:
            x = run_layer(g, c, x)
        return x

    loss = jax.jit(jax.grad(lambda p, w, xs, x: run(p, w, xs, x).sum()))
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


def test_flax_lifted_methods_and_setup_run_under_a_trace(tmp_path):
    source = """
    import jax
    import jax.numpy as jnp
    import flax.linen as nn

    def squash(y, k):
        for c in range(y.shape[0]):
            y = y.at[c].set(jax.nn.sigmoid(y[c] / k[c]))
        return y

    class Front(nn.Module):
        def setup(self):
            self.dense = nn.Dense(4)

        def embed(self, x, k):
            return self.dense(squash(x, k))

    class Bank(nn.Module):
        def setup(self):
            den = self.param("den", nn.initializers.normal(), (64, 3))
            resp = jnp.zeros((den.shape[0], 8))
            for k in range(den.shape[0]):
                resp = resp.at[k].set(jnp.polyval(den[k], jnp.arange(8.0)))
            self.resp = resp

        def __call__(self, x):
            return x @ self.resp

    VFront = nn.vmap(Front, in_axes=0, variable_axes={"params": None}, split_rngs={"params": False}, methods=["embed"])
    """
    found = codes(tmp_path, source)
    assert sorted((item.code, item.confidence) for item in found) == [("GA103", "high"), ("GA103", "high")]
    assert any("lifted by nn.vmap" in item for finding in found for item in finding.evidence)


def test_autograd_multigrad_differentiates(tmp_path):
    source = """
    import autograd.numpy as anp
    from autograd import multigrad

    def cost(U, V, Lap):
        return anp.sum((U @ V.T) ** 2) + 0.1 * anp.trace(anp.dot(anp.dot(U.T, Lap), U))

    step = multigrad(cost, argnums=[0, 1])
    """
    found = codes(tmp_path, source)
    assert [item.code for item in found] == ["GA202"]
    assert found[0].confidence == "medium"


@pytest.mark.parametrize("made, found", [("probs", []), ("jax.nn.softmax(logits.reshape(50, 8), axis=-1)", ["GA302"])])
def test_items_a_helper_takes_whole_are_a_list_of_different_arrays(tmp_path, made, found):
    """``entropy(p)`` for ``p`` in a parameter: the helper reduces each item whole, as the items of
    a list of weeks of different sizes are; over an array the facts show, the rows of data."""
    source = f"""
    import jax
    import jax.numpy as jnp

    def entropy(probs):
        logp = jnp.log(probs)
        ent = probs * logp
        return -1 * jnp.sum(ent)

    def ent_loss(probs, logits):
        ent = 0
        for p in {made}:
            ent += entropy(p)
        return ent

    g = jax.jit(jax.grad(ent_loss, argnums=1))
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


def test_a_module_class_made_per_step_is_a_stack_of_layers(tmp_path):
    source = """
    import haiku as hk
    import jax
    import jax.numpy as jnp

    class FlowBlock(hk.Module):
        def __init__(self, n_in, n_out, name=None):
            super().__init__(name=name)
            self.n_in, self.n_out = n_in, n_out

        def __call__(self, last):
            z = hk.get_parameter("z", (self.n_in, self.n_out), init=jnp.zeros)
            return jax.nn.softmax(z, axis=1) * last.reshape(-1, 1)

    class FlowModel(hk.Module):
        def __init__(self, cells, num_weeks):
            super().__init__()
            self.cells, self.num_weeks = cells, num_weeks

        def __call__(self, d):
            for week in range(self.num_weeks - 1):
                d = FlowBlock(self.cells[week], self.cells[week + 1])(d).sum(axis=0)
            return d

    forward = hk.transform(lambda cells, weeks, d: FlowModel(cells, weeks)(d))
    """
    assert [item.code for item in codes(tmp_path, source)] == []


@pytest.mark.parametrize("test, found", [("dist == 'ln'", []), ("dist.sum() > 0", ["GA103"])])
def test_items_compared_with_strings_are_named_options(tmp_path, test, found):
    source = f"""
    import jax
    import jax.numpy as jnp

    def apply(betas, rvdist):
        for k, dist in enumerate(rvdist):
            if {test}:
                betas = betas.at[:, k].set(jnp.exp(betas[:, k - 1]))
        return betas

    g = jax.grad(lambda b, d: apply(b, d).sum())
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


@pytest.mark.parametrize("mapped, found", [("jnp.reshape(pts, [-1, 1024, pts.shape[-1]])", []), ("pts", ["GA101"])])
def test_a_lax_map_over_rows_cut_into_chunks_by_hand(tmp_path, mapped, found):
    source = f"""
    import jax
    import jax.numpy as jnp
    from jax import lax

    def net(params, x):
        return jnp.tanh(x @ params)

    @jax.jit
    def render(params, pts):
        out = lax.map(lambda chunk: net(params, chunk), {mapped})
        return out.sum()

    g = jax.grad(render)
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


@pytest.mark.parametrize("annotation, found", [("Sequence", []), ("jnp.ndarray", ["GA103"])])
def test_a_list_indexed_by_an_array_element_runs_eagerly(tmp_path, annotation, found):
    """``times_by_player[p1]`` with ``p1`` read from an array: a list takes Python ints, so no
    trace runs the function; indexed the same way, an array is traced code."""
    source = f"""
    from typing import Sequence
    import jax
    import jax.numpy as jnp

    def by_match(times_by_player: {annotation}, pairs: jnp.ndarray):
        counter = jnp.ones(8, dtype=int)
        out = jnp.zeros(pairs.shape[0])
        for t in range(pairs.shape[0]):
            p1, p2 = pairs[t]
            out = out.at[t].set(times_by_player[p1][counter[p1]])
            counter = counter.at[p1].add(1)
        return out
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found


@pytest.mark.parametrize("signature, walked, found", [
    ("tab: Dict[str, jax.Array]", 'tab["rows"]', ["GA101"]),
    ("tab", 'tab["images"]', []),
    ("tab: Dict[str, jax.Array]", 'tab["layers"]', []),
    ("tab", 'tab["rows"]', []),
])
def test_an_entry_of_a_mapping_of_arrays_is_walked_by_rows(tmp_path, signature, walked, found):
    source = f"""
    from typing import Dict
    import jax
    import jax.numpy as jnp

    @jax.jit
    def hits({signature}):
        return jnp.array([jnp.tanh(tab["keys"] @ r) for r in {walked}])
    """
    assert [item.code for item in codes(tmp_path, source) if item.confidence != "low"] == found
