# Source: https://github.com/HugoJacq/Reconstruct_inertial_current/blob/07b0ea8756d41ff77f2cdf5b07a7b2cf61015927/JAXathon/models.py
# Title: JAXathon/models.py (class jUnstek1D: JAX unsteady Ekman model with N layers)
# Cut: kept __init__, the layer kernels, the inner/outer time steps and do_forward; dropped the numpy
#      Unstek1D class, K_transform_reverse, the jax.debug printing branch and the docstrings. The two
#      cost functions at the end are reconstructed (simplified) from the repository's inv.py.
import warnings
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit, lax


class jUnstek1D:
    def __init__(self, dt, Nl, forcing):
        self.nt = len(forcing.time)
        self.dt_forcing = forcing.dt_forcing
        self.dt = int(dt)
        self.ntm = int(len(forcing.time) * self.dt_forcing / self.dt)
        self.forcing_time = forcing.time
        self.model_time = jnp.arange(0, self.ntm*self.dt, self.dt)
        self.TA = jnp.asarray(forcing.TAx) + 1j*jnp.asarray(forcing.TAy)
        self.fc = jnp.asarray(forcing.fc)
        self.nl = Nl
        self.isJax = True
        # JIT compiled functions
        self.do_forward_jit = jit(self.do_forward)

    def K_transform(self, pk, order=0, function='exp'):
        return jnp.exp(pk)

    def __Onelayer(self, arg2):
        K, TA, U = arg2
        ik = 0
        U = U.at[ik].set(U[ik] + self.dt*(-1j*self.fc*U[ik] + K[2*ik]*TA - K[2*ik+1]*(U[ik])))
        return K, TA, U

    def __Nlayer_midlayers_for_scan(self, X0, ik):
        K, U = X0
        U = U.at[ik].set(U[ik] +
                         self.dt*(
                             - 1j*self.fc*U[ik]
                             - K[2*ik]*(U[ik]-U[ik-1])
                             - K[2*ik+1]*(U[ik]-U[ik+1])))
        X = K, U
        return X, X

    def __Nlayer(self, arg2):
        K, TA, U = arg2
        # surface
        ik = 0
        U = U.at[ik].set(U[ik] + self.dt*(- 1j*self.fc*U[ik] + K[2*ik]*TA - K[2*ik+1]*(U[ik]-U[ik+1])))
        # bottom
        ik = -1
        U = U.at[ik].set(U[ik] + self.dt*(- 1j*self.fc*U[ik] - K[2*ik]*(U[ik]-U[ik-1]) - K[2*ik+1]*U[ik]))
        # in between
        X0 = K, U
        final, _ = lax.scan(self.__Nlayer_midlayers_for_scan, X0, jnp.arange(1, self.nl-1))
        _, U = final
        return K, TA, U

    def __one_step(self, X0, inner_t):
        it, K, U = X0
        nsubsteps = self.dt_forcing // self.dt
        itm = it*nsubsteps + inner_t
        # on-the-fly (linear) interpolation of forcing
        aa = jnp.mod(itm, nsubsteps)/nsubsteps
        itsup = lax.select(it+1 >= self.nt, -1, it+1)
        TA = (1-aa)*self.TA[it] + aa*self.TA[itsup]
        arg2 = K, TA, U
        # loop on layers
        _, _, U = lax.cond(self.nl == 1, self.__Onelayer, self.__Nlayer, arg2)
        X0 = it, K, U
        return X0, X0

    def __step(self, it, arg0):
        """
        outer loop (forcing time step, 1 hour)
        """
        K, U = arg0
        Uold = U[:, it]
        X0 = it, K, Uold
        final, _ = lax.scan(self.__one_step, X0, jnp.arange(0, self.dt_forcing//self.dt))
        _, _, Unext = final
        U = U.at[:, it+1].set(Unext)
        return K, U

    def __step_for_scan(self, X0, it):
        arg0 = X0
        X0 = self.__step(it, arg0)
        return X0, X0

    def do_forward(self, pk):
        U = jnp.zeros((self.nl, self.nt), dtype='complex')
        K = self.K_transform(pk)  # optimize inverse problem
        if K.shape[-1]//2 != self.nl:
            raise Exception('Your model is {} layers, but you want to run it with {} layers (k={})'.format(self.nl, len(pk)//2, pk))
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            # lax.scan version
            X0 = K, U
            final, _ = lax.scan(self.__step_for_scan, X0, jnp.arange(0, self.nt-1))
            _, U = final
        self.Ur_traj = U
        self.Ua, self.Va = jnp.real(U[0, :]), jnp.imag(U[0, :])
        return pk, U


def jax_cost(model, pk, Uo, Vo, obs_step):
    _, C = model.do_forward_jit(pk)
    U, V = jnp.real(C)[0], jnp.imag(C)[0]
    return 0.5 * jnp.sum((Uo - U[::obs_step])**2 + (Vo - V[::obs_step])**2)


def jax_grad_cost(model, pk, Uo, Vo, obs_step):
    return jax.jacfwd(lambda p: jax_cost(model, p, Uo, Vo, obs_step))(pk)
