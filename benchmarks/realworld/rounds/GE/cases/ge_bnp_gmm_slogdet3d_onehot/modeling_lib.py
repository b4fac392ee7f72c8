# Source: https://github.com/mijordan3/BNP_sensitivity/blob/04a18f5dc33d578e64ac0153b008ac14d1b08b98/BNP_modeling/bnpmodeling_runjingdev/modeling_lib.py
# Title: BNP_modeling/bnpmodeling_runjingdev/modeling_lib.py
# Cut: kept get_e_log_wishart_prior and my_slogdet3d; the stick-breaking and quadrature helpers are dropped.
import autograd
import autograd.numpy as np
import autograd.scipy as sp


def get_e_log_wishart_prior(gamma, df, V_inv):
    # expected log prior for cluster info matrices gamma

    dim = V_inv.shape[0]

    assert np.shape(gamma)[1] == dim

    tr_V_inv_gamma = np.einsum('ij, kji -> k', V_inv, gamma)

    s, logdet = my_slogdet3d(gamma) # np.linalg.slogdet(gamma)

    return np.sum((df - dim - 1) / 2 * logdet - 0.5 * tr_V_inv_gamma)

def my_slogdet3d(mat):
    assert len(mat.shape) == 3
    # number of matricies in array
    k = mat.shape[0]
    assert mat.shape[1] == mat.shape[2]

    logdet = np.zeros(k)
    s = np.zeros(k)
    for i in range(k):
        dummy = np.zeros(k)
        dummy[i] = 1.

        s_i, logdet_i = np.linalg.slogdet(mat[i])

        logdet = logdet + dummy * logdet_i

        # this messes with autograd array-boxes
        # s[i] = s_i

    return s, logdet
