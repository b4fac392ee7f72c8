# Source: https://github.com/darrenjw/jax-smfsb/blob/71374b1235cb3ef2fe77d12b4f5ebd636116532c/src/jsmfsb/inference.py
# Title: src/jsmfsb/inference.py, abc_run
# Cut: kept abc_run; docstring shortened.
import jax
import jax.numpy as jnp
from jax import jit


def abc_run(key, n, rprior, rdist, batch_size=None, verb=False):
    """Run a set of simulations initialised with parameters sampled from a
    given prior distribution, and compute statistics required for an ABC
    analaysis

    batch_size: int
      batch_size to use in call to jax.lax.map for parallelisation.
      Defaults to None.
    """

    @jit
    def pair(k):
        k1, k2 = jax.random.split(k)
        p = rprior(k1)
        d = rdist(k2, p)
        if verb:
            jax.debug.print("{p}, {d}", p=p, d=d)
        return (p, d)

    keys = jax.random.split(key, n)
    sims = jax.lax.map(pair, keys, batch_size=batch_size)
    return sims
