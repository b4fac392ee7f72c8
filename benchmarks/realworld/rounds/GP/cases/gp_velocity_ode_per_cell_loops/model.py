# Source: https://github.com/pinellolab/pyrovelocity/blob/f9cd75254a085e02590122bafcf2912fbb6c4e87/src/pyrovelocity/models/jax/core/model.py
# Title: src/pyrovelocity/models/jax/core/model.py and inference/svi.py (NumPyro RNA velocity model, SVI)
# Cut: velocity_model reduced to the per-gene/per-cell sampling and the dynamics call; create_model
#      reduced to the dynamics selection; the SVI construction and run from inference/svi.py
#      (create_svi, run_svi_inference) condensed into fit().
import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
import optax
from numpyro.infer import SVI, Trace_ELBO
from numpyro.infer.autoguide import AutoNormal

from dynamics import dynamics_ode_model, nonlinear_dynamics_model


def velocity_model(u_obs, s_obs, dynamics_fn, latent_time=True):
    # Get dimensions
    num_cells, num_genes = u_obs.shape

    with numpyro.plate("gene", num_genes):
        alpha = numpyro.sample("alpha", dist.LogNormal(0.0, 1.0))
        beta = numpyro.sample("beta", dist.LogNormal(0.0, 1.0))
        gamma = numpyro.sample("gamma", dist.LogNormal(0.0, 1.0))

    # Sample latent time for each cell
    if latent_time:
        with numpyro.plate("cell", num_cells):
            tau = numpyro.sample("tau", dist.Normal(0.0, 1.0))
    else:
        tau = jnp.linspace(0.0, 1.0, num_cells)
        numpyro.deterministic("tau", tau)

    # Initial conditions (steady state)
    u0 = alpha / beta
    s0 = alpha / gamma

    # tau has shape (num_cells,), parameters have shape (num_genes,)
    tau_expanded = tau[:, jnp.newaxis]  # Shape: (num_cells, 1)
    u0_expanded = u0[jnp.newaxis, :]  # Shape: (1, num_genes)
    s0_expanded = s0[jnp.newaxis, :]  # Shape: (1, num_genes)

    expanded_params = {
        "alpha": alpha[jnp.newaxis, :],
        "beta": beta[jnp.newaxis, :],
        "gamma": gamma[jnp.newaxis, :],
    }

    # Apply dynamics model to get expected counts
    u_expected, s_expected = dynamics_fn(
        tau_expanded, u0_expanded, s0_expanded, expanded_params
    )

    with numpyro.plate("cell_gene", num_cells * num_genes, dim=-1):
        numpyro.sample("u_obs", dist.Poisson(u_expected.reshape(-1)), obs=u_obs.reshape(-1))
        numpyro.sample("s_obs", dist.Poisson(s_expected.reshape(-1)), obs=s_obs.reshape(-1))


def create_model(dynamics="ode"):
    # Select dynamics function
    if dynamics == "nonlinear":
        dynamics_fn = nonlinear_dynamics_model
    elif dynamics == "ode":
        dynamics_fn = dynamics_ode_model
    else:
        raise ValueError(f"Unknown dynamics type: {dynamics}")

    def model_fn(u_obs, s_obs):
        return velocity_model(u_obs, s_obs, dynamics_fn)

    return model_fn


def fit(u_obs, s_obs, num_epochs=1000, learning_rate=0.01):
    model_fn = create_model("ode")
    guide = AutoNormal(model_fn)
    svi = SVI(model_fn, guide, optax.adam(learning_rate), Trace_ELBO())
    key = jax.random.PRNGKey(0)
    # SVI.run jit-compiles the ELBO and its gradient
    svi_result = svi.run(key, num_epochs, u_obs=u_obs, s_obs=s_obs)
    return svi_result.params, svi_result.losses
