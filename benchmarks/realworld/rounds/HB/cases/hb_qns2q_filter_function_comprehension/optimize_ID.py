# Source: https://github.com/mqasimk/QNS-2Q/blob/ef28f1b0aa3e87095b32c4b83245fd8b9a573534/utils_jax/optimize_ID.py
# Title: QNS-2Q utils_jax/optimize_ID.py (two-qubit identity-gate pulse-timing optimisation from reconstructed noise spectra)
# Cut: plotting, the frequency-comb (_wk) variants, infidelity() and the script section removed;
#      `tau` (module global set in the script part as T/80) kept as a module constant.
import jax.numpy as jnp
import jax
import matplotlib.pyplot as plt
import numpy as np
import jaxopt
import os
from spectra import S_11, S_22, S_1_2, S_1212, S_1_12, S_2_12

T = 1e-5
tau = T/80


@jax.jit
def sgn(O, a, b):
    z1q = jnp.array([jnp.array([[1, 0], [0, 1]]), jnp.array([[1, 0], [0, -1]])])
    z2q = jnp.array([jnp.kron(z1q[0], z1q[0]), jnp.kron(z1q[1], z1q[0]), jnp.kron(z1q[0], z1q[1]), jnp.kron(z1q[1], z1q[1])])
    return jnp.trace(jnp.linalg.inv(O)@z2q[a]@z2q[b]@O@z2q[a]@z2q[b])/4


@jax.jit
def ff(tk, w):
    return jnp.sum(jnp.array([1j*((-1)**k)*(jnp.exp(-1j*w*tk[k+1])-jnp.exp(-1j*w*tk[k]))/w for k in range(jnp.size(tk)-1)]), axis=0)


# @jax.jit
def Gp_re(vti, vtj, w, M):
    return jnp.real(ff(vti, w)*ff(vtj, -w)*jnp.sin(w*M*vti[-1]*0.5)**2/jnp.sin(w*vti[-1]*0.5)**2)


# @jax.jit
def Gp_im(vti, vtj, w, M):
    return jnp.imag(ff(vti, w)*ff(vtj, -w)*jnp.sin(w*M*vti[-1]*0.5)**2/jnp.sin(w*vti[-1]*0.5)**2)


@jax.jit
def y_t(t, tk):
    return jnp.sum(jnp.array([((-1)**i)*jnp.heaviside(t-tk[i], 1)*jnp.heaviside(tk[i+1] - t, 1) for i in range(jnp.size(tk) - 1)]), axis=0)


def make_tk12(tk1, tk2):
    x = tk1[~jnp.isin(tk1, tk2)]
    y = tk2[~jnp.isin(tk2, tk1)]
    z = jnp.zeros(x.size+y.size+2)
    z = z.at[0].set(0.)
    z = z.at[-1].set(tk1[-1])
    z = z.at[1:z.size-1].set(jnp.sort(jnp.concatenate((x, y))))
    return z


@jax.jit
def CO_sum_els(O, SMat, Gp, i, j, w):
    z1q = jnp.array([jnp.array([[1, 0], [0, 1]]), jnp.array([[1, 0], [0, -1]])])
    z2q = jnp.array([jnp.kron(z1q[0], z1q[0]), jnp.kron(z1q[1], z1q[0]), jnp.kron(z1q[0], z1q[1]), jnp.kron(z1q[1], z1q[1])])
    return -0.5*(sgn(O, i+1, j+1)+1)*z2q[i+1]@z2q[j+1]*jax.scipy.integrate.trapezoid(SMat[i, j]*(sgn(O, i+1, 0)-1)*Gp[i, j], w)/jnp.pi



@jax.jit
def Lambda_diags(SMat, Gp, w):
    inds = jnp.array([0, 1, 2])
    p1q = jnp.array([[[1, 0], [0, 1]], [[0, 1], [1, 0]], [[0, -1j], [1j, 0]], [[1, 0], [0, -1]]])
    p2q = jnp.array([jnp.kron(p1q[i], p1q[j]) for i in range(4) for j in range(4)])
    CO_sum_map = jax.vmap(jax.vmap(jax.vmap(CO_sum_els,
                                            in_axes=(None, None, None, None, 0, None)),
                                   in_axes=(None, None, None, 0, None, None)),
                          in_axes=(0, None, None, None, None, None))
    CO = jnp.sum(CO_sum_map(p2q, SMat, Gp, inds, inds, w), axis=(1, 2))
    return jnp.real(jnp.array([jnp.trace(p2q[i]@jax.scipy.linalg.expm(-CO[i])@p2q[i])*0.25 for i in range(CO.shape[0])]))



def inf_ID(params, i, j, SMat, M, T, w):
    vt1 = jnp.sort(jnp.concatenate((jnp.array([0]), params[:i], jnp.array([T]))))
    vt2 = jnp.sort(jnp.concatenate((jnp.array([0]), params[i:], jnp.array([T]))))
    vt12 = make_tk12(vt1, vt2)
    vt = [vt1, vt2, vt12]
    Gp_re_map = jax.vmap(Gp_re, in_axes=(None, None, 0, None))
    Gp_im_map = jax.vmap(Gp_im, in_axes=(None, None, 0, None))
    Gp = jnp.zeros((3, 3, w.size), dtype=jnp.complex64)
    for i in range(3):
        for j in range(3):
            Gp = Gp.at[i, j].set(Gp_re_map(vt[i], vt[j], w, M) + 1j*Gp_im_map(vt[i], vt[j], w, M))
    L_diag = Lambda_diags(SMat, Gp, w)
    dt = tau
    fid=jnp.sum(L_diag, axis=0)/16.
    clustering=jnp.sum(jnp.array([((vt[i][j+1]-vt[i][j])-dt)**2 for i in range(2) for j in range(vt[i].shape[0]-1)]), axis=0)
    #(1/(vt[0].shape[0]+vt[1].shape[0]-2))*jnp.sum(jnp.array([jnp.tanh(vt[i].shape[0]*((vt[i][j+1]-vt[i][j])/dt-1)) for i in range(2) for j in range(vt[i].shape[0]-1)]), axis=0))
    return -fid-clustering*1e-2


def hyperOpt(SMat, nPs, M, T, w):
    optimizer = jaxopt.ScipyBoundedMinimize(fun=inf_ID, maxiter=200, jit=False, method='L-BFGS-B',
                                            options={'disp': False, 'gtol': 1e-9, 'ftol': 1e-6,
                                                     'maxfun': 1000, 'maxls': 20})
    opt_out = []
    init_params = []
    for i in nPs[0]:
        opt_out_temp = []
        for j in nPs[1]:
            vt = jnp.array(np.random.rand(i+j)*T)
            init_params.append(vt)
            lower_bnd = jnp.zeros_like(vt)
            upper_bnd = jnp.ones_like(vt)*T
            bnds = (lower_bnd, upper_bnd)
            opt = optimizer.run(vt, bnds, i, j, SMat, M, T, w)
            opt_out_temp.append(opt)
            print("Optimized Cost: "+str(opt.state[0])+", No. of pulses on qubits:"+str([i, j]))
        opt_out.append(opt_out_temp)
    inf_ID_out = jnp.array([[opt_out[i][j].state[0] for j in range(len(opt_out[0]))] for i in range(len(opt_out))])
    return opt_out
