# Source: https://github.com/jkitchin/pycse/blob/90baf611269a03dde63724d5b75cc6f32900e1a3/pycse-jb/pycse___python_computations_in_science_and_engineering/book/20-autograd-applications.ipynb
# Title: pycse book, "Introduction to automatic differentiation", section "Sensitivity analysis using automatic differentiation in Python"
# Cut: code cells 45 and 47 of the notebook converted to a script; matplotlib plotting lines removed.
import autograd.numpy as np

A0 = 1.0


def A(t, k1, k_1):
    return A0 / (k1 + k_1) * (k1 * np.exp(-(k1 + k_1) * t) + k_1)


t = np.linspace(0, 0.5)

k1 = 3.0
k_1 = 3.0

from autograd import grad

fdAdk1 = grad(A, 1)
fdAdk_1 = grad(A, 2)

# grad is not vectorized so we evaluate it for each t
dAdk1 = [fdAdk1(_t, k1, k_1) for _t in t]
dAdk_1 = [fdAdk_1(_t, k1, k_1) for _t in t]
