# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/losses.py
# Title: losses.py (RNN_plasticity_inference)
# Cut: kept loss() header, theta application and the call into the scanned simulation;
#      regularisation and reinforcement branches dropped; simulate_trajectory stubbed by import.
import equinox as eqx
import jax
import jax.numpy as jnp

import simulation


def neural_mse_loss(exp_ys, model_ys, step_mask, recording_mask):
    mask = step_mask[..., None] * recording_mask
    se = jnp.square(exp_ys - model_ys) * mask
    return jnp.sum(se) / jnp.sum(mask)


@eqx.filter_jit
def loss(params, key, exp, plasticity, cfg, returns):
    """ Computes the total loss for the model on one experiment trajectory. """
    if 'thetas' in params:
        thetas = params['thetas']
        for layer in thetas:
            if plasticity[layer].coeff_mask is not None:  # If Volterra
                thetas[layer] *= plasticity[layer].coeff_mask
            plasticity[layer] = eqx.tree_at(lambda p: p.coeffs,
                                            plasticity[layer],
                                            thetas[layer])

    w_init_learned = params['w_init_learned'][exp.exp_i]
    network = exp.network.apply_weights(w_init_learned)

    simulated_data = simulation.simulate_trajectory(
        key, exp, exp.x_input, network, plasticity,
        returns=returns + ('ys',))

    neural_loss = neural_mse_loss(exp.data['ys'], simulated_data['ys'],
                                  exp.step_mask, exp.network.recording_mask)
    behavioral_loss = 0.0
    aux = {'trajectories': simulated_data,
           'neural': neural_loss, 'behavioral': behavioral_loss}
    return neural_loss + behavioral_loss, aux
