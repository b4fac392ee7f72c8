"""Look-alikes of per-sample maps and recurrences, and two spellings of data sizes: layers
counted by their own list, chunk loops that vmap each chunk, host loops over a jitted kernel,
checkpoints, per-element matrices under vmap; a size times a module constant, a list rebound
to its stacked array."""

from __future__ import annotations

import pytest
from conftest import scan_program

LAYERS = '''
import jax
import jax.numpy as jnp


def mlp(params, x):
    Ws, bs = params
    h = x
    for i in range({count}):
        h = jnp.tanh(h @ Ws[i] + bs[i])
    return h


g = jax.jit(jax.grad(lambda p, x: jnp.sum(mlp(p, x))))
'''


def test_a_loop_counting_the_weights_it_applies_is_layers(tmp_path):
    assert scan_program(tmp_path, LAYERS.format(count="len(Ws)")) == []
    assert scan_program(tmp_path, LAYERS.format(count="1, len(Ws)")) == []


def test_a_time_varying_product_counted_by_the_data_is_a_recurrence(tmp_path):
    findings = scan_program(tmp_path, LAYERS.format(count="x.shape[0]"), low=False)
    assert [f["code"] for f in findings] == ["GA103"]


CHUNKS = '''
import jax
import jax.numpy as jnp


def per_pt(p, w):
    return jnp.tanh(p @ w)


@jax.jit
def chunked(pts, w):
    parts = []
    for c in range(pts.shape[0]):
        parts.append({call})
    return jnp.concatenate(parts)
'''


@pytest.mark.parametrize("call", ["jax.vmap(per_pt, in_axes=(0, None))(pts[c], w)", "jax.lax.map(lambda p: per_pt(p, w), pts[c])"])
def test_a_loop_that_maps_each_chunk_is_chunked_on_purpose(tmp_path, call):
    assert scan_program(tmp_path, CHUNKS.format(call=call)) == []


def test_a_loop_that_applies_the_function_per_row_is_a_map(tmp_path):
    findings = scan_program(tmp_path, CHUNKS.format(call="per_pt(pts[c], w)"), low=False)
    assert [f["code"] for f in findings] == ["GA101"]


DRIVER = '''
import jax
import jax.numpy as jnp


def kernel(xi, params):
    return jnp.tanh(xi @ params)


def predict_all(x, params):
    {decorator}
    def one(xi):
        return kernel(xi, params)

    rows = [one(x[i:i + 1]) for i in range(x.shape[0])]
    return jnp.concatenate(rows)
'''


def test_a_host_loop_over_a_jitted_kernel_is_a_driver(tmp_path):
    assert scan_program(tmp_path, DRIVER.format(decorator="@jax.jit")) == []
    # without the jit, nothing says the loop runs on the host: likely traced by its callers
    assert [f["code"] for f in scan_program(tmp_path, DRIVER.format(decorator=""))] == ["GA101"]


CHECKPOINT = '''
import jax
import jax.numpy as jnp
from mylib import {loader}, net


def main(path):
    ck = {loader}(path)
    P, Q = ck.cfg.geometry()
    X = jnp.asarray(ck.astype("float32"))

    def f(w, r):
        return net(w, r, P, Q) + jnp.sum({read})

    return jax.jit(jax.grad(f))(0.0, jnp.zeros(3))
'''


def test_what_a_method_of_a_loaded_object_returns_is_not_data(tmp_path):
    findings = scan_program(tmp_path, CHECKPOINT.format(loader="load_dataset", read="0.0"), low=False)
    assert findings == []


def test_an_array_method_of_loaded_data_is_still_data(tmp_path):
    findings = scan_program(tmp_path, CHECKPOINT.format(loader="load_dataset", read="X"), low=False)
    assert [(f["code"], f["confidence"]) for f in findings] == [("GA401", "medium")]
    assert "`X`" in findings[0]["message"]


def test_a_checkpoint_is_not_loaded_data(tmp_path):
    assert scan_program(tmp_path, CHECKPOINT.format(loader="load_ckpt", read="X"), low=False) == []


MAPPED = '''
import jax
import jax.numpy as jnp


def energy(F):
    return jnp.trace(F.T @ F) + jnp.linalg.det(F)


def total(Fs):
    return jnp.sum({mapped}(Fs))


g = jax.grad(total)
'''


def test_a_trace_of_one_element_s_matrices_is_low(tmp_path):
    findings = scan_program(tmp_path, MAPPED.format(mapped="jax.vmap(energy)"))
    assert [(f["code"], f["confidence"]) for f in findings] == [("GA202", "low")]
    assert any("mapped by jax.vmap" in item for item in findings[0]["evidence"])
    # differentiated itself under the map (vmap(hessian(f))): no longer one element's matrices
    findings = scan_program(tmp_path, MAPPED.format(mapped="jax.vmap(jax.hessian(energy))"))
    assert [(f["code"], f["confidence"]) for f in findings] == [("GA202", "medium")]


def test_a_trace_of_an_element_s_matrix_with_a_whole_captured_one_keeps_its_level(tmp_path):
    # ``P`` is read from the function around the lambda: not mapped, an N by N matrix per element
    source = MAPPED.format(mapped="jax.vmap(energy)").replace(
        "def total(Fs):\n    return jnp.sum(jax.vmap(energy)(Fs))",
        "def total(Fs, P):\n    return jnp.sum(jax.vmap(lambda F: jnp.trace(F @ P))(Fs))")
    findings = scan_program(tmp_path, source)
    assert [(f["code"], f["line"], f["confidence"]) for f in findings] == [("GA202", 7, "low"), ("GA202", 11, "medium")]
    assert "`P` is read from the function around, not mapped: a whole matrix meets each element" in findings[1]["evidence"]


SIZED = '''
import jax
import jax.numpy as jnp
import somelib


@jax.jit
def gram(z):
    n = z.shape[0] * {factor}
    K = jnp.zeros((n, n))
    for i in range(n):
        K = K.at[i].set(jnp.tanh(K[i - 1]) + z[i % z.shape[0]])
    return K
'''


@pytest.mark.parametrize("factor", ["somelib.n_nodes", "3"])
def test_a_data_size_times_a_module_constant_is_a_data_size(tmp_path, factor):
    findings = scan_program(tmp_path, SIZED.format(factor=factor), low=False)
    assert [f["code"] for f in findings] == ["GA103"]


WINDOW = '''
import jax
import jax.numpy as jnp


@jax.jit
def conv(sig, ker):
    acc = []
    for i in range(1, len(sig) - 1):
        acc.append(jnp.dot(sig[i - 1:i + 2], ker))
    {target} = jnp.array(acc)
    return {target} / jnp.sum({target})
'''


@pytest.mark.parametrize("target", ["acc", "out"])
def test_a_list_rebound_to_its_stacked_array_is_still_gathered(tmp_path, target):
    findings = scan_program(tmp_path, WINDOW.format(target=target), low=False)
    assert [f["code"] for f in findings] == ["GA201"]
