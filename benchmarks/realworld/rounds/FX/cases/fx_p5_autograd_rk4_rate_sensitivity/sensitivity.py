# Source: https://github.com/jkitchin/jkitchin.github.com/blob/c403e3ac340a04ecf61de792b8dbd33fc16c14af/org/2018/10/11/A-differentiable-ODE-integrator-for-sensitivity-analysis.org
# Title: A differentiable ODE integrator for sensitivity analysis (Kitchin group blog, 2018-10-11)
# Cut: ipython blocks 2-5 of the post (reversible reaction A <=> B in a batch reactor); plotting
#      calls removed; rk4 imported from integrator.py instead of defined in the same notebook.
import autograd.numpy as np
from autograd import grad

from integrator import rk4

Ca0 = 1.0
k1 = k_1 = 3.0


def dCdt(t, Ca):
    return -k1 * Ca + k_1 * (Ca0 - Ca)


t, Ca = rk4(dCdt, (0, 0.5), Ca0)


def analytical_A(t, k1, k_1):
    return Ca0 / (k1 + k_1) * (k1 * np.exp(-(k1 + k_1) * t) + k_1)


def A(Ca0, k1, k_1, t):
    def dCdt(t, Ca):
        return -k1 * Ca + k_1 * (Ca0 - Ca)
    t, Ca_ = rk4(dCdt, (0, t), Ca0)
    return Ca_[-1]


# Here are the two derivatives we seek.
dCadk1 = grad(A, 1)
dCadk_1 = grad(A, 2)

dAdk1 = grad(analytical_A, 1)
dAdk_1 = grad(analytical_A, 2)

tspan = np.linspace(0, 0.5)

# From the numerical solutions
k1_sensitivity = [dCadk1(1.0, 3.0, 3.0, t) for t in tspan]
k_1_sensitivity = [dCadk_1(1.0, 3.0, 3.0, t) for t in tspan]

# from the analytical solutions
ak1_sensitivity = [dAdk1(t, 3.0, 3.0) for t in tspan]
ak_1_sensitivity = [dAdk_1(t, 3.0, 3.0) for t in tspan]
