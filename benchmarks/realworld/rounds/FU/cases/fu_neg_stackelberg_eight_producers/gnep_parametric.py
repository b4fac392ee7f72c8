# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/src/nashopt/nonlinear/gnep_parametric.py
# Title: src/nashopt/nonlinear/gnep_parametric.py
# Cut: only the part of ParametricGNEP.solve that differentiates the design objective J is kept (the
#      penalised best-response objective and its jitted Jacobian); bounds handling and refinement cut.
import jax
import jax.numpy as jnp


def design_objective(J, kkt_residual, nvar, npar, rho):
    @jax.jit
    def obj(z):
        x = z[:nvar]
        p = z[-npar:]
        return J(x, p) + rho * jnp.sum(kkt_residual(z) ** 2)

    dobj = jax.jit(jax.grad(obj))
    return obj, dobj
