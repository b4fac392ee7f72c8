# Source: https://github.com/jhellewell14/dndstemp/blob/40467d8daf1706ac0f2d73d194edc6b217e8dcd5/numpyro/likelihood.py
# Title: numpyro/likelihood.py (transforms: host-side precomputation of pi matrices and per-locus observations)
# Cut: only transforms() kept, as written (called once by run_sampler before MCMC starts).
import numpy as np


def transforms(X, pi_eq):
    N = np.sum(X, 0)

    # pi transforms
    lp = np.array(np.log(pi_eq))
    pimat = np.diag(np.sqrt(pi_eq))
    pimatinv = np.diag(np.divide(1, np.sqrt(pi_eq)))

    pimult = np.array((61, 61))
    for j in range(61):
        for i in range(61):
            pimult[i, j] = np.sqrt(pi_eq[j] / pi_eq[i])


    # These may need to be 3D tensors, or some other transform may be better here
    obs_mat = []
    obs_vec = []
    l = X.shape()[0]
    for i in range(l):
        obs_mat.append(np.broadcast_to(X[i, :], (61, 61)))
        obs_vec.append(X[i, :])

    return N, l, lp, pimat, pimatinv, pimult, obs_mat, obs_vec
