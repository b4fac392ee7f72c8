# Source: https://github.com/vepe99/Odisseo/blob/11ca1282f6dc6384e1bb76fe5be4d250254e85fd/notebooks/dev/albastross/NUMPYRO_stream_track_fit/AIES.py
# Title: notebooks/dev/albastross/NUMPYRO_stream_track_fit/AIES.py (GD-1 stream track fit with Odisseo)
# Cut: simulation setup, run_simulation and plotting dropped (run_simulation imported); kept the module-level observed stream,
#      the jitted stream log-likelihood that reads it, and the jitted value_and_grad of the log posterior.
import jax
import jax.numpy as jnp
from jax import jit
import numpy as np

from stream_sim import run_simulation, prior_bounds  # the jitted Odisseo forward model of the same script

# ----------------------------- Load observation & precompute target densities ----------------
true_GD1_observation_path = '/export/data/vgiusepp/odisseo_data/data_fix_position/true.npz'
_obs = np.load(true_GD1_observation_path)
stream_data = jnp.array(_obs['x']).reshape(1000, 6)  # will be used only to compute target densities
true_theta = jnp.array(_obs['theta'])


@jit
def stream_loglikelihood(stream_coordinate_com, ):
    stream_coordinate_com_backward, stream_coordinate_com_forward = stream_coordinate_com[0], stream_coordinate_com[1]
    phi1_min, phi1_max = -120, 70
    phi2_min, phi2_max = -8, 2

    # Create masks for valid time steps
    mask_window_backward = (stream_coordinate_com_backward[:, 0, 1] < phi1_max) & \
                          (stream_coordinate_com_backward[:, 0, 1] > phi1_min) & \
                          (stream_coordinate_com_backward[:, 0, 2] < phi2_max) & \
                          (stream_coordinate_com_backward[:, 0, 2] > phi2_min)

    mask_diff_backward = jnp.ediff1d(stream_coordinate_com_backward[:, 0, 1], to_begin=1) > 0

    mask_window_forward = (stream_coordinate_com_forward[:, 0, 1] < phi1_max) & \
                         (stream_coordinate_com_forward[:, 0, 1] > phi1_min) & \
                         (stream_coordinate_com_forward[:, 0, 2] < phi2_max) & \
                         (stream_coordinate_com_forward[:, 0, 2] > phi2_min)

    mask_diff_forward = jnp.ediff1d(stream_coordinate_com_forward[:, 0, 1], to_begin=-1) < 0

    # Combined time step masks
    valid_time_backward = mask_window_backward & mask_diff_backward
    valid_time_forward = mask_window_forward & mask_diff_forward

    # Create masked coordinates for interpolation (only valid time steps)
    phi1_backward_valid = jnp.where(valid_time_backward,
                                   stream_coordinate_com_backward[:, 0, 1],
                                   100000.)

    phi1_forward_valid = jnp.where(valid_time_forward,
                                  stream_coordinate_com_forward[:, 0, 1],
                                  100000.)

    # Stream data masks - which data points to use for each direction
    mask_stream_backward = stream_data[:, 1] > stream_coordinate_com_backward[0, 0, 1]
    mask_stream_forward = stream_data[:, 1] < stream_coordinate_com_forward[0, 0, 1]

    coord_indices=jnp.array([2, 3, 4, 5])

    def interpolate_coord_backward(coord_idx):

        coord_backward_valid = jnp.where(valid_time_backward,
                                   stream_coordinate_com_backward[:, 0, coord_idx],
                                   100000.0)

        return jnp.interp(
            stream_data[:, 1],
            phi1_backward_valid,
            coord_backward_valid
        )

    def interpolate_coord_forward(coord_idx):

        coord_forward_valid = jnp.where(valid_time_forward,
                                   stream_coordinate_com_forward[:, 0, coord_idx],
                                   100000.0)

        return jnp.interp(
            stream_data[:, 1],
            phi1_forward_valid,
            coord_forward_valid
        )

    # Apply interpolation to all coordinates
    interp_tracks_backward = jax.vmap(interpolate_coord_backward)(coord_indices)  # Shape: (n_coords, n_data)
    interp_tracks_forward = jax.vmap(interpolate_coord_forward)(coord_indices)  # Shape: (n_coords, n_data)

    # Calculate residuals for all coordinates
    data_coords = stream_data[:, coord_indices].T  # Shape: (n_coords, n_data)

    sigma = jnp.array([0.5, 10., 2., 2. ])

    # Calculate chi2 using only the appropriate data points for each direction
    residuals_backward = jnp.where(mask_stream_backward,
                                  (data_coords - interp_tracks_backward)/sigma[:, None],
                                  0.0)
    residuals_forward = jnp.where(mask_stream_forward,
                                 (data_coords - interp_tracks_forward)/sigma[:, None],
                                 0.0)

    chi2_backward = jnp.sum(residuals_backward**2)
    chi2_forward = jnp.sum(residuals_forward**2)

    chi2 = chi2_backward + chi2_forward

    n_valid = jnp.sum(mask_stream_backward) + jnp.sum(mask_stream_forward)
    log_norm = - 0.5*n_valid * jnp.sum(jnp.log(2 * jnp.pi * sigma**2))
    log_likelihood = -0.5 * chi2 + log_norm

    return log_likelihood


@jit
def evaluate_loglikelihood(theta_1, ):
        output = run_simulation(theta_1)
        return stream_loglikelihood(stream_coordinate_com=output, )


@jit
def evaluate_log_prior(theta):
    """Evaluate log prior density (uniform)."""
    in_bounds = jnp.all(jnp.array([
        (theta['M_NFW'] >= prior_bounds[0, 0]) & (theta['M_NFW'] <= prior_bounds[0, 1]),
        (theta['r_s'] >= prior_bounds[1, 0]) & (theta['r_s'] <= prior_bounds[1, 1]),
        (theta['M_MN'] >= prior_bounds[2, 0]) & (theta['M_MN'] <= prior_bounds[2, 1]),
        (theta['a_MN'] >= prior_bounds[3, 0]) & (theta['a_MN'] <= prior_bounds[3, 1]),
    ]))
    log_volume = jnp.sum(jnp.log(prior_bounds[:, 1] - prior_bounds[:, 0]))
    return jnp.where(in_bounds, -log_volume, -jnp.inf)


@jit
def evaluate_log_posterior_grad(theta):
    """Compute gradient of log posterior."""

    def log_posterior(theta):
        log_prior = evaluate_log_prior(theta)
        log_like = evaluate_loglikelihood(theta)
        return log_prior + log_like

    # Get both value and gradient
    log_post_val, grad = jax.value_and_grad(log_posterior)(theta)
    return log_post_val, grad
