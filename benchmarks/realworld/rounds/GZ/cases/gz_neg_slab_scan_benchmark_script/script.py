# Source: https://github.com/HugoJacq/Reconstruct_inertial_current/blob/5b32d802b81abfe73ceb8353873d64bca80c957e/issue_performance_eqx_jax/script.py
# Title: issue_performance_eqx_jax/script.py (slab-ocean model written for an equinox performance question)
# Cut: kept the plain-JAX model (lax.scan time loop), the cost, its jacfwd, the benchmark helper and the
#      observation-building driver; dropped the equinox/diffrax variants and the printing of timings.
import numpy as np
import time as clock
import jax
import jax.numpy as jnp
from jax import jit, lax
from functools import partial
jax.config.update("jax_enable_x64", True)


class classic_slab1D:
    def __init__(self, TAx, TAy, fc, t0, nt, dt, dt_forcing):
        self.TA = jnp.asarray(TAx) + 1j*jnp.asarray(TAy)
        self.fc = jnp.asarray(fc)
        self.t0 = t0
        self.t1 = t0+nt*dt
        self.dt = dt
        self.dt_forcing = dt_forcing
        self.nt = nt
        self.do_forward_jit = jit(self.do_forward)

    def __one_step(self, X0, it):
        K, U = X0
        # interpolation
        nsubsteps = self.dt_forcing // self.dt
        itf = jnp.array(it//nsubsteps, int)
        aa = jnp.mod(it, nsubsteps)/nsubsteps
        itsup = lax.select(itf+1 >= self.nt, -1, itf+1)
        TA = (1-aa)*self.TA[itf] + aa*self.TA[itsup]
        # 1 time forward
        U = U.at[it+1].set(U[it] + self.dt*(-1j*self.fc*U[it]
                                            + K[0]*TA
                                            - K[1]*U[it]))
        X0 = K, U
        return X0, X0

    def do_forward(self, pk):
        # initialisation
        U = jnp.zeros(self.nt, dtype='complex')
        K = jnp.exp(pk)
        # time loop
        X0 = K, U
        final, _ = lax.scan(self.__one_step, X0, jnp.arange(0, self.nt-1))
        _, U = final
        return jnp.real(U), jnp.imag(U)


def benchmark(func, N=20):
    L = np.zeros(N)
    _ = func()  # run once for compilation
    for k in range(N):
        time1 = clock.time()
        result = func()
        L[k] = clock.time()-time1
    return L.mean(), L.std()


def cost(sol, obs): return jnp.nanmean((sol[0]-obs[0])**2 + (sol[0]-obs[0])**2)


def cost_j(pk, jmodel, obs):
    sol = jmodel.do_forward_jit(pk)
    return cost(sol, obs)


def dcost_j(pk, jmodel, obs): return jax.jacfwd(cost_j)(pk, jmodel, obs)


# MY PARAMETERS
t0 = 0
nt = 28*86400//60
dt = 60
dt_forcing = 3600.
time_forcing = jnp.arange(t0, nt*dt, dt_forcing)
TAx = 0.2*np.ones(len(time_forcing))  # step forcing
TAy = 0.0*np.ones(len(time_forcing))
fc = 1e-4

pktarget = jnp.asarray([-8., -13.])
pkini = jnp.array([-9., -11.])

jmodel = classic_slab1D(TAx, TAy, fc, t0, nt, dt, dt_forcing)
N = 10

# make some observations
dt_obs = 86400  # 1 per day
obs = np.nan*jnp.zeros((2, nt), dtype=np.float64)
truth = jmodel.do_forward_jit(pktarget)
for k in range(nt):
    if k % (dt_obs//dt) == 0:
        obs = obs.at[0, k].set(truth[0][k])  # U
        obs = obs.at[1, k].set(truth[1][k])  # V

print('Forward model:', benchmark(partial(jmodel.do_forward_jit, pk=pktarget), N=N))
print('Cost:', benchmark(partial(cost_j, pk=pkini, jmodel=jmodel, obs=obs), N=N))
print('gradient (forward):', benchmark(partial(dcost_j, pk=pkini, jmodel=jmodel, obs=obs), N=N))
