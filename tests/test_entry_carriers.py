"""State kept in a literal-key entry of a local mapping (``state["h"] = f(state["h"], x)``,
``energies["ex"] = energies["ex"].at[i].set(e)``) is carried like a name: GA103 reads the
recurrence and the loop of independent writes, advice only. An entry written each step from
that step alone, or a host loop that records what a compiled step returns, is not."""

from __future__ import annotations

from conftest import scan_program

PROGRAM = '''import jax
import jax.numpy as jnp


def carried(params, xs):
    state = {"h": jnp.zeros(8)}
    for t in range(xs.shape[0]):
        state["h"] = jnp.tanh(params @ state["h"] + xs[t])
    return state["h"].sum()


def energies_of(params, scan):
    n = scan["pos"].shape[0]
    energies = {"ex": jnp.zeros(n)}
    for i in range(n):
        energies["ex"] = energies["ex"].at[i].set(jnp.sum(jnp.tanh(params * scan["pos"][i])))
    return jnp.sum(energies["ex"])


def latest(params, xs):
    out = {}
    for t in range(xs.shape[0]):
        out["last"] = jnp.tanh(params @ xs[t])
    return out["last"].sum()


loss = jax.jit(jax.grad(lambda p, xs, scan: carried(p, xs) + energies_of(p, scan) + latest(p, xs)))


@jax.jit
def train_step(params, batch):
    return params - 0.1 * jax.grad(lambda p: jnp.sum(p @ batch))(params), jnp.sum(batch)


def fit(params, batches):
    history = {"loss": 0.0}
    for b in range(batches.shape[0]):
        params, value = train_step(params, batches[b])
        history["loss"] = history["loss"] + value
    return params, history
'''


def test_entries_of_a_local_mapping_carry_state(tmp_path):
    found = {f["line"]: f for f in scan_program(tmp_path, PROGRAM) if f["code"] == "GA103"}
    assert sorted(found) == [7, 15], found
    assert "`state['h']` is carried from step to step" in found[7]["message"]
    assert "the writes are independent" in found[15]["message"] and "energies['ex']" in found[15]["message"]
    assert found[7]["fix"] is None and found[15]["fix"] is None
