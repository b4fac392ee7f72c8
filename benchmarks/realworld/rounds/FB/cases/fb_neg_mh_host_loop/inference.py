# Source: https://github.com/darrenjw/jax-smfsb/blob/a1f57307ccc37edd6ab06749f4537f647245306d/src/jsmfsb/inference.py
# Title: src/jsmfsb/inference.py (code relating to Chapters 10 and 11 of Stochastic Modelling for Systems Biology), metropolisHastings
# Cut: docstring removed; function body as in the commit.
import jax
import jax.numpy as jnp
from jax import jit
import math

# TODO: think about jitting
def metropolisHastings(key, init, logLik, rprop,
                       ldprop=lambda n, o: 1, ldprior=lambda x: 1,
                       iters=10000, thin=10, verb=True, debug=False):
    """Run a Metropolis-Hastings MCMC algorithm for the parameters of a
    Bayesian posterior distribution"""
    p = len(init)
    ll = -math.inf
    mat = jnp.zeros((iters, p))
    x = init
    if (verb):
        print(f"{iters} iterations")
    for i in range(iters):
        if (verb):
            print(f"{i} ", end='', flush=True)
        for j in range(thin):
            key, k1, k2 = jax.random.split(key, 3)
            prop = rprop(k1, x)
            if (ldprior(prop) > -math.inf):
                llprop = logLik(prop)
                a = (llprop - ll + ldprior(prop) -
                     ldprior(x) + ldprop(x, prop) - ldprop(prop, x))
                if (debug):
                    print(f"x={x}, prop={prop}, ll={ll}, llprop={llprop}, a={a}")
                if (jnp.log(jax.random.uniform(k2)) < a):
                    x = prop
                    ll = llprop
        mat = mat.at[i,:].set(x)
    if (verb):
        print("Done.")
    return mat
