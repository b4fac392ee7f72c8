# Source: https://github.com/bogdantoader/simplecryoem/blob/f29db1d039adcaba07a98a728afb4f7dd565feb4/src/simplecryoem/fsc.py
# Title: src/simplecryoem/fsc.py (Fourier shell correlation)
# Cut: only calc_fsc kept, docstring shortened.
import numpy as np
import jax
import jax.numpy as jnp


def calc_fsc(v1, v2, grid, dr=None):
    """Calculate the fourier shell correlation between the Fourier
    volumes v1 and v2 on the Fourier grid given by grid and shell
    width given by dr."""

    # Calculate the radius in the Fourier domain.
    x_freq = jnp.fft.fftfreq(int(grid[1]), 1 / (grid[0] * grid[1]))
    X, Y, Z = jnp.meshgrid(x_freq, x_freq, x_freq)
    r = np.sqrt(X**2 + Y**2 + Z**2)

    # Max radius so that the shells are not outside the
    # rectangular domain.
    max_rad = jnp.max(r[:, 0, 0])

    # "Calculate" dr if not given:
    # The diagnoal of the smallest cube with a corner at the origin
    if dr is None:
        dr = r[1, 1, 1]

    # Calculate the shells.
    # Each shell has thickness = dr, with res storing the smallest radial coordinate
    # of the shell (along the radius). The first shell has radius is manually set to 0.
    # Chose the lowest coordinate of the shell instead of the highest one so that the
    # estimates are conservative rather than optimisic
    s1 = []
    s2 = []
    res = []
    R = -dr / 2
    while R + dr <= max_rad:
        cond = (r >= R) & (r < R + dr)
        s1.append(v1[cond])
        s2.append(v2[cond])
        res.append(R)
        R += dr
    res[0] = 0

    # The correlations between corresponding shells.
    fsc = []
    for i in range(len(s1)):
        f = jnp.sum(s1[i] * jnp.conj(s2[i])) / (
            jnp.linalg.norm(s1[i], 2) * jnp.linalg.norm(s2[i], 2)
        )
        fsc.append(f)

    res = jnp.array(res)
    fsc = jnp.real(jnp.array(fsc))
    shell_points = jnp.array([len(s) for s in s1])

    return jnp.array([res, fsc, shell_points])
