# Source: https://github.com/jax-ml/jax/issues/16278
# Title: jax-ml/jax#16278 "Possible memory leak / OOM when closing over large constant in jitted loop"
# Cut: kept the author's MWE.
import numpy as np
import jax
import jax.numpy as jnp

ns = 900
ne = 1000
nq = 800

bigmat = jnp.array(np.random.random((ne,nq,ns)))

x = jnp.empty(ns)

def foo(x, bigmat):

    def body(i, f):
        gx = bigmat[i]@x
        # do some other stuff that isn't important
        f = f.at[i].set(gx.sum())
        return f

    f = jnp.zeros(x.shape[0])
    f = jax.lax.fori_loop(0, 1, body, f)
    return f

# this runs fine, no OOM issue
f = foo(x, bigmat)

# this also runs fine, basically the same runtime as expected
f = jax.jit(foo)(x, bigmat).block_until_ready()

# this causes OOM
f = jax.jit(lambda y: foo(y, bigmat))(x)
