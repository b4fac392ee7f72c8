# Source: https://github.com/khdlr/DiffSnake/blob/17337638da628827b648fa0c92fbccd76b3ca725/evaluate.py
# Title: evaluate.py
# Cut: kept METRICS and the jitted test_step; the __main__ driver dropped.
from functools import partial
import jax
import jax.numpy as jnp

from lib import losses
from lib.utils import prep
from lib.diffusion import ddim_sample
from einops import repeat

from jax.experimental.host_callback import id_print


METRICS = dict(
    mae=losses.mae,
    rmse=losses.rmse,
    symmetric_mae=losses.symmetric_mae,
    symmetric_rmse=losses.symmetric_rmse,
)


@partial(jax.jit, static_argnums=3)
def test_step(batch, state, key, model):
    imagery, mask, contour = prep(batch)
    B = imagery.shape[0]
    S = 4

    original_contour = contour
    contour = repeat(contour, 'B T C -> B S T C', S=S)
    ts = repeat(jnp.linspace(1000, 0, 50), 'T -> T B', B=B)
    init = jax.random.normal(key, contour.shape)

    img_features = model.get_features(state.params, imagery)
    # sample_single = partial(ddim_sample, model, state.params, img_features, ts)
    # trajectories = jax.vmap(sample_single, in_axes=1, out_axes=1)(init)
    trajectories = ddim_sample(model, state.params, img_features, ts, init)

    terms = {
        "imagery": imagery,
        "contour": contour,
        "mask": mask,
        'snake_steps': trajectories,
        'snake': trajectories[:, :, -1],
    }

    # Convert from normalized to to pixel coordinates
    scale = imagery.shape[1] / 2
    for key in ["snake", "snake_steps", "contour"]:
        terms[key] = jax.tree_map(lambda x: scale * (1.0 + x), terms[key])

    # TODO: uncertainty measures
    metrics = {}
    for m in METRICS:
        metrics[m] = jnp.mean(jax.vmap(partial(losses.call_loss, METRICS[m]))(terms)[0])

    terms['contour'] = jax.tree_map(lambda x: scale * (1.0 + x), original_contour)
    return metrics, terms
