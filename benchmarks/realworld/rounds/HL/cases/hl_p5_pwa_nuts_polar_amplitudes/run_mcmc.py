# Source: https://github.com/lan13005/PyAmpTools/blob/680750ab414c57c3cff1d2fb35d5ed34f3f6ef1c/bin/run_mcmc.py
# Title: bin/run_mcmc.py (NUTS sampling of partial-wave amplitudes in one mass bin)
# Cut: kept the polar-coordinate branch of MCMCManager.create_model (use_phase_param='tan'), the jitted
#      objective set-up and the NUTS/MCMC call of worker_function; the cartesian priors, von Mises phases,
#      post-processing, multiprocessing and argument parsing are dropped.
import jax
import jax.numpy as jnp
from jax import jit, vmap
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS


class MCMCManager:

    def set_bin(self, bin_idx):
        self.objective_fn = jit(self.obj.objective)

    def create_model(self, use_log_magnitudes=False):
        """Create the MCMC model, i.e. the prior distribution"""

        def model():

            """Do not include batch dimension in the sampling"""

            if use_log_magnitudes:
                magnitudes = numpyro.sample(
                    "magnitudes",
                    dist.Normal(loc=jnp.zeros(len(self.waveNames)), scale=jnp.log(self.prior_scale))
                )
            else:
                magnitudes = numpyro.sample(
                    "magnitudes",
                    dist.HalfNormal(scale=self.prior_scale * jnp.ones(len(self.waveNames)))
                )
            magnitudes = jnp.exp(magnitudes) if use_log_magnitudes else magnitudes

            # Identify free phase parameters - exclude reference waves
            free_phase_indices = jnp.array([i for i in range(len(self.waveNames)) if i not in self.ref_indices])

            # Sample unbounded parameters for non-reference waves
            phase_params_free = numpyro.sample(
                "phase_params",
                dist.Normal(loc=jnp.zeros(len(self.waveNames) - len(self.ref_indices)),
                            scale=jnp.ones(len(self.waveNames) - len(self.ref_indices)))
            )
            # Convert back to phases
            free_phases = 2 * jnp.arctan(phase_params_free)

            phases = jnp.zeros(len(self.waveNames))
            phases = phases.at[free_phase_indices].set(free_phases)

            real_parts = magnitudes * jnp.cos(phases)
            imag_parts = magnitudes * jnp.sin(phases)

            # Move into cartesian coordinates for objective function
            params = jnp.zeros(self.nPars)
            for i in range(len(self.waveNames)):
                params = params.at[2*i].set(real_parts[i])
                params = params.at[2*i+1].set(imag_parts[i])

            ##### Return objective value
            # Handle both batched and non-batched cases (multi-chain or not)
            if params.ndim > 1:
                batched_objective_fn = vmap(self.objective_fn)
                nll = batched_objective_fn(params)
            else:
                nll = self.objective_fn(params)

            numpyro.factor("likelihood", -nll)

        return model


def worker_function(worker_mcmc, seed, chain_idx):
    rng_key = jax.random.PRNGKey(seed + chain_idx)
    nuts_kernel = NUTS(
        worker_mcmc.model,
        target_accept_prob=worker_mcmc.target_accept_prob,
        max_tree_depth=worker_mcmc.max_tree_depth,
    )
    mcmc = MCMC(nuts_kernel, num_warmup=worker_mcmc.n_warmup, num_samples=worker_mcmc.n_samples, num_chains=1)
    mcmc.run(rng_key)
    return mcmc
