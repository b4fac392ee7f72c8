# Source: https://github.com/HugoJacq/Reconstruct_inertial_current/blob/79c46ef73c665bb5fb4d5dda9ad12c66ef2588fa/junstek.py
# Title: junstek.py (class jUnstek1D_Kt: unsteady Ekman slab model with time-varying K, JAX)
# Cut: kept __init__ (jit wrappers), pkt2Kt_matrix and do_forward; dropped the layer/one-step kernels
#      (replaced by a one-layer step), the other model classes, tgl/adjoint and the long docstring.
import warnings
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from jax import jit, lax


class jUnstek1D_Kt:
    """
    Unsteady Ekman Model 1D, with N layers
    Vector K change with slowly with time.
    """
    def __init__(self, Nl, forcing, dT):
        self.nt = len(forcing.time)
        self.dt = forcing.time[1] - forcing.time[0]
        self.forcing_time = forcing.time
        self.TA = jnp.asarray(forcing.TAx) + 1j*jnp.asarray(forcing.TAy)
        self.fc = jnp.asarray(forcing.fc)
        self.nl = Nl
        self.isJax = True
        # time varying K
        self.dT = dT
        self.NdT = forcing.time[-1]//dT + 1

        # JIT compiled functions
        self.do_forward_jit = jit(self.do_forward)
        self.__one_step_jit = jit(self.__one_step)
        self.pkt2Kt_matrix_jit = jit(self.pkt2Kt_matrix, static_argnums=0)

    def K_transform(self, pk, order=0, function='exp'):
        return jnp.exp(pk)

    def __step_pkt2Kt_matrix(self, ip, arg0):
        gtime, gptime, S, M = arg0
        distt = (gtime-gptime[ip])
        tmp = jnp.exp(-distt**2/self.dT**2)
        S = lax.add(S, tmp)
        M = M.at[:, ip].set(M[:, ip] + tmp)
        return gtime, gptime, S, M

    def pkt2Kt_matrix(self, gtime):
        step = (self.dT//self.dt).astype(int)
        Nstep = self.nt//step
        gptime = jnp.zeros(self.nt//step+1)
        for ipt in range(Nstep):
            gptime = gptime.at[ipt].set(gtime[ipt*step])

        gptime = gptime.at[-1].set(lax.select(Nstep > 0, gtime[-1]+self.dT, gtime[0]))
        gptime = gptime + self.dT
        nt = len(gtime)
        npt = len(gptime)
        M = jnp.zeros((nt, npt))
        S = jnp.zeros((nt))

        # loop over each dT
        arg0 = gtime, gptime, S, M
        _, _, S, M = lax.fori_loop(0, npt, self.__step_pkt2Kt_matrix, arg0)

        M = (M.T / S.T).T
        return M

    def __one_step(self, it, arg0):
        K, U = arg0
        ik = 0
        U = U.at[ik, it+1].set(U[ik, it] + self.dt*(-1j*self.fc*U[ik, it]
                                                    + K[it, 2*ik]*self.TA[it] - K[it, 2*ik+1]*(U[ik, it])))
        return K, U

    def do_forward(self, pk):
        # starting from nul current
        U = jnp.zeros((self.nl, self.nt), dtype='complex')
        K = self.K_transform(pk)  # optimize inverse problem
        K = K.reshape((self.NdT, self.nl*2))
        gtime = jnp.asarray(self.forcing_time)
        M = self.pkt2Kt_matrix(gtime=gtime)
        Kt = jnp.dot(M, K)
        arg0 = Kt, U
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            _, U = lax.fori_loop(0, self.nt, self.__one_step_jit, arg0)

        self.Ur_traj = U
        self.Ua, self.Va = jnp.real(U[0, :]), jnp.imag(U[0, :])
        return pk, U
