# Source: https://github.com/probcomp/genjax/blob/b8a6b95ecfafb3d397f3184a9572e59bd9068837/examples/localization/core.py
# Title: examples/localization/core.py
# Cut: geometry helpers, generative model and later filter variants removed; run_particle_filter kept whole (it imports rejuvenation_smc itself); module-level import of it and stand-ins for Pose and localization_model added

"""
Localization case study using GenJAX.

Simplified probabilistic robot localization with particle filtering.
Focuses on the probabilistic aspects without complex physics.
"""

import jax
import jax.numpy as jnp
import jax.random as jrand
from genjax import gen, normal, Pytree, seed, Vmap, Const, const

from genjax.inference import rejuvenation_smc

Pose = None  # dataclass defined earlier in the file
localization_model = None  # @gen model defined earlier in the file


def run_particle_filter(
    n_particles, observations, world, key, n_rays=8, collect_diagnostics=False
):
    """Run particle filter using rejuvenation_smc API.

    Args:
        n_particles: Number of particles to use
        observations: List of sensor observations
        world: World object
        key: Random key
        n_rays: Number of LIDAR rays
        collect_diagnostics: Whether to collect diagnostic weights from SMC

    Returns:
        particle_history: List of particle states over time
        weight_history: List of particle weights over time
        diagnostic_weights: Log normalized diagnostic weights [T, n_particles] if collect_diagnostics=True, else None
    """
    # Import rejuvenation_smc
    from genjax.inference import rejuvenation_smc
    from genjax.core import const

    # Prepare observations for rejuvenation_smc API
    # The model generates poses and observes from them, so observations[t] should correspond to
    # the observation taken from the pose generated at timestep t
    # observations is a list of n_rays-element arrays (LIDAR measurements)

    # With Vmap, we need to structure this as {"measurements": {"distance": [T, n_rays]}}
    obs_array = jnp.array(observations)  # Shape: (T, n_rays)

    # rejuvenation_smc expects nested dict format for Vmap
    obs_sequence = {"measurements": {"distance": obs_array}}  # Shape: (T, n_rays)

    # Initial arguments for localization_model: (prev_pose, time_index, world, n_rays)
    # For t=0, prev_pose is dummy (will be ignored), time_index starts at 0
    dummy_pose = Pose(x=0.0, y=0.0, theta=0.0)  # Dummy - ignored for t=0
    initial_args = (
        dummy_pose,
        jnp.array(0),
        world,
        const(n_rays),
    )  # (prev_pose, time_index, world, n_rays)

    print(f"Running rejuvenation_smc with {n_particles} particles...")

    # Run rejuvenation_smc
    particles_smc = seed(rejuvenation_smc)(
        key,
        localization_model,  # model
        observations=obs_sequence,  # observations
        initial_model_args=initial_args,  # initial_model_args
        n_particles=const(n_particles),  # n_particles
        return_all_particles=const(
            True
        ),  # return_all_particles=True to get all timesteps
    )

    print("Particle filter completed successfully!")

    # Extract particle history from result - now includes all timesteps!
    all_traces = particles_smc.traces  # Shape: [T, n_particles, ...]
    all_weights = particles_smc.log_weights  # Shape: [T, n_particles]

    # Convert traces back to Pose objects for all timesteps
    choices = all_traces.get_choices()
    n_timesteps = choices["x"].shape[0]  # Number of timesteps

    print(f"Extracted {n_timesteps} timesteps of particle history")

    # Extract per-timestep particle Pose objects for downstream plotting
    particle_history = []
    for t in range(n_timesteps):
        timestep_particles = []
        for i in range(n_particles):
            pose = Pose(
                x=float(choices["x"][t, i]),
                y=float(choices["y"][t, i]),
                theta=float(choices["theta"][t, i]),
            )
            timestep_particles.append(pose)
        particle_history.append(timestep_particles)

    # Vectorized weight processing
    # Convert from log weights and normalize
    weights = jnp.exp(all_weights)  # Shape: (n_timesteps, n_particles)
    weight_sums = jnp.sum(weights, axis=1, keepdims=True)  # Shape: (n_timesteps, 1)
    normalized_weights = weights / weight_sums  # Shape: (n_timesteps, n_particles)

    # Store per-timestep normalized weights as a list
    weight_history = [normalized_weights[t] for t in range(n_timesteps)]

    # Extract diagnostic weights if requested
    diagnostic_weights_history = None
    if collect_diagnostics:
        diagnostic_weights_history = (
            particles_smc.diagnostic_weights
        )  # Shape: [T, n_particles]

    return particle_history, weight_history, diagnostic_weights_history
