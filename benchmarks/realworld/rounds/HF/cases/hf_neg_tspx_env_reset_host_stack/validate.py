# Source: https://github.com/johnnycrab/tspx/blob/da27f29696e4f4d4fa69c0ee0fdc1b18c9e042d9/main.py
# Title: main.py (validation part of the epoch driver), johnnycrab/tspx
# Cut: the host-side validation loop that calls batch_env_reset_and_visit_first per batch of instance
# indices and then the jitted greedy rollout; reconstructed around the author's lines, logging dropped.
from tqdm import tqdm

from env_utils import batch_env_reset_and_visit_first


def validate(model, sharding, tsp_env, idcs, validation_batch_size, batch_greedy_rollout):
    idx_batches = [idcs[i*validation_batch_size: (i+1)*validation_batch_size] for i in range(len(idcs) // validation_batch_size)]
    tour_lengths = []
    for i in (progress_bar := tqdm(range(len(idx_batches)))):
        states, timesteps = batch_env_reset_and_visit_first(tsp_env, idx_batches[i])
        final_states, final_timesteps, _ = batch_greedy_rollout(model, sharding, tsp_env, states, timesteps)
        tour_lengths.extend((-final_timesteps.reward).tolist())
    return tour_lengths
