# Source: https://github.com/CristianManta/partial-cliques/blob/5346e30dbc79d29824bab41bdcdea6a5f347a765/train.py
# Title: train.py (CristianManta/partial-cliques)
# Cut: only the training loop of main() kept (set-up, plotting and evaluation branch removed); it calls act, env.step and the jitted step.
import numpy as np
from tqdm import trange
from dag_gflownet.utils.jraph_utils import to_graphs_tuple


def main(args, gflownet, env, replay, params, state, key, rng, full_cliques, exploration_schedule, observations):
    with trange(args.prefill + args.num_iterations, desc="Training") as pbar:
        for iteration in pbar:
            # Sample actions, execute them, and save transitions in the replay buffer
            epsilon = exploration_schedule(iteration)
            observations["graphs_tuple"] = to_graphs_tuple(
                full_cliques, observations["gfn_state"], args.K, args.x_dim
            )
            actions, key, logs = gflownet.act(
                params, key, observations, epsilon, args.x_dim, args.K, temperature=2.0
            )  # TODO:
            next_observations, energies, dones = env.step(actions)
            replay.add(  # TODO:
                observations,
                actions,
                logs["is_exploration"],
                next_observations,
                energies,
                dones,
            )

            if dones[0][0]:
                observations = env.reset()
            else:
                observations = next_observations

            if iteration >= args.prefill:
                # Update the parameters of the GFlowNet
                samples = replay.sample(batch_size=args.batch_size, rng=rng)
                params, state, logs, key = gflownet.step(
                    params, state, samples, args.x_dim, args.K, key
                )

    return params, state
