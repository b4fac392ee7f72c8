# Source: https://github.com/darrenjw/jax-smfsb/blob/71374b1235cb3ef2fe77d12b4f5ebd636116532c/demos/abc.py
# Title: demos/abc.py (ABC using Euclidean distance, no summary stats)
# Cut: plotting dropped; abc_run imported from the local module.
import jax
import jax.numpy as jnp
import jsmfsb

from inference import abc_run

data = jsmfsb.data.lv_perfect[:, 1:3]


def rpr(k):
    k1, k2, k3 = jax.random.split(k, 3)
    return jnp.exp(
        jnp.array(
            [
                jax.random.uniform(k1, minval=-3, maxval=3),
                jax.random.uniform(k2, minval=-8, maxval=-2),
                jax.random.uniform(k3, minval=-4, maxval=2),
            ]
        )
    )


def rmod(k, th):
    return jsmfsb.sim_time_series(
        k, jnp.array([50.0, 100.0]), 0, 30, 2, jsmfsb.models.lv(th).step_cle(0.1)
    )


def sum_stats(dat):
    return dat


ssd = sum_stats(data)


def dist(ss):
    diff = ss - ssd
    return jnp.sqrt(jnp.sum(diff * diff))


def rdis(k, th):
    return dist(sum_stats(rmod(k, th)))


k0 = jax.random.key(42)
p, d = abc_run(k0, 1000000, rpr, rdis, batch_size=100000, verb=False)

q = jnp.nanquantile(d, 0.01)
prmat = jnp.vstack(p)
postmat = prmat[d < q, :]
