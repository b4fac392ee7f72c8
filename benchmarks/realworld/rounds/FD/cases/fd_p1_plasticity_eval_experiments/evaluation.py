# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/evaluation.py
# Title: evaluation.py (RNN_plasticity_inference: meta-learning synaptic plasticity rules)
# Cut: kept compute_loss_and_r2 (the jitted per-experiment loop); R2 helper shortened;
#      weight-R2 branch and logging dropped; losses.loss reproduced in losses.py.
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np

import losses


def evaluate_r2_score(step_mask, exp_values, model_values):
    exp_values = exp_values[step_mask]
    model_values = model_values[step_mask]
    mean_exp = jnp.mean(exp_values, axis=0)
    ss_res = jnp.sum((exp_values - model_values) ** 2)
    ss_tot = jnp.sum((exp_values - mean_exp) ** 2)
    return 1 - ss_res / ss_tot


@eqx.filter_jit
def compute_loss_and_r2(key, plasticity, experiments, cfg,
                        thetas, w_init):
    """ Compute loss and R2 scores for one model variant on all test experiments.

    experiments (list): List of Experiment objects for evaluation, all padded to
        the same (max_sessions, max_steps) shapes by define_experiments_shapes.
    """
    keys = jax.random.split(key, len(experiments))

    params = {'thetas': thetas, 'w_init_learned': w_init}

    metrics = {metric: [] for metric in ['loss', 'MSE', 'BCE', 'r2_y']}
    # Compute loss and R2 score for each experiment
    for exp_i, exp in enumerate(experiments):
        # Compute test loss and R2 score
        loss, aux = losses.loss(
            params,  # Current params on each iteration
            keys[exp_i],
            exp,
            plasticity,
            cfg,  # Static within losses
            returns=('ys',)
        )

        step_mask = exp.step_mask.ravel().astype(bool)

        exp_activity = exp.data['ys']
        model_activity = aux['trajectories']['ys']
        exp_activity = exp_activity.reshape(
            int(np.prod(exp_activity.shape[:2])), -1)
        model_activity = model_activity.reshape(
            int(np.prod(model_activity.shape[:2])), -1)
        r2_neural = evaluate_r2_score(step_mask, exp_activity, model_activity)

        metrics['loss'].append(loss)
        metrics['MSE'].append(aux['neural'])
        metrics['BCE'].append(aux['behavioral'])
        metrics['r2_y'].append(r2_neural)

    return {k: jnp.array(v) for k, v in metrics.items()}
