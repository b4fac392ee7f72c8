# Source: https://github.com/JimGalasyn/jax-morpho/blob/d78631539e5f26cded2878a1bae8f665927f4b81/src/jax_morpho/evodevo/reference_mu.py
# Title: src/jax_morpho/evodevo/reference_mu.py (population genetics bookkeeping for the Milocco & Uller Fig. 3C port)
# Cut: kept sample_genotypes, regression_average_effects, build_G and build_G_sensitivity ("the quantitative-genetics bookkeeping stays in NumPy", per the module docstring).
import numpy as np

N_LOCI = 10                 # loci per developmental parameter


def sample_genotypes(p, n_loci, n_ind, rng):
    q = 1.0 - p
    probs = [q * q, 2 * p * q, p * p]
    return rng.choice([-1, 0, 1], size=(n_loci, n_ind), p=probs)


def regression_average_effects(gscore1, gscore2, z):
    """Fisher average effects via least-squares regression of centered
    phenotype on genotype scores (their Z \\ dx). Returns (2*n_loci+1, 2)."""
    n = z.shape[0]
    Z = np.column_stack([gscore1.T, gscore2.T, np.ones(n)])   # (N, 2L+1)
    dz = z - z.mean(0)
    alpha, *_ = np.linalg.lstsq(Z, dz, rcond=None)            # (2L+1, 2)
    return alpha


def build_G(alpha, genotype):
    """G = sum_i 2 p_i q_i alpha_i alpha_i^T over the loci (their loop),
    with p_i,q_i from realized genotype counts. genotype: (N, 2L)."""
    n_loci = genotype.shape[1]
    G = np.zeros((2, 2))
    for i in range(n_loci):
        col = genotype[:, i]
        n_A2 = np.sum(col == 1) * 2 + np.sum(col == 0)
        n_A1 = np.sum(col == -1) * 2 + np.sum(col == 0)
        tot = n_A1 + n_A2
        p_i, q_i = n_A2 / tot, n_A1 / tot
        a = alpha[i][:, None]                                 # (2,1)
        G += (a @ a.T) * 2 * p_i * q_i
    return G


def build_G_sensitivity(J, gamma1, gamma2, genotype):
    """G from *sensitivity-derived* average effects: alpha_i = gamma_i * s_{w(i)}."""
    L = len(gamma1)
    s_of_locus = [J[:, 0]] * L + [J[:, 1]] * L       # theta1 loci, then theta2
    gammas = np.concatenate([gamma1, gamma2])
    G = np.zeros((2, 2))
    for i in range(2 * L):
        col = genotype[:, i]
        n_A2 = np.sum(col == 1) * 2 + np.sum(col == 0)
        n_A1 = np.sum(col == -1) * 2 + np.sum(col == 0)
        tot = n_A1 + n_A2
        p_i, q_i = n_A2 / tot, n_A1 / tot
        alpha = (gammas[i] * np.asarray(s_of_locus[i]))[:, None]   # (2,1)
        G += (alpha @ alpha.T) * 2 * p_i * q_i
    return G
