# Source: https://github.com/agonzago/gpm_ideas/blob/eae8369dd0568525335e9fcce61a3f3aea32283e/parser12/run_estimation_5.py
# Title: run_estimation_5.py (DSGE estimation with NumPyro NUTS, Kalman likelihood)
# Cut: kept numpyro_model_fixed as written; the NUTS/MCMC call of the main block restated as run_mcmc;
#      the DynareModelWithLambdified class, simulation, smoothing and plotting dropped.
from typing import Any, Dict, List, Optional

import jax
import jax.numpy as jnp
import numpyro
import numpyro.distributions as dist
from numpyro.infer import MCMC, NUTS

NUMPYRO_AVAILABLE = True
_DEFAULT_DTYPE = jnp.float64 if jax.config.jax_enable_x64 else jnp.float32
DynareModelWithLambdified = Any

# --- Numpyro Model (Uses OriginalKalmanFilter via model.log_likelihood) ---
def numpyro_model_fixed(model_instance: DynareModelWithLambdified,user_priors: List[Dict[str, Any]],fixed_param_values: Dict[str, float],ys: Optional[jax.Array],H_obs: Optional[jax.Array],init_x_mean: Optional[jax.Array],init_P_cov: Optional[jax.Array],static_valid_obs_idx_for_kf: jax.Array,static_n_obs_actual_for_kf: int):
    if not NUMPYRO_AVAILABLE:raise RuntimeError("Numpyro is required for this model function.")
    params_for_likelihood={};estimated_param_names={p_spec["name"] for p_spec in user_priors}
    for prior_spec in user_priors: # ... (Standard prior sampling, identical to your working version) ...
        name=prior_spec["name"];dist_name=prior_spec.get("prior","").lower();args=prior_spec.get("args",{});dist_args_processed={k:jnp.asarray(v,dtype=_DEFAULT_DTYPE) for k,v in args.items()};sampled_value=None
        try:
            if dist_name=="normal":sampled_value=numpyro.sample(name,dist.Normal(dist_args_processed.get("loc",0.0),jnp.maximum(dist_args_processed.get("scale",1.0),1e-7)))
            elif dist_name=="beta":sampled_value=numpyro.sample(name,dist.Beta(jnp.maximum(dist_args_processed.get("concentration1",1.0),1e-7),jnp.maximum(dist_args_processed.get("concentration2",1.0),1e-7)))
            elif dist_name=="gamma":sampled_value=numpyro.sample(name,dist.Gamma(jnp.maximum(dist_args_processed.get("concentration",1.0),1e-7),rate=jnp.maximum(dist_args_processed.get("rate",1.0),1e-7)))
            elif dist_name=="invgamma":conc=jnp.maximum(dist_args_processed.get("concentration",1.0),1e-7);rate_param=jnp.maximum(dist_args_processed.get("rate",1.0),1e-7);sampled_value=numpyro.sample(name,dist.InverseGamma(conc,rate=rate_param))
            elif dist_name=="uniform":sampled_value=numpyro.sample(name,dist.Uniform(dist_args_processed.get("low",0.0),dist_args_processed.get("high",1.0)))
            elif dist_name=="halfnormal":sampled_value=numpyro.sample(name,dist.HalfNormal(jnp.maximum(dist_args_processed.get("scale",1.0),1e-7)))
            elif dist_name=="truncnorm":loc=dist_args_processed.get("loc",0.0);scale=jnp.maximum(dist_args_processed.get("scale",1.0),1e-7);low=dist_args_processed.get("low",-jnp.inf);high=dist_args_processed.get("high",jnp.inf);sampled_value=numpyro.sample(name,dist.TruncatedNormal(loc=loc,scale=scale,low=low,high=high))
            else:raise NotImplementedError(f"Prior distribution '{dist_name}' not implemented for '{name}'.")
            params_for_likelihood[name]=sampled_value
        except KeyError as e:raise ValueError(f"Missing arg for prior '{dist_name}' for '{name}': {e}")
        except Exception as e_dist:raise RuntimeError(f"Error sampling '{name}' with prior '{dist_name}': {e_dist}")
    for name,value in fixed_param_values.items():
        if name not in estimated_param_names:params_for_likelihood[name]=jnp.asarray(value,dtype=_DEFAULT_DTYPE)
    missing_keys=set(model_instance.all_param_names)-set(params_for_likelihood.keys())
    if missing_keys:raise RuntimeError(f"Internal Error: Parameters missing: {missing_keys}.")
    extra_keys=set(params_for_likelihood.keys())-set(model_instance.all_param_names)
    if extra_keys:raise RuntimeError(f"Internal Error: Extra parameters found: {extra_keys}")
    if ys is not None:
        if H_obs is None or init_x_mean is None or init_P_cov is None:raise ValueError("H_obs, init_x_mean, init_P_cov are required when ys is provided.")
        log_prob=model_instance.log_likelihood(params_for_likelihood,ys,H_obs,init_x_mean,init_P_cov,static_valid_obs_idx_for_kf,static_n_obs_actual_for_kf)
        safe_log_prob=jax.lax.cond(jnp.isfinite(log_prob),lambda x:x,lambda _:jnp.array(-1e10,dtype=_DEFAULT_DTYPE),log_prob);numpyro.factor("log_likelihood",safe_log_prob)



def run_mcmc(model, user_priors, fixed_param_values, ys, H_obs, init_x_mean, init_P_cov,
             static_valid_obs_idx_for_kf, static_n_obs_actual_for_kf, rng_key,
             mcmc_warmup=200, mcmc_samples=300, mcmc_chains=1, mcmc_target_accept=0.8):
    kernel = NUTS(numpyro_model_fixed, target_accept_prob=mcmc_target_accept)
    mcmc = MCMC(kernel, num_warmup=mcmc_warmup, num_samples=mcmc_samples, num_chains=mcmc_chains)
    mcmc.run(rng_key, model_instance=model, user_priors=user_priors,
             fixed_param_values=fixed_param_values, ys=ys, H_obs=H_obs,
             init_x_mean=init_x_mean, init_P_cov=init_P_cov,
             static_valid_obs_idx_for_kf=static_valid_obs_idx_for_kf,
             static_n_obs_actual_for_kf=static_n_obs_actual_for_kf)
    return mcmc
