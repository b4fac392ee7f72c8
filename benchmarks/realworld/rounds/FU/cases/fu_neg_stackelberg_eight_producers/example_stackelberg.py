# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/examples/game_design/example_stackelberg.py
# Title: examples/game_design/example_stackelberg.py (leader designs prices for N=8 producers' GNE)
# Cut: commented-out initial guesses, result printing and the equilibrium check cut; Gamma built with
#      np.diag instead of the literal 8x8 matrix (same nonzeros pattern, values simplified).
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial
from nashopt import ParametricGNEP

np.random.seed(2)

N = 8  # number of agents
C = 1.0          # shared capacity
D = 0.9          # desired total load
eta = 0.1        # weight on parameter deviation
rho = 0.3        # weight on leader's revenue

a = np.array([1.0, 1.5, 0.8, 1.2, 2.0, 0.9, 1.8, 1.1])
Gamma = 0.1 * (np.diag(np.ones(N - 1), 1) + np.diag(np.ones(N - 1), -1))

p1_bar = -2.*np.ones(N)  # reference
p0 = np.hstack((-2.5*np.ones(N), 0.1))
x0 = C/N*np.ones(N)
lb = np.zeros(N)
ub = np.inf*np.ones(N)
npar = N+1
pmin = np.hstack((-5.*np.ones(N), 0.))
pmax = np.hstack((0.*np.ones(N), .2))
sizes = [1]*N

f = []
for i in range(len(sizes)):
    f.append(jax.jit(partial(
        lambda x, p, i: a[i]*x[i]**2 + 2.*Gamma[i, :]@x + (p[i]+p[N]*jnp.sum(x)**2)*x[i], i=i)))


@jax.jit
def g(x, p):
    return jnp.array(jnp.sum(x)-C).reshape(1,)


ncon = 1


@jax.jit
def J(x, p):
    obj = (jnp.sum(x)-D)**2 + eta*jnp.sum((p[:N]-p1_bar)**2)
    for i in range(N):
        obj -= rho*(p[i]+p[N]*jnp.sum(x)**2)*x[i]
    return obj


gnep = ParametricGNEP(sizes, f, g, ncon, variational=False,
                      npar=npar, lb=lb, ub=ub)
sol = gnep.solve(J=J, pmin=pmin, pmax=pmax, p0=p0, x0=x0, rho=1e8, alpha1=0., alpha2=0.,
                 maxiter=200, tol=1e-10, gne_warm_start=False, refine_gne=False, verbose=True)
