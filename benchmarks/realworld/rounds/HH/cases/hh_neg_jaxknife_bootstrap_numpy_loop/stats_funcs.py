# Source: https://github.com/ell-bogat/jaxknife/blob/280f2419043206d41023a59f7b119f8eb2b89a19/jaxknife/stats_funcs.py
# Title: jaxknife, jaxknife/stats_funcs.py (statistics passed to the bootstrap / jackknife)
# Cut: docstrings shortened; a usage block at the end reconstructed from the README tutorial (statistic handed to bootstrap_loop and jaxstrap).
import jax.numpy as jnp


def com_1D(positions, masses=None, axis=0) -> float:
    """Center of mass in a single axis."""

    if masses is None:
        masses = jnp.ones((len(positions)))

    if positions.ndim == 2:
        xs = positions[:, axis]
    else:
        raise Exception("Only implemented for 2d data")

    return jnp.sum(xs * masses) / len(xs)


def vel_disp_1D(velocities, axis=0) -> float:
    """Velocity dispersion"""
    if velocities.ndim == 3:
        vxs = velocities[:, 1, axis]
    else:
        raise Exception("Only implemented for 3d data")

    return jnp.std(vxs)


# usage (as in the repository's tutorial notebook)
if __name__ == "__main__":
    import numpy as np
    from bootstrap import bootstrap_loop, jaxstrap

    positions = np.random.uniform(-1, 1, size=(1000, 3))
    slow = bootstrap_loop(positions, com_1D, n_resamples=1000)
    fast = jaxstrap(jnp.asarray(positions), com_1D, n_resamples=1000)
