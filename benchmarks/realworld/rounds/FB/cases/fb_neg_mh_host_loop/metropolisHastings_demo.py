# Source: https://github.com/darrenjw/jax-smfsb/blob/a1f57307ccc37edd6ab06749f4537f647245306d/demos/metropolisHastings.py
# Title: demos/metropolisHastings.py ("MH demo (works, but slow, as expected)")
# Cut: plotting dropped; import changed to the local module.
import jax
import jax.numpy as jnp
import jax.scipy as jsp

from inference import metropolisHastings

k0 = jax.random.key(42)
k1, k2 = jax.random.split(k0)
data = jax.random.normal(k1, 250)*2 + 5
llik = lambda x: jnp.sum(jsp.stats.norm.logpdf(data, x[0], x[1]))
prop = lambda k,x: jax.random.normal(k, 2)*0.1 + x
postmat = metropolisHastings(k2, jnp.array([1,1]), llik, prop, verb=False)
