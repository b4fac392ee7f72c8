# Source: https://github.com/tcallister/autoregressive-bbh-inference/blob/9f78be30139fa0fd81cf8ee8672814e3fa5b2f74/code/autoregressive_mass_models.py
# Title: code/autoregressive_mass_models.py (numpyro model: BBH mass spectrum as an AR(1) process)
# Cut: kept the lnm1 AR(1) construction of ar_lnm1_q (docstring shortened); the q process, spin/redshift
#      models and the hierarchical likelihood are dropped; build_ar1 copied from code/utilities.py.
import numpyro
import numpyro.distributions as dist
import jax.numpy as jnp
from jax import vmap,lax
import numpy as np


def build_ar1(total,new_element):
    """
    Helper function to iteratively construct an AR process, given a previous value and a new parameter/innovation pair. Used together with `jax.lax.scan`
    """
    c,w = new_element
    total = c*total+w
    return total,total


def ar_lnm1_q(sampleDict,injectionDict,full_lnm1_q_data,\
    lnm1_std_std,
    lnm1_ln_tau_mu,
    lnm1_ln_tau_std,
    lnm1_regularization_std):

    """
    Likelihood model in which the BBH ln(m1) and q distributions are described as AR(1) processes, for use within `numpyro`.
    """

    # Read complete list of sorted lnm1 samples and deltas between them
    # Additionally split deltas into those below and above our reference mass
    all_lnm1_samples = full_lnm1_q_data['all_lnm1_samples']
    lnm1_deltas = full_lnm1_q_data['lnm1_deltas']
    ind_m20 = full_lnm1_q_data['ind_m20']
    lnm1_deltas_low = lnm1_deltas[:ind_m20][::-1]
    lnm1_deltas_high = lnm1_deltas[ind_m20:]

    # Similarly read out list of sorted mass ratios and deltas
    all_q_samples = full_lnm1_q_data['all_q_samples']
    q_deltas = full_lnm1_q_data['q_deltas'][::-1]

    ###################################
    # Constructing our lnm1 AR1 process
    ###################################

    # First get variance of the process
    # We will sample from a half normal distribution, but override this with a quadratic prior
    # on the processes' standard deviation; see Eq. B1
    ar_lnm1_std = numpyro.sample("ar_lnm1_std",dist.HalfNormal(lnm1_std_std))

    # Next, the autocorrelation length
    log_ar_lnm1_tau = numpyro.sample("log_ar_lnm1_tau",dist.Normal(lnm1_ln_tau_mu,lnm1_ln_tau_std))
    ar_lnm1_tau = numpyro.deterministic("ar_lnm1_tau",jnp.exp(log_ar_lnm1_tau))

    # As discussed in Appendix B, we need a regularizing log-likelihood factor to help stabilize our inference; see Eq. B3
    numpyro.factor("lnm1_regularization",-(ar_lnm1_std/jnp.sqrt(ar_lnm1_tau))**2/(2.*lnm1_regularization_std**2))

    # Sample an initial rate density at the reference mass point
    # First draw un unscaled variable from N(0,1), then rescale by the standard deviation
    ln_f_lnm1_ref_unscaled = numpyro.sample("ln_f_lnm1_ref_unscaled",dist.Normal(0,1))
    ln_f_lnm1_ref = ln_f_lnm1_ref_unscaled*ar_lnm1_std

    # Generate forward steps and join to reference value, following the procedure outlined in Appendix A
    # First generate a sequence of unnormalized steps from N(0,1), then rescale to compute weights and innovations
    lnm1_steps_forward = numpyro.sample("lnm1_steps_forward",dist.Normal(0,1),sample_shape=(lnm1_deltas_high.size,))
    lnm1_phis_forward = jnp.exp(-lnm1_deltas_high/ar_lnm1_tau)
    lnm1_ws_forward = jnp.sqrt(-jnp.expm1(-2.*lnm1_deltas_high/ar_lnm1_tau))*(ar_lnm1_std*lnm1_steps_forward)
    final,ln_f_lnm1s_high = lax.scan(build_ar1,ln_f_lnm1_ref,jnp.transpose(jnp.array([lnm1_phis_forward,lnm1_ws_forward]))) 
    ln_f_lnm1s = jnp.append(ln_f_lnm1_ref,ln_f_lnm1s_high)

    # Generate backward steps and prepend to forward steps above following an analogous procedure
    lnm1_steps_backward = numpyro.sample("lnm1_steps_backward",dist.Normal(0,1),sample_shape=(lnm1_deltas_low.size,))
    lnm1_phis_backward = jnp.exp(-lnm1_deltas_low/ar_lnm1_tau)
    lnm1_ws_backward = jnp.sqrt(-jnp.expm1(-2.*lnm1_deltas_low/ar_lnm1_tau))*(ar_lnm1_std*lnm1_steps_backward)
    final,ln_f_lnm1s_low = lax.scan(build_ar1,ln_f_lnm1_ref,jnp.transpose(jnp.array([lnm1_phis_backward,lnm1_ws_backward])))
    ln_f_lnm1s = jnp.append(ln_f_lnm1s_low[::-1],ln_f_lnm1s)

    # Exponentiate and save
    f_lnm1s = jnp.exp(ln_f_lnm1s)
    numpyro.deterministic("f_lnm1s",f_lnm1s)

    # Reverse sort our AR process back into an array in which injections and each event's PE samples are grouped
    f_lnm1s_eventSorted = f_lnm1s[full_lnm1_q_data['lnm1_reverseSorting']]

    return f_lnm1s_eventSorted
