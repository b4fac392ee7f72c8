# Source: https://github.com/jkitchin/pycse/blob/90baf611269a03dde63724d5b75cc6f32900e1a3/pycse-jb/pycse___python_computations_in_science_and_engineering/book/20-autograd-applications.ipynb
# Title: pycse book, "Introduction to automatic differentiation", section "Compressibility variation from an implicit equation of state"
# Cut: code cells 31, 33, 35 and 37 converted to a script; the plotting lines removed; the
#      notebook imports autograd.numpy as np in an earlier cell and plain numpy as np in cell 37,
#      kept apart here as anp and np.
import autograd.numpy as anp
from autograd import grad
from scipy.optimize import fsolve
import numpy as np
from scipy.integrate import solve_ivp

R = 0.08206
Pc = 72.9
Tc = 304.2

a = 27 * R**2 * Tc**2 / (Pc * 64)
b = R * Tc / (8 * Pc)

Tr = 1.1  # Constant for this example


def f(V, Pr, Tr):
    return R * Tr * Tc / (V - b) - a / V**2 - Pr * Pc


dfdPr = grad(f, 1)  # derivative of f with respect to arg at index=1: Pr
dfdV = grad(f, 0)  # derivative of f with respect to arg at index=0: V


def dVdPr(Pr, V):
    return -dfdPr(V, Pr, Tr) / dfdV(V, Pr, Tr)  # Tr is a constant in here


# Pr, V
(V0,) = fsolve(f, 3.5, args=(0.1, 1.1))

Pr_span = (0.1, 10)
Pr_eval, h = np.linspace(*Pr_span, retstep=True)

sol = solve_ivp(dVdPr, Pr_span, (V0,), max_step=h)
print(sol.message)

Pr = sol.t  # the P_r steps used in the solution
V = sol.y[0]  # V(P_r) from the solution

Z = Pr * Pc * V / (R * Tr * Tc)  # Compressibility Z(P_r)
