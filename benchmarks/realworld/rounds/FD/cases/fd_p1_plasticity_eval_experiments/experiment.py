# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/experiment.py
# Title: experiment.py (RNN_plasticity_inference)
# Cut: kept generate_experiments and define_experiments_shapes, which pad every experiment to the
#      same (max_sessions, max_steps) so all Experiment modules share array shapes.
import equinox as eqx
import jax
import jax.numpy as jnp
import plasticity
from utils import sample_truncated_normal


def generate_experiments(key, cfg, mode, num_exps=None):
    """ Generate all experiments/trajectories.

    Args:
        key (jax.random.PRNGKey): Random key for generating random numbers.
        cfg (dict): Configuration dictionary of experiment parameters.
        mode: "train" or "test", decides if weight trajectories are returned.

    Returns:
        experiments (list): List of Experiment objects.
    """
    if num_exps is None:
        if mode == "train":
            num_exps = cfg.experiment.num_exp_train
        elif mode == "test":
            num_exps = cfg.experiment.num_exp_test
    print(f"\nGenerating {num_exps} {mode} trajectories")

    # Presplit keys for each experiment
    (plasticity_gen_key,
     w_init_key,
     shapes_key,
     *experiment_keys) = jax.random.split(key, num_exps + 3)

    # Define number of sessions, trials, steps for all experiments
    shapes, step_masks = define_experiments_shapes(shapes_key, num_exps, cfg.experiment)

    # Initialize plasticity for generation
    plasticity_gen = plasticity.initialize_plasticity(
        plasticity_gen_key, cfg.plasticity, mode='generation', init_scale=0.0)

    # Build list of experiment dicts
    experiments_list = []
    for exp_i in range(num_exps):
        exp = Experiment(
            experiment_keys[exp_i],
            exp_i,
            shapes, step_masks[exp_i],
            plasticity_gen,
            cfg,
            mode
        )
        experiments_list.append(exp)
        print(f"Generated {mode} experiment {exp_i} with {shapes[0][exp_i]} sessions")

    return experiments_list

def define_experiments_shapes(key, num_exps, cfg):
    """ Define number of sessions, trials, and steps for all experiments.
    Also create step mask for all sessions in all experiments.

    Args:
        key: JAX random key.
        num_exps: Number of experiments.
        cfg: Configuration dictionary.

    Returns:
        shapes: Tuple of arrays:
            num_sessions: (num_experiments,),
            num_trials: (num_experiments, max_sessions),
            num_steps: (num_experiments, max_sessions, max_trials),
        step_mask (bool): array (num_experiments, max_sessions, max_steps_per_session)
    """
    sess_key, tr_key, st_key = jax.random.split(key, 3)

    # Define number of sessions in all experiments given mean and std
    num_sessions = sample_truncated_normal(
        sess_key,
        cfg.mean_num_sessions, cfg.std_num_sessions,
        num_exps
    )
    max_sessions = int(num_sessions.max())

    # Define number of trials in all sessions of all experiments
    num_trials = sample_truncated_normal(
        tr_key,
        cfg.mean_trials_per_session, cfg.std_trials_per_session,
        (num_exps, max_sessions)
    )
    sessions_idx = jnp.arange(max_sessions)[None, :]  # (1, max_sessions)
    sessions_mask = sessions_idx < num_sessions[:, None]  # (num_exps, max_sessions)
    num_trials = num_trials * sessions_mask  # Zero for nonexistent sessions
    max_trials = int(num_trials.max())

    # Define number of steps in all trials of all sessions of all experiments
    num_steps = sample_truncated_normal(
        st_key,
        cfg.mean_steps_per_trial, cfg.std_steps_per_trial,
        (num_exps, max_sessions, max_trials)
    )
    trials_idx = jnp.arange(max_trials)[None, None, :]  # (1,1,max_trials)
    trial_mask = trials_idx < num_trials[:, :, None]  # (num_exps, max_sess, max_trials)
    num_steps = num_steps * trial_mask  # Zero for nonexistent trials

    # Create step mask for all sessions in all experiments
    steps_per_session = jnp.sum(num_steps, axis=2)  # (num_experiments, max_sessions)
    max_steps_per_session = int(steps_per_session.max())  # scalar
    # (num_experiments, max_sessions, max_steps_per_session)
    step_mask = (jnp.arange(max_steps_per_session)[None, None, :]  # (1,1,max_steps)
                 < steps_per_session[:, :, None])

    return (num_sessions, num_trials, num_steps), step_mask

class Experiment(eqx.Module):
    exp_i: int
    cfg: object = eqx.field(static=True)
    network: eqx.Module
    w_init_gen: jnp.array
    w_init_train: jnp.array
    step_mask: jnp.array
    x_input: jnp.array
    rewarded_pos: jnp.array
    data: dict
    weights_trajec: dict = None  # Only for test experiments
