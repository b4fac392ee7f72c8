# Source: https://github.com/CristianManta/partial-cliques/blob/5346e30dbc79d29824bab41bdcdea6a5f347a765/train.py
# Title: train.py (CristianManta/partial-cliques)
# Cut: only the periodic evaluation block of the training loop kept (wrapped in a function); it samples 100 trajectories
#      with act/env.step and calls compute_reverse_kl on the host.
import numpy as np
import jax.numpy as jnp
from dag_gflownet.utils.jraph_utils import to_graphs_tuple


def evaluate(args, gflownet, eval_env, params, key, epsilon, full_cliques, x_factors_values, true_ugm):

    if (train_steps) % args.evaluate_every == 0:
        # evaluete the GFN by sampling complete trajectories
        eval_full_trajectories = []
        eval_logpf = []
        eval_logz = []
        eval_log_marginal = []
        eval_obs = eval_env.reset()
        for _ in range(100):
            logpf = 0.0
            logz = 0.0
            eval_obs["graphs_tuple"] = to_graphs_tuple(
                full_cliques, eval_obs["gfn_state"], args.K, args.x_dim
            )
            actions, key, logs = gflownet.act(
                params,
                key,
                eval_obs,
                epsilon,
                args.x_dim,
                args.K,
                temperature=1.0,
            )
            eval_obs, energies, dones = eval_env.step(actions)
            logpf += logs["logpf"]
            logz += logs["logz"]

            if dones[0][0]:
                eval_full_trajectories.append(eval_obs["gfn_state"][0][1])
                eval_logpf.append(logpf)
                eval_logz.append(logz)
                eval_log_marginal.append(
                    np.log(
                        x_factors_values[
                            tuple(
                                [
                                    eval_obs["gfn_state"][0][1][i]
                                    for i in range(args.x_dim)
                                ]
                            )
                        ]
                    )
                )
                eval_obs = eval_env.reset()
                logpf = 0.0
        # calculate and print reverse KL
        reverse_kl = gflownet.compute_reverse_kl(
            full_observations=jnp.stack(eval_full_trajectories, axis=0),
            full_cliques=full_cliques,
            traj_pf=jnp.array(eval_logpf),
            log_marginal=jnp.array(eval_log_marginal),
            ugm_model=true_ugm,
        )
        print(f"Reverse KL: {reverse_kl}")
        return reverse_kl
