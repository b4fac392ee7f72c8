# Source: https://github.com/darrenjw/jax-smfsb/blob/c48be976bfff9304551ae1f0dc33266c5ffe739b/demos/pfMLLik.py
# Title: demos/pfMLLik.py
# Cut: imports changed to the local module; otherwise as in the commit. LVnoise10 (jsmfsb.data) is a Lotka-Volterra time course of 16 noisy observations (time, prey, predator).
import jax
import jax.scipy as jsp
import jax.numpy as jnp
import jsmfsb

from inference import pfMLLik


def obsll(x, t, y, th):
    return jnp.sum(jsp.stats.norm.logpdf(y-x, scale=10))
def simX(k, t0, th):
    k1, k2 = jax.random.split(k)
    return jnp.array([jax.random.poisson(k1, 50),
                      jax.random.poisson(k2, 100)]).astype(jnp.float32)
def step(k, x, t, dt, th):
    sf = jsmfsb.models.lv(th).stepCLE(0.1)
    return sf(k, x, t, dt)
mll = pfMLLik(100, simX, 0, step, obsll, jsmfsb.data.LVnoise10)

k = jax.random.split(jax.random.key(42), 5)
print(mll(k[0], jnp.array([1, 0.005, 0.6])))
print(mll(k[1], jnp.array([1, 0.005, 0.6])))
print(mll(k[3], jnp.array([1, 0.005, 0.5])))
