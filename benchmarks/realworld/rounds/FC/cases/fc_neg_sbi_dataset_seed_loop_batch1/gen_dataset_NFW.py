# Source: https://github.com/vepe99/Odisseo/blob/d33c86eb44db4bb06fd2d6d0690e9c746c9ac2e5/notebooks/dev/sbi/sbi_ds/ds_nbody/gen_dataset_NFW.py
# Title: notebooks/dev/sbi/sbi_ds/ds_nbody/gen_dataset_NFW.py (simulation-based-inference training set: samples and scores)
# Cut: the numpyro simulator run_simulation (10,000-particle Odisseo run) is imported; kept get_samples_and_scores and the driver loop that
#      writes one .npz per draw; the 'density' score branch and the two-device sharding branch dropped.
#      The parent commit used batch_size = 4; this commit lowered it to 1.
import time
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import random
from numpyro.handlers import condition, seed, trace

from nfw_simulator import run_simulation  # numpyro model around odisseo.time_integration, N_particles=10_000, 1000 steps


def get_samples_and_scores(
    model,
    key,
    batch_size=1,
    score_type="conditional",
    thetas=None,
    with_noise=True,
):
    """Handling function sampling and computing the score from the model."""

    params_name = ["t_end", "Mtot_plummer", "a_plummer", "M_NFW", "r_s"]

    def log_prob_fn(theta, key):
        cond_model = seed(model, key)
        cond_model = condition(
            cond_model,
            {
                "t_end": theta[0],
                "Mtot_plummer": theta[1],
                "a_plummer": theta[2],
                "M_NFW": theta[3],
                "r_s": theta[4],
            },
        )
        model_trace = trace(cond_model).get_trace()

        sample = {
            "theta": jnp.stack(
                [model_trace[name]["value"] for name in params_name], axis=-1
            ),
            "y": jnp.stack( [model_trace["parallax"]["value"],
                             model_trace["b"]["value"],
                             model_trace["l"]["value"],
                             model_trace["v_r"]["value"],
                             model_trace["mu_b"]["value"],
                             model_trace["mu_l"]["value"]], axis=1)
        }

        logp = 0
        if with_noise:
            logp_ = 0.
            for name in ["parallax", "b", "l", "v_r", "mu_b", "mu_l"]:
                logp_ += (
                    model_trace[name]["fn"]
                    .log_prob(jax.lax.stop_gradient(model_trace[name]["value"]))
                    .sum()
                ) #take the product over the observables
            logp += logp_

        for name in ["e", "costheta", "phi"]:
            logp += model_trace[name]["fn"].log_prob(model_trace[name]["value"]).sum()

        return logp, sample

    # Split the key by batch
    keys = jax.random.split(key, batch_size)

    # Sample theta from the model
    if thetas is None:

        @jax.vmap
        def get_params(key):
            model_trace = trace(seed(model, key)).get_trace()
            thetas = jnp.stack(
                [model_trace[name]["value"] for name in params_name], axis=-1
            )
            return thetas

        thetas = get_params(keys)

    return jax.vmap(jax.value_and_grad(log_prob_fn, has_aux=True))(thetas, keys)


model = partial(
    run_simulation,
    key = random.PRNGKey(0),
    sigma=jnp.ones((6,)) * 0.1,
    with_noise=True,
)

print('Beginning sampling...')
start_time = time.time()
batch_size = 1
num_chunks = 70_000
name_str = 65_971
for i in range(name_str, num_chunks, batch_size):
    (log_prob, sample), score = get_samples_and_scores(
                                    model,
                                    batch_size=batch_size,
                                    key=random.PRNGKey(i),
                                )
    for j in range(batch_size):
        # Save the samples and scores
        np.savez_compressed(f"/export/data/vgiusepp/odisseo_data/data/data_NFW/chunk_{name_str:06d}.npz",
                             theta=sample["theta"][j],
                               x=sample["y"][j],
                                 score=score[j])
        name_str += 1
        print('chunk', name_str-1)
end_time = time.time()
print("Time taken to sample in seconds:", end_time - start_time)
