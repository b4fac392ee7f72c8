# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/src/nashopt/nonlinear/gnep_base.py
# Title: src/nashopt/nonlinear/gnep_base.py (NashOpt: generalized Nash equilibria via KKT residuals)
# Cut: constructor reduced to the per-agent gradient list; kkt_residual_i reduced to the stationarity and
#      Fischer-Burmeister bound terms; shared constraints, parametric branch and multiplier bookkeeping cut.
import jax
import jax.numpy as jnp
import numpy as np
from scipy.optimize import least_squares


class GNEP:
    def __init__(self, sizes, f, lb=None, ub=None):
        self.sizes = sizes
        self.N = len(sizes)
        self.f = f  # list of objective functions, one per agent
        self.i2 = np.cumsum(sizes)
        self.i1 = np.hstack((0, self.i2[:-1]))
        self.nvar = int(self.i2[-1])
        self.lb = lb

        # Gradients of the agents' objectives
        self.df = [
            jax.jit(
                jax.grad(
                    lambda xi, x, i=i: self.f[i](
                        x.at[self.i1[i]:self.i2[i]].set(xi)
                    ),
                    argnums=0,
                )
            )
            for i in range(self.N)
        ]

    def kkt_residual_i(self, z, i):
        # KKT residual function for agent i
        x = z[:self.nvar]
        lam = z[self.nvar:]
        i1 = int(self.i1[i])
        i2 = int(self.i2[i])
        res = []
        # 1st KKT condition
        res_1st = self.df[i](x[i1:i2], x)
        lam_i = lam[i1:i2]
        res_1st -= lam_i
        res.append(res_1st)
        gix = -x[i1:i2] + self.lb[i1:i2]
        # complementary slackness (Fischer-Burmeister)
        res.append(jnp.sqrt(lam_i ** 2 + gix ** 2) - lam_i + gix)
        return res

    def kkt_residual(self, z):
        # KKT residual function: append agent-specific parts to shared constraints part
        res = []
        for i in range(self.N):
            res += self.kkt_residual_i(z, i)
        return jnp.concatenate(res)

    def solve(self, x0=None, max_nfev=200, tol=1e-12, solver="trf", verbose=1):
        if x0 is None:
            x0 = jnp.zeros(self.nvar)
        z0 = jnp.hstack((x0, 0.1 * jnp.ones(self.nvar)))
        # Solve the KKT residual minimization problem via SciPy least_squares
        f = jax.jit(self.kkt_residual)
        df = jax.jit(jax.jacobian(self.kkt_residual))
        solution = least_squares(f, z0, jac=df, method=solver, verbose=verbose,
                                 ftol=tol, xtol=tol, gtol=tol, max_nfev=max_nfev)
        return solution
