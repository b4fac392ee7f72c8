# Source: https://github.com/mariogeiger/jarzynski/blob/2b0b9fc5dbf4f43b3ff26fd6f7e0e789e004c1dd/compression.ipynb
# Title: compression.ipynb (work distribution of a compressed hard-sphere gas)
# Cut: notebook code cells converted to a script; plotting cells removed; the jitted
#      partition_function of an earlier cell is imported.
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt
from matplotlib.animation import FFMpegFileWriter
from tqdm.auto import tqdm
from functools import lru_cache
from jarzynski import init_piston, forward, imap

init_piston_j = jax.jit(init_piston, static_argnums=1)
forward_j = jax.jit(forward)
state = init_piston_j(jax.random.PRNGKey(0), 20, 0.0)
forward_j(1.0, state)
def experiment(key, xs, n, vel, r):
    state = init_piston_j(key, n, r)
    state["walls"]["v"] = jnp.array(
        [
            [0.0, 0.0, vel / 2],
            [0.0, 0.0, -vel / 2],
        ]
    )
    t = 0
    ws = [0]
    for x in xs[1:]:
        dt = x / vel - t
        n, state, work = forward_j(dt, state)
        t += dt

        ws += [ws[-1] + work]

    return jnp.array(ws)


xs = jnp.linspace(0.0, 1.5, 100)


@lru_cache
def foobar(n, vel, r, rep):
    keys = jax.random.split(jax.random.PRNGKey(1), num=rep)
    return jnp.stack([experiment(key, xs, n, vel, r) for key in tqdm(keys)], axis=1)

# partition_function: jax.jit(...) of the imap-based estimator defined in an earlier cell
from compression_cells import partition_function


@lru_cache
def partition_function2(n, r, num):
    return jnp.stack([
        partition_function(jax.random.PRNGKey(0), 1 - x / 2, n, r, num)
        for x in tqdm(xs)
    ])
