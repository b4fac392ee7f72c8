# Source: https://github.com/JimGalasyn/jax-morpho/blob/d78631539e5f26cded2878a1bae8f665927f4b81/tests/test_fixed_point.py
# Title: tests/test_fixed_point.py (gate #1: implicit differentiation vs finite differences)
# Cut: kept TestGate1ImplicitVsFiniteDifference; the tissue fixture and the mechanical module are imported, not reproduced.
import numpy as np

import fixed_point as FP
from jax_morpho.evodevo import mechanical as M

TOL = 1e-10


class TestGate1ImplicitVsFiniteDifference:
    def test_implicit_matches_finite_differences(self, tissue):
        pos0, alive, theta, x = (tissue[k] for k in ("pos0", "alive", "theta", "x"))
        develop = lambda th: M.equilibrate(pos0, alive, th, tol=TOL)[0]
        J_fd = np.asarray(FP.finite_difference_sensitivity(develop, theta, eps=1e-6))
        J_im = np.asarray(FP.energy_sensitivity(M.field_morse_energy, x, alive, theta))
        assert J_fd.shape[-1] == theta.shape[0]
