# Source: https://github.com/bogdantoader/simplecryoem/blob/9e2c50aaa2f746aed72e62261cf3f28692f7a33f/src/ab_initio.py
# Title: src/ab_initio.py (get_class_proposal_func, parent of a6c1d41 "jax.lax.fori_loop for the inner proposal_z loop")
# Cut: only get_class_proposal_func kept; imports reduced.
import jax
import jax.numpy as jnp
from jax import random
from jax.scipy.special import gammaln

from src.jaxops import accept_reject_vmap

def get_class_proposal_func(loss_func_batched, loss_func_sum, sigma_noise, alpha_d, K):

    def logPi(v, angles, shifts, ctf_params, imgs, z, sigma_noise):
        n_k = calc_nk_jit(z)
        term1 = -loss_func_sum(v, angles, shifts, ctf_params, imgs, z, sigma_noise)

        logPZalpha = jnp.sum(gammaln(n_k + alpha_d))            

        return term1 + logPZalpha
   
    calc_nk_k = lambda z, k : jnp.sum(z == k)
    calc_nk = lambda z : jax.vmap(calc_nk_k, in_axes = (None, 0))(z, jnp.arange(K))
    calc_nk_jit = jax.jit(calc_nk)

    @jax.jit
    def proposal_z_batch(key, z0, logPiX0, v, angles, shifts, ctf_params, imgs):
        """Batch mode proposal function for z, with no Dirichlet prior 
        for the classes.

        If the posterior depends on the states z_1,...,z_N (e.g. due to 
        the Dirichlet prior), then running MCMC with this proposal function
        is NOT correct. However, this function is used in the
        proposal_z_batch_correct" function, which takes advantage of these
        parallel proposals in a proper MCMC way."""

        N = angles.shape[0]
        z1 = random.randint(key, z0.shape, 0, K) 

        logPiX0 = -loss_func_batched(v, angles, shifts, ctf_params, imgs, z0, sigma_noise)
        logPiX1 = -loss_func_batched(v, angles, shifts, ctf_params, imgs, z1, sigma_noise)
        r = jnp.exp(logPiX1 - logPiX0)

        return z1, r, logPiX1, logPiX0

    @jax.jit
    def proposal_z_batch_correct(key, z0, logPiX0, v, angles, shifts, ctf_params, imgs):
        """If using the Dirichlet posterior, then the proposal_z_batch is not 
        proper MCMC sampling. Here, we run a number of "incorect" MCMC steps to 
        sample all the entries of z in parallel, and then use the latest 
        proposed z as a proposal for a "correct" MCMC proposal. The acceptance rate
        is pretty good in this toy example and the convergence great."""

        logPi_local = lambda z : logPi(v, angles, shifts, ctf_params, imgs, z, sigma_noise)

        N = angles.shape[0]
        N_samples_z_local = 10
        keys = random.split(key, 2*N_samples_z_local)
        params_z = {"v" : v, "angles" : angles, "shifts" : shifts, "ctf_params" : ctf_params, "imgs" : imgs}

        logPiZ0 = logPi_local(z0)

        # TODO: Use lax.for_i loop to speedup compilation time.
        logPiX0 = logPiZ0
        for i in jnp.arange(N_samples_z_local):
            z1, r, logPiX1, logPiX0 = proposal_z_batch(keys[2*i], z0, logPiX0, **params_z)
            a = jnp.minimum(1, r)

            unif_var = random.uniform(keys[2*i+1], (N,))
            z1, logPiX1 = accept_reject_vmap(unif_var, a, z0, z1, logPiX0, logPiX1)

            z0 = z1
            logPiX0 = logPiX1



        #def body_fun(i, z0, logPiZ0):
        #    z1, r, logPiX1, logPiX0 = proposal_z_batch(keys[2*i], z0, logPiZ0, **params_z)
        #    a = jnp.minimum(1, r)
        #    
        #    unif_var = random.uniform(keys[2*i+1], (N,))
        #    z1, logPiX1 = accept_reject_vmap(unif_var, a, z0, z1, logPiX0, logPiX1)

        #    return z1, logPiX1

        #z1, logPiX1 = jax.lax.fori_loop(0, N_samples_z_local, body_fun, (z0, logPiZ0)) 

        logPiZ1 = logPi_local(z1)

        r = jnp.exp(logPiZ1 - logPiZ0)       

        return z1, r, logPiZ1, logPiZ0

    return proposal_z_batch_correct
