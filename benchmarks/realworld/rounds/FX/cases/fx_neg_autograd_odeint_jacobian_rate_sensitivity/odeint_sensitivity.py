# Source: https://github.com/jkitchin/jkitchin.github.com/blob/a273fdb6dbb5eb19fd5283c39b95eae620226949/org/2019/09/13/Sensitivity-analysis-with-odeint-and-autograd.org
# Title: Sensitivity analysis with odeint and autograd (Kitchin group blog, 2019-09-13)
# Cut: the first two ipython blocks of the post; plotting removed, the numdifftools comparison
#      block removed.
import autograd.numpy as np
from autograd.scipy.integrate import odeint
from autograd import jacobian
from autograd.builtins import tuple

import time

Ca0 = 1.0
k1 = k_1 = 3.0

tspan = np.linspace(0, 0.5)


def C(K):
    k1, k_1 = K

    def dCdt(Ca, t, k1, k_1):
        return -k1 * Ca + k_1 * (Ca0 - Ca)
    sol = odeint(dCdt, Ca0, tspan, tuple((k1, k_1)))
    return sol


t0 = time.time()
dCdk = jacobian(C, 0)


k_sensitivity = dCdk(np.array([k1, k_1]))

k1_sensitivity = k_sensitivity[:, 0, 0]
k_1_sensitivity = k_sensitivity[:, 0, 1]

print(f'Elapsed time = {time.time() - t0:1.1f} seconds')
