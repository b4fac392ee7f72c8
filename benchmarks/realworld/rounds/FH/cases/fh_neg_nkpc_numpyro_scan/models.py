# Source: https://github.com/Ichikawa-Satoshi/NKPC_HSA_MCMC/blob/e910a0133a3eb87baacce4116e5a6e4bc59c06d5/code/models.py
# Title: code/models.py (Bayesian New Keynesian Phillips curve with a latent AR(1) state, numpyro)
# Cut: kept model_0_0, model_1 and model_3 (of eleven near-identical models) and an MCMC driver
#      reconstructed from the imports (NUTS over the model).
import jax
import jax.numpy as jnp
import numpyro
from numpyro.infer import MCMC, NUTS
from numpyro.contrib.control_flow import scan


# normal NKPC
def model_0_0(pi, pi_expect, Y):
    # Parameters
    beta = numpyro.sample("beta", numpyro.distributions.Normal(1, 1))
    kappa = numpyro.sample("kappa", numpyro.distributions.HalfNormal(1))
    # state space model
    sigma_eps = numpyro.sample("sigma_e", numpyro.distributions.HalfCauchy(scale=1))
    pi_pred = beta * pi_expect + kappa * Y
    numpyro.sample(f"pi_obs", numpyro.distributions.Normal(pi_pred, sigma_eps), obs=pi)


# / AR1 z
def model_1(pi, pi_expect, Y, l):
    # Parameters
    beta = numpyro.sample("beta", numpyro.distributions.Normal(1, 1))
    kappa = numpyro.sample("kappa", numpyro.distributions.HalfNormal(1))
    rho = numpyro.sample("rho", numpyro.distributions.HalfNormal(1))
    theta = numpyro.sample("theta", numpyro.distributions.HalfNormal(1))
    # state space model
    sigma_eta = numpyro.sample("sigma_eta", numpyro.distributions.HalfCauchy(scale=1))
    sigma_eps = numpyro.sample("sigma_e", numpyro.distributions.HalfCauchy(scale=1))
    z_init = numpyro.sample("z_init", numpyro.distributions.Normal(0,1))

    timesteps = jnp.arange(l)
    t = 0
    def transition(carry, _):
        z_prev = carry[0]
        t = carry[1]
        z = numpyro.sample(f"z", numpyro.distributions.Normal(- rho * z_prev, sigma_eta))
        pi_pred = beta * pi_expect[t] + kappa * Y[t] - theta * z
        numpyro.sample(f"pi_obs", numpyro.distributions.Normal(pi_pred, sigma_eps), obs=pi[t])
        t_carry = t + 1
        z_carry = z
        return [z_carry, t_carry], None
    scan(transition, [z_init, t], timesteps)


# / AR1 z + Y
def model_3(pi, pi_expect, Y, Y_prev, l):
    beta = numpyro.sample("beta", numpyro.distributions.Normal(0, 1))
    kappa = numpyro.sample("kappa", numpyro.distributions.HalfNormal(1))
    theta = numpyro.sample("theta", numpyro.distributions.HalfNormal(1))
    rho1 = numpyro.sample("rho1", numpyro.distributions.Normal(0, 1))
    rho2 = numpyro.sample("rho2", numpyro.distributions.HalfNormal(1))

    # error terms
    sigma_eps = numpyro.sample("sigma_eps", numpyro.distributions.HalfCauchy(scale=1))
    sigma_eta = numpyro.sample("sigma_eta", numpyro.distributions.HalfCauchy(scale=1))

    # initial z
    z_init = numpyro.sample("z_init", numpyro.distributions.Normal(0,1))

    # state space model
    timesteps = jnp.arange(l)
    t = 0
    def transition(carry, _):
        z_prev = carry[0]
        t = carry[1]
        z = numpyro.sample("z", numpyro.distributions.Normal(rho1 * z_prev - rho2 * Y_prev[t], sigma_eta))
        z_carry = z
        pi_pred = beta * pi_expect[t] + kappa * Y[t] - theta * z
        numpyro.sample(f"pi_obs", numpyro.distributions.Normal(pi_pred, sigma_eps), obs=pi[t])
        t_carry = t + 1
        return [z_carry, t_carry], None
    scan(transition, [z_init, t], timesteps)


def run(pi, pi_expect, Y, l, seed=0):
    mcmc = MCMC(NUTS(model_1), num_warmup=1000, num_samples=1000)
    mcmc.run(jax.random.PRNGKey(seed), pi, pi_expect, Y, l)
    return mcmc
