# Source: https://github.com/jaeminoh/DifferentialEquations_JAX/blob/a3e6fb19f262aa703fdd130df5589ec1a900a2fd/numerics/equations.py
# Title: numerics/equations.py (Fourier discretisations of Vlasov-Poisson and Kuramoto-Sivashinsky, jitted RHS stepped by scipy RK45)
# Cut: kept imports, the kuramoto_sivashinsky class and the __main__ driver; dropped the vlasov_poisson class and the plotting

from functools import partial

import jax
import jax.numpy as np
from jax.numpy.fft import rfft, irfft, rfftfreq, fft, ifft, fftfreq
from jax.scipy.integrate import trapezoid
from scipy.integrate import RK45
import matplotlib.pyplot as plt

jax.config.update("jax_enable_x64", True)
jax.config.update("jax_platform_name", "cpu")


class kuramoto_sivashinsky:
    """
    Kuramoto-Sivashinsky equation on the periodic domain [0, X].
    u_t + alpha * u * u_x + beta * u_xx + gamma * u_xxxx = 0.
    """

    dim: int = 1

    def __init__(
        self,
        T: float = 1.0,
        dt: float = None,
        X: float = 2 * np.pi,
        Nx: int = 256,
        alpha: float = 100 / 16,
        beta: float = 100 / 16**2,
        gamma: float = 100 / 16**4,
    ):
        self.T = T
        self.dt = dt
        self.X = X
        self.Nx = Nx
        self.xx = np.linspace(0.0, X, Nx, endpoint=False)
        self.alpha, self.beta, self.gamma = alpha, beta, gamma
        self.ik2pi = 2j * np.pi * rfftfreq(Nx, X / Nx)

    def u0(self, x):
        return np.cos(x) * (1 + np.sin(x))

    @partial(jax.jit, static_argnums=(0,))
    def eqn(self, t, uhat):
        u = irfft(uhat, self.Nx)
        uux = self.ik2pi * rfft(0.5 * u**2)
        uxx = self.ik2pi**2 * uhat
        uxxxx = self.ik2pi**4 * uhat
        return -self.alpha * uux - self.beta * uxx - self.gamma * uxxxx

    def solve(self):
        u0 = self.u0(self.xx)
        u0hat = rfft(u0)
        solver = RK45(self.eqn, 0.0, u0hat, self.T, max_step=self.dt)
        uhat_list = [u0hat]
        while solver.status == "running":
            solver.step()
            uhat_list.append(solver.y)
        return solver.t, uhat_list


if __name__ == "__main__":
    model = kuramoto_sivashinsky(T=1.5, Nx=1024, dt=5e-4)
    t, uhat_list = model.solve()
    uhat = np.stack(uhat_list)
    u = irfft(uhat, model.Nx)
