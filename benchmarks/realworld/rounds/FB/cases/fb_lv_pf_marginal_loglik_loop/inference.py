# Source: https://github.com/darrenjw/jax-smfsb/blob/c48be976bfff9304551ae1f0dc33266c5ffe739b/src/jsmfsb/inference.py
# Title: src/jsmfsb/inference.py (code relating to Chapters 10 and 11 of Stochastic Modelling for Systems Biology), pfMLLik
# Cut: kept pfMLLik only (docstring shortened); metropolisHastings dropped. The next commit (3a4441d, "optimised pfmll") replaced the loop with lax.scan.
import jax
import jax.numpy as jnp
from jax import jit


def pfMLLik(n, simX0, t0, stepFun, dataLLik, data, debug=False):
    """Create a function for computing the log of an unbiased estimate of
    marginal likelihood of a time course data set using a simple
    bootstrap particle filter.
    """
    no = data.shape[1]
    times = jnp.concatenate((jnp.array([t0]), data[:,0]))
    deltas = jnp.diff(times)
    obs = data[:,1:no]
    if (debug):
        print(data.shape)
        print(len(deltas))
    @jit
    def go(key, th):
        ll = 0.0
        key, k1 = jax.random.split(key)
        keys = jax.random.split(k1, n)
        xmat = jax.lax.map(lambda k: simX0(k, t0, th), keys)
        sh = xmat.shape
        if (debug):
            print(sh)
        for i in range(len(deltas)):
            key, k1, k2 = jax.random.split(key, 3)
            keys = jax.random.split(k1, n)
            def prop(k, x):
                return stepFun(k, x, times[i], deltas[i], th)
            propv = jax.vmap(prop)
            xmat = propv(keys, xmat)
            lw = jnp.apply_along_axis(lambda x: dataLLik(
                x, times[i+1], obs[i,], th), 1, xmat)
            m = jnp.max(lw)
            sw = jnp.exp(lw - m)
            ssw = jnp.sum(sw)
            ll = ll + m + jnp.log(ssw/n)
            rows = jax.random.choice(k2, n, shape=(n,), p=sw/ssw)
            xmat = xmat[rows,:]
            assert(xmat.shape == sh)
        return ll
    return go


# eof
