# Source: https://github.com/tt6746690/misc_impl/blob/892b55e55d1fe3c531cfd322e66da0ba1b30b374/registration/jax_registration.py
# Title: registration/jax_registration.py
# Cut: kept the shape builders, the grid, the vectorised segment measure, the kernel, the Hamiltonian and the fori_loop shooting; dropped plotting helpers and docstrings

from functools import partial

import jax
from jax import grad
import jax.numpy as np


def circle(c, r, n):
    θ = np.linspace(0, 2*np.pi, n)
    X = np.array(c) + r*np.column_stack((np.cos(θ), np.sin(θ)))
    return X


def square(c, r, n):
    a = np.linspace(-r,r,n//4)
    b = np.zeros((n//4,))
    x = np.hstack((a, a, -r+b, r+b)) + c[0]
    y = np.hstack((-r+b, r+b, a, a)) + c[1]
    return np.column_stack((x, y))


def GridData(nlines=11, xlim=(0,1), ylim=(0,1), nsubticks=4):
    ranges = [ xlim, ylim ]
    np_per_lines = (nlines-1) * nsubticks + 1
    x_l = [np.linspace(min_r, max_r, nlines      ) for (min_r,max_r) in ranges]
    x_d = [np.linspace(min_r, max_r, np_per_lines) for (min_r,max_r) in ranges]

    v = [] ; c = [] ; i = 0
    for x in x_l[0] :                    # One vertical line per x :
        v += [ [x, y] for y in x_d[1] ]  # Add points to the list of vertices.
        c += [ [i+j,i+j+1] for j in range(np_per_lines-1)] # + appropriate connectivity
        i += np_per_lines
    for y in x_l[1] :                    # One horizontal line per y :
        v += [ [x, y] for x in x_d[1] ]  # Add points to the list of vertices.
        c += [ [i+j,i+j+1] for j in range(np_per_lines-1)] # + appropriate connectivity
        i += np_per_lines

    return ( np.vstack(v), np.vstack(c) ) # (vertices, connectivity)


@jax.jit
def line_as_measure(X, L):
    v1 = X[L[:,0]]
    v2 = X[L[:,1]]
    x = .5*(v1 + v2)
    a = np.sqrt(np.sum((v2 - v1)**2, axis=1))
    return x, a


def sqdist(X, Y=None):
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    if Y is not None and Y.ndim == 1:
        Y = Y.reshape(-1, 1)

    if Y is None:
        D = X@X.T
        Xsqnorm = np.diag(D).reshape(-1, 1)
        D = - 2*D + Xsqnorm + Xsqnorm.T
        D = np.maximum(D, 0)
    else:
        Xsqnorm = np.sum(np.square(X), axis=-1).reshape(-1, 1)
        Ysqnorm = np.sum(np.square(Y), axis=-1).reshape(-1, 1)
        D = -2*np.tensordot(X, Y, axes=(-1, -1))
        D += Xsqnorm + Ysqnorm.T
        D = np.maximum(D, 0)
    return D


def cov_se(X, Y=None, σ2=1., ℓ=1.):
    scal = lambda X: X/ℓ if X is not None else X
    X = scal(X)
    Y = scal(Y)
    return σ2*np.exp(-sqdist(X, Y)/2)


def Hqp(q, p, k):
    H = k(q,q)*(p@p.T)
    return .5 * np.sum(H)

dq_Hqp = grad(Hqp, argnums=0)
dp_Hqp = grad(Hqp, argnums=1)


def HamiltonianStep(q, p, g, k, δt):
    q, p, g = [q + δt*dp_Hqp(q,p,k),
               p - δt*dq_Hqp(q,p,k),
               g + δt*k(g,q)@p]
    return q, p, g


def HamiltonianShooting(q, p, g, k, euler_steps, δt):
    
    def body_fn(i, val):
        q, p, g = val
        # note we also use the same kernel to interpolate
        # momenum across the dimensions of `p`
        return (q + δt*dp_Hqp(q,p,k),
                p - δt*dq_Hqp(q,p,k),
                g + δt*k(g,q)@p)
    
    init_val = (q, p, g)
    q, p, g = jax.lax.fori_loop(0, euler_steps, body_fn, init_val)
    
    return q, p, g
