# Source: https://github.com/HIPS/autograd/blob/bff107b8d71a444a1160deade3e1cbd0b92f4fa6/examples/sinusoid.py
# Title: HIPS/autograd examples/sinusoid.py (derivatives of sin and of its Taylor series)
# Cut: kept the file; the plot styling lines are dropped.
import matplotlib.pyplot as plt

import autograd.numpy as np
from autograd import grad


def fun(x):
    return np.sin(x)


d_fun = grad(fun)  # First derivative
dd_fun = grad(d_fun)  # Second derivative

x = np.linspace(-10, 10, 100)
plt.plot(x, list(map(fun, x)), x, list(map(d_fun, x)), x, list(map(dd_fun, x)))
plt.savefig("sinusoid.png")
plt.clf()


# Taylor approximation to sin function
def fun(x):
    currterm = x
    ans = currterm
    for i in range(1000):
        print(i, end=" ")
        currterm = -currterm * x**2 / ((2 * i + 3) * (2 * i + 2))
        ans = ans + currterm
        if np.abs(currterm) < 0.2:
            break  # (Very generous tolerance!)

    return ans


d_fun = grad(fun)
dd_fun = grad(d_fun)

x = np.linspace(-10, 10, 100)
plt.plot(x, list(map(fun, x)), x, list(map(d_fun, x)), x, list(map(dd_fun, x)))
plt.savefig("sinusoid_taylor.png")
plt.clf()
