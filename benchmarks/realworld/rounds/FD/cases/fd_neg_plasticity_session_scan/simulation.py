# Source: https://github.com/ArseniyPelevin/RNN_plasticity_inference/blob/45167b0c2ed985d5a540daa7e151d27100540ae7/simulation.py
# Title: simulation.py (RNN_plasticity_inference: meta-learning synaptic plasticity rules)
# Cut: docstrings shortened; simulate_step and simulate_trajectory otherwise as in the source.

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def simulate_step(network, step_variables, plasticity, returns):
    """ Simulate network activity and outputs in one time step. """

    network, *activity = network(step_variables, plasticity)

    # Construct dictionary of step outputs asked for return.
    # Will be stacked to form trajectory in scans
    output_data = {}
    for i, name in enumerate(('xs', 'ys', 'outputs', 'decisions', 'rewards')):
        if name in returns:
            output_data[name] = activity[i]

    if 'weights' in returns:
        output_data['weights'] = {}
        # Only return trajectories of plastic weights (from updated weights)
        if "ff" in network.cfg.plasticity_layers:
            output_data['weights']['w_ff'] = network.ff_layer.weight
        if "rec" in network.cfg.plasticity_layers:
            output_data['weights']['w_rec'] = network.rec_layer.weight
            output_data['weights']['b_rec'] = network.rec_layer.bias

    return (network, activity[1]), output_data

@eqx.filter_jit
def simulate_trajectory(
    key,
    exp,
    x_input,
    network,
    plasticity,
    returns
    ):
    """ Simulate trajectory of activations (and weights) of one experiment (animal).

    x_input (N_sessions, N_steps_per_session_max, N_x_neurons): Input without noise.
    """
    # Pre-split keys for each session and step
    y_key, exp_key = jax.random.split(key)
    n_sessions = exp.step_mask.shape[0]
    n_steps = exp.step_mask.shape[1]
    y_keys = jax.random.split(y_key, n_sessions)  # For initial y of each session
    flat_keys = jax.random.split(exp_key, n_sessions * n_steps * 2)  # Two keys per step
    exp_keys = flat_keys.reshape((n_sessions, n_steps, 2) + exp_key.shape)

    def simulate_session(network, session_variables):
        """ Simulate trajectory of weights and activations within one session. """
        def _simulate_step(step_carry, step_variables):
            # step_carry: (network, y_old)
            # step_variables: (x_input, rewarded_pos, valid, step_keys)
            network, y_old = step_carry
            step_variables = (y_old, *step_variables)
            return simulate_step(network, step_variables, plasticity, returns)

        *session_variables, y_key = session_variables
        # Initialize y activity at start of session
        # init_y = jax.random.normal(y_key, (network.cfg.num_y_neurons,))
        # init_y = jax.nn.sigmoid(init_y)  # Initial activity between 0 and 1
        init_y = jnp.zeros((network.cfg.num_y_neurons,))  # Start with zero activity

        # Run inner scan over steps within one session
        (network, _), session_output = jax.lax.scan(
            _simulate_step, (network, init_y), session_variables)

        return network, session_output

    # Reset running averages in the network at the start of simulation
    network = eqx.tree_at(
        lambda n: (n.mean_y_activation, n.expected_reward),
        network,
        (jnp.zeros((network.cfg.num_y_neurons,)), 0.0),
        )

    # Run outer scan over sessions within one experiment
    _carry, activity_trajec_exp = jax.lax.scan(
        simulate_session,
        network,
        (x_input,
         exp.rewarded_pos,
         exp.step_mask,
         exp_keys,
         y_keys)
    )

    # Zero out padding steps in trajectories
    for name, traj in activity_trajec_exp.items():
        if name != 'weights':
            activity_trajec_exp[name] = (traj * exp.step_mask[..., None]
                                         if name in ['xs', 'ys']
                                         else traj * exp.step_mask)
    return activity_trajec_exp
