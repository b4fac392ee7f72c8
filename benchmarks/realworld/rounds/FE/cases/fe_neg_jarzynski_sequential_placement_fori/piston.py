# Source: https://github.com/mariogeiger/jarzynski/blob/2b0b9fc5dbf4f43b3ff26fd6f7e0e789e004c1dd/jarzynski/_piston.py
# Title: jarzynski/_piston.py (random non-overlapping initial positions of hard spheres in a piston)
# Cut: kept random_piston_positions as written and the start of init_piston; walls/cylinder setup trimmed.
import jax
import jax.numpy as jnp


def random_piston_positions(key, n, r):
    def sample(key):
        key, k = jax.random.split(key)
        x = jax.random.uniform(k, (3,), minval=-1.0 + r, maxval=1.0 - r)
        return key, x

    def body_for(i, args):
        key, pos = args

        def cond(args):
            key, x = args
            test = (jnp.linalg.norm(x[:2]) < 1.0 - r) & jnp.all(jnp.linalg.norm(pos - x, axis=1) > 2 * r)
            return ~test

        def body(args):
            key, x = args
            return sample(key)

        key, x = sample(key)
        key, x = jax.lax.while_loop(cond, body, (key, x))
        return key, pos.at[i].set(x)

    pos = 2.0 * jnp.ones((n, 3))
    key, pos = jax.lax.fori_loop(0, n, body_for, (key, pos))

    return key, pos




def init_piston(key, n, r):
    key, x = random_piston_positions(key, n, r)
    return key, x


init_piston_j = jax.jit(init_piston, static_argnums=1)
