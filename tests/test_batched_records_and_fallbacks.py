"""Look-alikes from the sixth blind round: a gradient function already mapped by `vmap`, a loop
over records of differently shaped arrays, the eager fallback of a mapped call, a stateful
method, a chunk map whose function vmaps the chunk, a logging branch beside a running total,
and dense diagonal matrices between two products or with a few listed entries."""

from __future__ import annotations

from conftest import scan_program

VMAPPED_GRADIENT = '''
import jax
import jax.numpy as jnp


def energy(xyz, theta):
    return jnp.sum(jnp.sin(xyz * theta))


eg = jax.vmap({inner}, in_axes=(0, None))


@jax.jit
def run(xs, theta):
    out = []
    for i in range(xs.shape[0]):
        out.append(eg(xs[i], theta))
    return jnp.stack(out)
'''


def test_a_gradient_already_mapped_over_a_batch_is_not_per_example(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, VMAPPED_GRADIENT.format(inner="jax.grad(energy)"))] == []
    # Mapped without a derivative: the loop over chunks still maps one function per chunk.
    plain = scan_program(tmp_path, VMAPPED_GRADIENT.replace("eg = jax.vmap({inner}, in_axes=(0, None))", "eg = jax.grad(energy, argnums=1)"))
    assert [f["code"] for f in plain] == ["GA102"]


RECORDS = '''
import jax
import jax.numpy as jnp


@jax.jit
def fill(structures, positions, theta, n):
    buf = jnp.zeros(n)
    for i in range(len(structures)):
        e = jnp.sum(jnp.sin(positions[i] * theta))
        buf = buf.at[{where}].set(e)
    return buf
'''


def test_a_loop_over_records_of_arrays_is_not_a_recurrence_over_data(tmp_path):
    assert scan_program(tmp_path, RECORDS.format(where="structures[i].name")) == []
    # Items used as positions themselves: rows of one array, one scatter per step.
    assert [f["code"] for f in scan_program(tmp_path, RECORDS.format(where="structures[i]"))] == ["GA103"]


FALLBACK = '''
import jax
import jax.numpy as jnp


@jax.jit
def draw(sampler, keys):
    try:
        return jax.lax.map(sampler, keys)
    except TypeError:
        return jnp.array([sampler(k) for k in keys])


@jax.jit
def draw_again(sampler, keys):
    return jnp.array([sampler(k) for k in keys])
'''


def test_the_eager_fallback_of_a_mapped_call_is_not_reported(tmp_path):
    findings = scan_program(tmp_path, FALLBACK, low=False)
    assert [(f["code"], f["line"]) for f in findings] == [("GA101", 16)]


STATEFUL = '''
import jax
import jax.numpy as jnp


class Biquad:
    def __init__(self):
        self.hist = jnp.zeros(2)

    def push(self, s, c):
        out = c[0] * s + c[1] * self.hist[0] + c[2] * self.hist[1]
        self.hist = jnp.array([out, self.hist[0]])
        return out


class Gain:
    def __init__(self, g):
        self.g = g

    def apply(self, s):
        return self.g * s


@jax.jit
def filtered(signal, c):
    f = Biquad()
    return jnp.array([f.push(s, c) for s in signal])


@jax.jit
def scaled(signal):
    f = Gain(2.0)
    return jnp.array([f.apply(s) for s in signal])
'''


def test_a_method_that_updates_its_object_is_not_mapped(tmp_path):
    findings = scan_program(tmp_path, STATEFUL)
    assert [(f["code"], f["line"]) for f in findings] == [("GA101", 33)]


CHUNKED = '''
import jax
import jax.numpy as jnp
from jax import lax, vmap


def map_chunked(func, arr, chunk):
    n = arr.shape[0]
    chunks = jnp.pad(arr, (0, (-n) % chunk)).reshape(-1, chunk)

    def f_chunk(x):
        return {body}

    return lax.map(f_chunk, chunks).reshape(-1)[:n]


@jax.jit
def magnification(times):
    return map_chunked(jnp.sin, times, 50)
'''


def test_a_chunk_map_whose_function_vmaps_the_chunk_is_chosen_for_memory(tmp_path):
    assert scan_program(tmp_path, CHUNKED.format(body="vmap(func)(x)")) == []


VERBOSE = '''
import jax
import jax.numpy as jnp


def rollout_loss(params, preds, targets, n_steps, verbose=False):
    log = {}
    tot = 0.0
    for i in range(n_steps):
        v = jnp.mean((preds[i] - targets[i]) ** 2) / n_steps
        if verbose:
            log[f"s{i}"] = v
        else:
            tot += v
    return tot


g = jax.grad(rollout_loss)
'''


def test_a_running_total_beside_a_logging_branch_is_a_sum(tmp_path):
    assert [f["code"] for f in scan_program(tmp_path, VERBOSE)] == ["GA302"]


DIAGONALS = '''
import jax
import jax.numpy as jnp


@jax.jit
def equilibrium(q, C, P):
    D = jnp.diag(q)
    return jnp.linalg.solve(C.T @ D @ C, P)


@jax.jit
def one_side(q, C):
    return C.T @ jnp.diag(q)


@jax.jit
def transition(a, v, ls):
    cov = jnp.diag(jnp.stack([v, 3.0 * v / ls**2]))
    return cov - a @ cov @ a.T


def per_point(radii, rotation, point):
    return rotation @ jnp.diag(radii) @ point


mapped = jax.vmap(per_point)
'''


def test_dense_diagonals_between_products_few_entries_and_mapped_points(tmp_path):
    found = {(f["line"], f["confidence"]) for f in scan_program(tmp_path, DIAGONALS) if f["code"] == "GA203"}
    # Between two products: a matrix, so its argument is a vector (medium); one side in a
    # jitted function: the rank is unshown but the trace is proven (medium); two listed entries:
    # not reported; a function only ever mapped: one point's matrices (low).
    assert found == {(9, "medium"), (14, "medium"), (24, "low")}
    # One side where no transform reaches the function: neither the rank nor the trace is shown (low).
    untraced = DIAGONALS.replace("@jax.jit\ndef one_side", "def one_side")
    assert {(f["line"], f["confidence"]) for f in scan_program(tmp_path, untraced) if f["code"] == "GA203" and f["line"] == 13} == {(13, "low")}


NESTED = '''
import jax
import jax.numpy as jnp


@jax.jit
def forces(w, P):
    N = P.shape[0]
    G = jnp.zeros(N)
    for i in range(N):
        s = 0.0
        for j in range(N):
            {inner}
        G = G.at[i].set(s)
    return G
'''


def test_the_outer_loop_of_a_pair_sum_writes_independently(tmp_path):
    # The inner sum is GA302's; the outer loop's writes are independent too (GA103, advice).
    found = sorted((f["code"], f["line"]) for f in scan_program(tmp_path, NESTED.format(inner="s += w[i, j] * (P[i] - P[j])"), low=False))
    assert found == [("GA103", 10), ("GA302", 12)]
    # An inner loop that writes the outer array makes the steps depend on each other (a
    # recurrence, not independent writes); one that prints keeps the outer loop out.
    written = [f["message"] for f in scan_program(tmp_path, NESTED.format(inner="G = G.at[j].add(w[i, j])"), low=False) if f["line"] == 10]
    assert len(written) == 1 and "independent" not in written[0] and "earlier steps wrote" in written[0]
    assert [f["code"] for f in scan_program(tmp_path, NESTED.format(inner="print(s)"), low=False) if f["line"] == 10] == []


def test_a_diagonal_of_an_argument_not_shown_to_be_a_vector_says_so_in_its_fix(tmp_path):
    source = "import jax\nimport jax.numpy as jnp\n\n@jax.jit\ndef f(a, s):\n    return jnp.diag(s) @ a\n"
    [finding] = scan_program(tmp_path, source)
    assert finding["code"] == "GA203" and finding["confidence"] == "medium"  # jitted: only the rank is unshown
    assert finding["fix"]["applicability"] == "unsafe"
    assert "`s` has one axis (`diag` of a matrix takes its diagonal)" in finding["fix"]["unproven"]
