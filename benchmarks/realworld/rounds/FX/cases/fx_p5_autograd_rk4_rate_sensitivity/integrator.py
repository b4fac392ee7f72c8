# Source: https://github.com/jkitchin/jkitchin.github.com/blob/c403e3ac340a04ecf61de792b8dbd33fc16c14af/org/2018/10/11/A-differentiable-ODE-integrator-for-sensitivity-analysis.org
# Title: A differentiable ODE integrator for sensitivity analysis (Kitchin group blog, 2018-10-11)
# Cut: the first ipython block of the org post (the autograd RK4 integrator), unchanged; the
#      %matplotlib magic and plotting import removed. Split into its own module; the caller that
#      differentiates through it is sensitivity.py.
import autograd.numpy as np
from autograd import grad


def rk4(f, tspan, y0, N=50):
    x, h = np.linspace(*tspan, N, retstep=True)
    y = []
    y = y + [y0]
    for i in range(0, len(x) - 1):
        k1 = h * f(x[i], y[i])
        k2 = h * f(x[i] + h / 2, y[i] + k1 / 2)
        k3 = h * f(x[i] + h / 2, y[i] + k2 / 2)
        k4 = h * f(x[i + 1], y[i] + k3)
        y += [y[-1] + (k1 + (2 * k2) + (2 * k3) + k4) / 6]
    return x, y
