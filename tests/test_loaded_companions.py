"""A loader's tuple holds the data and its small companions: ``images, poses, hwf = load(...)``.
GA401 reports the data a jitted function captures, not ``H, W, focal = hwf`` (the items of one
part, Python numbers once ``int(H)``) nor a table read only as small rows (``poses[i, :3, :4]``:
its size is unknown, a ``low`` finding). A function that asserts two computations agree is a
check, whatever its name or file, and so is a module that imports a test runner."""

from __future__ import annotations

import pytest
from conftest import scan_program

NERF = '''
import jax
import jax.numpy as jnp
from load_blender import load_blender_data

images, poses, render_poses, hwf, i_split = load_blender_data("./data/lego", half_res=True)
H, W, focal = hwf
{convert}

def get_rays(H, W, focal, c2w):
    i, j = jnp.meshgrid(jnp.arange(W), jnp.arange(H), indexing="xy")
    dirs = jnp.stack([(i - W * 0.5) / focal, -(j - H * 0.5) / focal, -jnp.ones_like(i)], -1)
    return jnp.sum(dirs[..., None, :] * c2w[:3, :3], -1)

@jax.jit
def train_step(params, i):
    target = images[i]
    pose = {pose}
    rays_d = get_rays(H, W, focal, pose)
    return jax.grad(lambda p: jnp.mean((rays_d * p - target) ** 2))(params)
'''


def _captured(found, confidence=None):
    """The names GA401 reports (several in one finding: the loaded data one function captures)."""
    names = [name for f in found if f["code"] == "GA401" and confidence in (None, f["confidence"]) for name in f["message"].split(" (")[0].split("`")[1::2]]
    return sorted(names)


@pytest.mark.parametrize("convert", ["", "H, W = int(H), int(W)"])
def test_the_items_of_a_loaded_part_are_not_data(tmp_path, convert):
    found = scan_program(tmp_path, NERF.format(convert=convert, pose="poses[i, :3, :4]"))
    assert _captured(found) == ["images", "poses"]
    assert _captured(found, "low") == ["poses"]  # small rows: the size is not shown


def test_a_table_read_whole_is_still_data(tmp_path):
    found = scan_program(tmp_path, NERF.format(convert="", pose="poses[i] @ poses.T"), low=False)
    assert _captured(found) == ["images", "poses"]
    assert len(found) == 1 and "are captured" in found[0]["message"]  # one advice: pass the loaded data in


@pytest.mark.parametrize("pose", [
    "poses[i, :, :4]",  # a whole axis
    "poses[i, :64, :4]",  # a block of 64 entries
    "poses[:, :3, :4]",  # every row
])
def test_larger_reads_keep_the_data_verdict(tmp_path, pose):
    found = scan_program(tmp_path, NERF.format(convert="", pose=pose), low=False)
    assert _captured(found) == ["images", "poses"]


CHECK = '''
import jax
import jax.numpy as jnp
import numpy as np
{imports}

def {name}(x):
    fast = jax.grad(lambda v: jnp.sum(jnp.sin(v)))(x)
    slow = jnp.stack([jax.grad(jnp.sin)(x[i]) for i in range(x.shape[0])])
    {check}
'''


@pytest.mark.parametrize("name, imports, check", [
    ("compare_gradients", "", "assert jnp.allclose(fast, slow)"),
    ("compare_gradients", "", "np.testing.assert_allclose(fast, slow, rtol=1e-5)"),
    ("gradient_check", "import pytest", "return fast, slow"),
])
def test_checks_hold_no_findings(tmp_path, name, imports, check):
    assert scan_program(tmp_path, CHECK.format(name=name, imports=imports, check=check)) == []


def test_the_same_loop_outside_a_check_is_reported(tmp_path):
    found = scan_program(tmp_path, CHECK.format(name="gradients", imports="", check="return fast, slow"), low=False)
    assert [f["code"] for f in found] == ["GA102"]


MODEL_OBJECT = '''
import jax
import jax.numpy as jnp
from data import get_data
from model import get_model

train, test, vocab_size = get_data(batch_size=4)
net = get_model(vocab_size)
table = jnp.asarray(train)

@jax.jit
def loss(params, batch, labels):
    logits = net.apply(params, batch){more}
    return jnp.mean((logits - labels) ** 2)
'''


def test_a_captured_object_only_called_through_its_methods_is_not_data(tmp_path):
    # ``net`` comes from a loader's count, but it is only ever called: a model, not an array
    assert _captured(scan_program(tmp_path, MODEL_OBJECT.format(more=""))) == []


def test_a_captured_loaded_array_beside_it_is_still_reported(tmp_path):
    assert _captured(scan_program(tmp_path, MODEL_OBJECT.format(more=" + table.sum()"))) == ["table"]
