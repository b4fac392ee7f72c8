# Source: https://github.com/tristandeleu/jax-jsp-gfn/blob/d53b3b6fbf97c090d6465a12da509ec24b60f190/train.py
# Title: train.py (tristandeleu/jax-jsp-gfn)
# Cut: main() kept from data loading to the posterior estimate; wandb artifact download, argument parser and result saving removed.
import jax.numpy as jnp
import numpy as np
import optax
import jax
from tqdm import trange
from numpy.random import default_rng

from dag_gflownet.env import GFlowNetDAGEnv
from dag_gflownet.gflownet import DAGGFlowNet
from dag_gflownet.utils.replay_buffer import ReplayBuffer
from dag_gflownet.utils.factories import get_model, get_model_prior
from dag_gflownet.utils.gflownet import posterior_estimate
from dag_gflownet.utils.jraph_utils import to_graphs_tuple
from dag_gflownet.utils.data import load_artifact_continuous


def main(args):
    api = wandb.Api()

    rng = default_rng(args.seed)
    key = jax.random.PRNGKey(args.seed)
    key, subkey = jax.random.split(key)
    train, valid, graph = load_artifact_continuous(artifact_dir)
    train_jnp = jax.tree_util.tree_map(jnp.asarray, train)


    # Create the environment
    env = GFlowNetDAGEnv(
        num_envs=args.num_envs,
        num_variables=train.data.shape[1],
        max_parents=args.max_parents
    )

    # Create the replay buffer
    replay = ReplayBuffer(
        args.replay_capacity,
        num_variables=env.num_variables,
    )

    # Create the model
    if 'obs_noise' not in artifact.metadata['cpd_kwargs']:
        if args.obs_scale is None:
            raise ValueError('The obs_noise is not defined in the artifact, '
                'therefore is must be set as a command argument `--obs_scale`.')
        obs_scale = args.obs_scale
    else:
        obs_scale = artifact.metadata['cpd_kwargs']['obs_noise']
    prior_graph = get_model_prior(args.prior, artifact.metadata, args)
    model = get_model(args.model, prior_graph, train_jnp, obs_scale)

    # Create the GFlowNet & initialize parameters
    gflownet = DAGGFlowNet(
        model=model,
        delta=args.delta,
        num_samples=args.params_num_samples,
        update_target_every=args.update_target_every,
        dataset_size=train_jnp.data.shape[0],
        batch_size=args.batch_size_data,
    )

    optimizer = optax.adam(args.lr)
    params, state = gflownet.init(
        subkey,
        optimizer,
        replay.dummy['graph'],
        replay.dummy['mask']
    )

    exploration_schedule = jax.jit(optax.linear_schedule(
        init_value=jnp.array(0.),
        end_value=jnp.array(1. - args.min_exploration),
        transition_steps=args.num_iterations // 2,
        transition_begin=args.prefill,
    ))

    # Training loop
    indices = None
    observations = env.reset()
    normalization = jnp.array(train_jnp.data.shape[0])

    with trange(args.prefill + args.num_iterations, desc='Training') as pbar:
        for iteration in pbar:
            # Sample actions, execute them, and save transitions in the replay buffer
            epsilon = exploration_schedule(iteration)
            observations['graph'] = to_graphs_tuple(observations['adjacency'])
            actions, key, logs = gflownet.act(params.online, key, observations, epsilon, normalization)
            next_observations, delta_scores, dones, _ = env.step(np.asarray(actions))
            indices = replay.add(
                observations,
                actions,
                logs['is_exploration'],
                next_observations,
                delta_scores,
                dones,
                prev_indices=indices
            )
            observations = next_observations

            if iteration >= args.prefill:
                # Update the parameters of the GFlowNet
                samples = replay.sample(batch_size=args.batch_size, rng=rng)
                params, state, logs = gflownet.step(params, state, samples, train_jnp, normalization)

                pbar.set_postfix(loss=f"{logs['loss']:.2f}")

    # Evaluate the posterior estimate
    posterior, logs = posterior_estimate(
        gflownet,
        params.online,
        env,
        key,
        train_jnp,
        num_samples=args.num_samples_posterior,
        desc='Sampling from posterior'
    )

