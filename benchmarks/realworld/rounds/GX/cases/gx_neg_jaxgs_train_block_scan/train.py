# Source: https://github.com/ghif/jax-gs/blob/ae29f29e4e30ebb9ea0e7035de6dcdca14992472/train.py
# Title: train.py (train_block and the block loop of the 3DGS trainer)
# Cut: argument parsing, data loading, optimizer/density setup, densification, SH promotion,
#      checkpointing and logging removed; train_block body verbatim; the host loop cut to the call.
from functools import partial

import time

import jax
import jax.numpy as jnp
from tqdm import tqdm

from trainer import train_step


def train(state, rng, all_targets, all_w2cs, camera_static, optimizer, num_iterations,
          steps_per_block=100, fast_tpu_rasterizer=False):
    curr_sh_degree = 0

    @partial(jax.jit, static_argnums=(4, 5, 6, 7, 8))
    def train_block(state, rng_key, all_targets, all_w2cs, steps_per_block, camera_static, optimizer, fast_tpu_rasterizer, sh_degree):
        rng_key, subkey = jax.random.split(rng_key)
        idxs = jax.random.randint(subkey, (steps_per_block,), 0, all_targets.shape[0])
        batch_targets = all_targets[idxs]
        batch_w2cs = all_w2cs[idxs]

        def one_step(carry, inputs):
            state = carry
            target, w2c = inputs
            
            # Perform training step
            state, loss, metrics = train_step(state, target, w2c, camera_static, optimizer, fast_tpu_rasterizer=fast_tpu_rasterizer, sh_degree=sh_degree)
            
            return state, (loss, metrics)

        state, (losses, metrics) = jax.lax.scan(one_step, state, (batch_targets, batch_w2cs))
        avg_metrics = jax.tree_util.tree_map(lambda x: jnp.mean(x), metrics)
        avg_metrics["max_interactions_per_tile"] = jnp.max(metrics["max_interactions_per_tile"])
        avg_metrics["overflow_tiles"] = jnp.max(metrics["overflow_tiles"])
        avg_metrics["overflow_interactions"] = jnp.max(metrics["overflow_interactions"])
        avg_metrics["truncated_tiles"] = jnp.max(metrics["truncated_tiles"])
        avg_metrics["truncated_interactions"] = jnp.max(metrics["truncated_interactions"])
        avg_metrics["radius_cap_violations"] = jnp.max(metrics["radius_cap_violations"])
        return state, rng_key, losses, avg_metrics

    num_blocks = num_iterations // steps_per_block
    pbar = tqdm(range(num_blocks))
    curr_state = state
    curr_rng = rng

    for b in pbar:
        curr_iter = b * steps_per_block
        sh_degree = curr_sh_degree

        block_start = time.perf_counter()
        curr_state, curr_rng, losses, block_metrics = train_block(
            curr_state, curr_rng, all_targets, all_w2cs, 
            steps_per_block, camera_static, optimizer, fast_tpu_rasterizer, sh_degree
        )
        
        avg_loss = jnp.mean(losses)
        pbar.set_description(f"loss {avg_loss:.4f}")
    return curr_state
