# Source: https://github.com/CODES-group/opyrability/blob/deaf0125e09f4f400d5fd5164c3604b9eee6df4f/paper/cstr_example.ipynb
# Title: paper/cstr_example.ipynb -- inverse mapping of a CSTR design with opyrability
# Cut: code cells 0 and 2 converted to a script; nlp_based_approach imported from inverse_map.py
#      (its plot/ad keyword arguments dropped to match the cut version there).
import jax.numpy as np

from inverse_map import nlp_based_approach


# Defining a process model (M) for the CSTR
def CSTR(u):

    v0 = 1
    Ca0 = 1
    H = 1

    R = u[0]
    RT = u[1]

    volume = np.pi * R ** 2 * H

    k1 = np.exp(-3 / RT)
    k2 = np.exp(-10 / RT)

    a = volume * k1
    b = v0 + volume * k2
    c = - v0 * Ca0

    Ca = (-b + np.sqrt(b**2 - 4 * a * c)) / (2 * a)

    Cb = k1 * Ca**2 * volume / v0

    return np.array([Ca, Cb])


# Initial estimate for inverse mapping, lower/upper bounds.
u0 = np.array([3, 10])
lb = np.array([0.25, 3])
ub = np.array([50, 50])

# DOS Bounds and resolution
DOS_bounds = np.array([[0.1, 0.35],
                       [0.45, 0.65]])
DOS_resolution = [25, 25]

# Obtaining inverse map of the CSTR design
fDIS, fDOS, message = nlp_based_approach(CSTR,
                                         DOS_bounds,
                                         DOS_resolution,
                                         u0,
                                         lb,
                                         ub,
                                         method='ipopt',
                                         warmstart=True)
