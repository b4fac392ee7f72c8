# Source: https://github.com/kmcho2019/purejaxrl_Analog_RL/blob/c2b92c250658fa1927e6d87bc204d946ec42c8f8/purejaxrl/Custom_analog_environment_ppo_continuous_action.py
# Title: purejaxrl/Custom_analog_environment_ppo_continuous_action.py (figure-of-merit reward and its numpy reference check)
# Cut: notebook cells for the jnp reward and the numpy reference kept; compute_reward takes the constraint and
#      denormalisation arrays as arguments instead of building them from the EnvParams tuples.
import numpy as np
import jax.numpy as jnp


def compute_reward(model_output, constraints, denormalize_params_min, denormalize_params_max, weights) -> float:
    # Uses FoM metric for reward
    model_output = ((2 * (model_output - denormalize_params_min)) / (denormalize_params_max - denormalize_params_min)) - 1
    out = denormalize_params_min + (((model_output + 1.0) * (denormalize_params_max - denormalize_params_min)) / 2.0)

    # Calculate scaled differences from constraints
    scaled_diffs = jnp.where(
        constraints[:, 1] == 1,
        jnp.clip((out[:-1] - constraints[:, 0]) / constraints[:, 0], 0, 1),
        jnp.clip((constraints[:, 0] - out[:-1]) / constraints[:, 0], 0, 1)
    )
    # Append out[-1] to scaled_diffs
    scaled_diffs = jnp.append(scaled_diffs, out[-1])

    # Apply weights and sum
    weighted_diffs = weights * scaled_diffs
    FoM = jnp.sum(weighted_diffs)

    # Convert FoM to a reward
    reward = -1 * FoM

    return reward


# Reference FoM implementation
# Measure array
Measure = np.array([
    1.738700e+08,  # ugf
    1.342800e+02,  # pm
    6.144200e-08,  # dc_gain
    9.234700e+01,  # cmrr
    6.605900e+01,  # psrr
    1.114900e+02,  # os
    1.798600e+00,  # upper_trig
    1.779000e-02,  # lower_trig
    5.159700e-04   # pwr
])

# Weights for each measurement
weights = np.array([1, 0, 1, 1, 1, 1, 1, 1, 1])

# Constraints
constraints = np.array([
    [30e6, 0],      # ugf
    [60, 0],        # pm
    [100e-9, 1],    # dc_gain
    [80, 0],        # cmrr
    [60, 0],        # psrr
    [80, 0],        # os
    [1.5, 0],       # upper_trig
    [30e-3, 1]      # lower_trig
])

# Calculate FoM
accum = 0
len_constraints = len(constraints)
for i in range(len_constraints):
    if constraints[i][1] == 1:
        accum += weights[i] * min(1.0, max(0.0, (Measure[i] - constraints[i][0]) / constraints[i][0]))
    else:
        accum += weights[i] * min(1.0, max(0.0, (constraints[i][0] - Measure[i]) / constraints[i][0]))

FoM_out = accum + Measure[len_constraints]  # Adding the pwr value
