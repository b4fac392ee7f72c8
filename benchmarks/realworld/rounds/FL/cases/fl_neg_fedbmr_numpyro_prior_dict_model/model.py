# Source: https://github.com/gaia-os/fedbmr/blob/8803ad39a1bcb9a26b31caa342773e1b7898a642/notebooks/federated_hierarchical_linear_regression.ipynb
# Title: notebooks/federated_hierarchical_linear_regression.ipynb (federated Bayesian model reduction: hierarchical regression model)
# Cut: cells 8 and 9 converted to a .py file (global/local model and the amortised local posterior); imports collected at the top; the GenerativeModel construction (needs global_prior from an earlier cell) and the reparam config dropped.
import jax.numpy as jnp
from jax import vmap
import numpyro
import numpyro.distributions as dist
from fedbmr.feds import GenerativeModel, Posterior

def global_model(prior, covariates, obs=None, **kwargs):
    output_dict = {}
    for name, p in prior.items():
        output_dict[name] = numpyro.sample(name, p.dist)
        # numpyro.factor(name + '.divide', -log_factor(p.dist, p.approx_params, output_dict[name]))

    output_dict["σ_α"] = numpyro.deterministic("σ_α", jnp.sqrt(1e3 / output_dict["u_α"]))
    output_dict["σ_β"] = numpyro.deterministic("σ_β", jnp.sqrt(1 / output_dict["u_β"]))

    output_dict["covariates"] = covariates
    output_dict["obs"] = obs

    output_dict.update(kwargs)

    return output_dict

def local_model(input_dict):
    μ_α = input_dict["μ_α"]
    μ_β = input_dict["μ_β"]
    σ_α = input_dict["σ_α"] 
    σ_β = input_dict["σ_β"]
    u = input_dict["u"]

    Weeks = input_dict["covariates"]
    FVC_obs = input_dict["obs"]
    mask = input_dict.pop("mask", None)
    subsample_size = input_dict.pop("subsample_size", None)

    n_data, n_patients = Weeks.shape
    with numpyro.plate("patients", n_patients, subsample_size=subsample_size):

        covariates = numpyro.subsample(Weeks, event_dim=0)
        obs = numpyro.subsample(FVC_obs, event_dim=0) if FVC_obs is not None else None
        m = numpyro.subsample(mask, event_dim=0) if mask is not None else True

        v = numpyro.sample("v", dist.Gamma(.5, 1.))
        σ = numpyro.deterministic("σ", jnp.sqrt(1e4 * u / v))
        α = numpyro.sample("α", dist.Normal(μ_α, σ * σ_α))
        β = numpyro.sample("β", dist.Normal(μ_β, σ * σ_β))
        
        loc = α + β * covariates
        with numpyro.plate("data", n_data):
            numpyro.sample("obs", dist.Normal(loc, σ).mask(m), obs=obs)


def normal_post(name, shape=(), idx=None):
    loc = numpyro.param(
        name + '.loc', 
        lambda rng_key: dist.Uniform(-2, 2)(rng_key=rng_key,sample_shape=shape)
    )
    scale = numpyro.param(name + '.scale', jnp.ones(shape)/10, constraint=dist.constraints.positive)

    if idx is not None:
        return dist.Normal(loc[idx], scale[idx])
    else:
        return dist.Normal(loc, scale)

def lognormal_post(name, shape=(), idx=None):
    loc = numpyro.param(
        name + '.loc', 
        lambda rng_key: dist.Uniform(-2, 2)(rng_key=rng_key, sample_shape=shape)
    )
    scale = numpyro.param(name + '.scale', jnp.ones(shape)/10, constraint=dist.constraints.positive)

    if idx is not None:
        return dist.LogNormal(loc[idx], scale[idx])
    else:
        return dist.LogNormal(loc, scale)

def gamma_post(name, shape=(), idx=None):

    a = numpyro.param(
        name + '.concentration', 
        lambda rng_key: dist.Uniform(2, 10)(rng_key=rng_key, sample_shape=shape)
    )
    
    b = numpyro.param(name + '.rate', jnp.ones(shape), constraint=dist.constraints.positive)

    if idx is not None:
        return dist.Gamma(a[idx], b[idx])
    else:
        return dist.Gamma(a, b)

def exact_bayes_reg(y, X, a_0=.5, b_0=1., mask=None, Λ_0=None, μ_0=None):
    if jnp.ndim(X) > 1:
        _X = jnp.pad(X, ((0, 0), (1, 0)), constant_values=1.)
    else:
        _X = jnp.pad(jnp.expand_dims(X, -1), ((0, 0), (1, 0)), constant_values=1.)

    _X = jnp.expand_dims(mask, -1) * _X if mask is not None else _X
    Λ_0 = jnp.identity(_X.shape[-1]) if Λ_0 is None else Λ_0
    μ_0 = jnp.zeros(_X.shape[-1]) if μ_0 is None else μ_0

    Λₙ = Λ_0 + _X.T @ _X
    Σₙ = jnp.linalg.solve(Λₙ, jnp.identity(_X.shape[-1]))

    μₙ = Σₙ @ (_X.T @ y + Λ_0 @ μ_0)

    aₙ = a_0 + mask.sum()/2 if mask is not None else a_0 + _X.shape[0]/2.
    bₙ = b_0 + (jnp.inner(y, y) + μ_0 @ Λ_0 @ μ_0 - μₙ @ Λₙ @ μₙ )/2

    return μₙ, Σₙ, aₙ, bₙ

def global_posterior(covariates, obs=None, **kwargs):

    mask = kwargs.pop("mask", None)
    subsample_size = kwargs.pop("subsample_size", None)

    μ_α = numpyro.sample("μ_α", normal_post("μ_α"))
    u_α = numpyro.sample('u_α', gamma_post('u_α'))
    σ_α_sqr_inv = u_α / 1e3

    μ_β = numpyro.sample("μ_β", normal_post("μ_β"))
    u_β = numpyro.sample('u_β', gamma_post('u_β'))
    σ_β_sqr_inv = u_β

    Λ_0 = jnp.diag(jnp.array([σ_α_sqr_inv, σ_β_sqr_inv]))
    μ_0 = jnp.array([μ_α, μ_β])

    u = numpyro.sample('u', gamma_post('u'))
    b_0 = 1e4 * u

    output_dict = {
        'Λ_0': Λ_0,
        'μ_0': μ_0,
        'b_0': b_0,
        'covariates': covariates,
        'obs': obs,
        'mask': mask,
        'subsample_size': subsample_size
    }

    return output_dict

def local_posterior(input_dict):
    Λ_0 = input_dict['Λ_0'] 
    μ_0 = input_dict['μ_0'] 
    b_0 = input_dict['b_0']

    covariates = input_dict['covariates']
    obs = input_dict['obs']
    mask = input_dict['mask']
    subsample_size = input_dict['subsample_size']

    _, n_patients = covariates.shape
    exact_b = lambda x, y, z: exact_bayes_reg(x, y, mask=z, Λ_0=Λ_0, μ_0=μ_0, b_0=b_0)

    with numpyro.plate("patients", n_patients, subsample_size=subsample_size):
        X = numpyro.subsample(covariates, event_dim=0)
        y = numpyro.subsample(obs, event_dim=0) if obs is not None else None
        msk = numpyro.subsample(mask, event_dim=0) if mask is not None else None

        μₙ, Σₙ, aₙ, bₙ = vmap(exact_b)(y.T, X.T, msk.T)
        
        v = numpyro.sample("v", dist.Gamma(aₙ, bₙ / b_0))
        σ_sqr = b_0/v

        cov_mat = jnp.expand_dims(σ_sqr, (-1, -2)) * Σₙ
        z = numpyro.sample('z', dist.MultivariateNormal(μₙ, covariance_matrix=cov_mat), infer={"is_auxiliary": True})

        numpyro.sample('α', dist.Delta(z[:, 0]))
        numpyro.sample('β', dist.Delta(z[:, 1]))


post = Posterior(global_posterior, local_posterior)
