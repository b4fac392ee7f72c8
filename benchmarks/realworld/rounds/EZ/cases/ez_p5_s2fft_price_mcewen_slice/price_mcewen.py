# Source: https://github.com/astro-informatics/s2fft/blob/eb2ead32a0869fc6f82e15488c575a23c10c4f9f/s2fft/wigner/price_mcewen.py
# Title: s2fft/wigner/price_mcewen.py (numpy precompute imported by price_mcewen_jax.py)
# Cut: only generate_precomputes kept; the numpy recursion and transforms removed.
import numpy as np
from s2fft import samples


def generate_precomputes(beta: np.ndarray, L: int, mm: int) -> np.ndarray:
    ntheta = len(beta)  # Number of theta samples
    el = np.arange(L)
    nel = len(el)  # Number of harmonic modes.

    # Trigonometric constant adopted throughout
    c = np.cos(beta)
    s = np.sin(beta)
    cs = c / s
    t = np.tan(-beta / 2.0)
    lt = np.log(np.abs(t))
    c2 = np.cos(beta / 2.0)
    omc = 1.0 - c

    # Indexing boundaries
    half_slices = [el + mm + 1, el - mm + 1]

    # Vectors with indexing -L < m < L adopted throughout
    cpi = np.zeros((L + 1, nel), dtype=np.float64)
    cp2 = np.zeros((L + 1, nel), dtype=np.float64)
    log_first_row = np.zeros((2 * L + 1, ntheta, nel), dtype=np.float64)

    # Populate vectors for first row
    log_first_row[0] = np.einsum("l,t->tl", 2.0 * el, np.log(np.abs(c2)))

    for i in range(2, L + abs(mm) + 2):
        ratio = (2 * el + 2 - i) / (i - 1)
        for j in range(ntheta):
            log_first_row[i - 1, j] = (
                log_first_row[i - 2, j] + np.log(ratio) / 2 + lt[j]
            )

    # Initialising coefficients cp(m)= cplus(l-m).
    cpi[0] = 2.0 / np.sqrt(2 * el)
    for m in range(2, L + 1):
        cpi[m - 1] = 2.0 / np.sqrt(m * (2 * el + 1 - m))
        cp2[m - 1] = cpi[m - 1] / cpi[m - 2]

    for k in range(nel):
        cpi[:, k] = np.roll(cpi[:, k], (nel - k - 1), axis=-1)
        cp2[:, k] = np.roll(cp2[:, k], (nel - k - 1), axis=-1)
    # Then evaluate the negative half row and reflect using
    # Wigner-d symmetry relation.

    # Perform precomputations (these can be done offline)
    msign = np.hstack(((-1) ** (abs(np.arange(L - 1))), np.ones(L)))
    lsign = (-1) ** abs(mm + el)
    vsign = np.einsum("m,l->ml", msign, lsign)
    vsign[: L - 1] *= (-1) ** abs(mm + 1)

    lrenorm = np.zeros((2, ntheta, nel), dtype=np.float64)
    lamb = np.zeros((2, ntheta, nel), np.float64)
    for i in range(2):
        for j in range(ntheta):
            lamb[i, j] = ((el + 1) * omc[j] - half_slices[i] + c[j]) / s[j]
            for k in range(nel):
                lamb[i, j, k] -= (nel - k - 1) * cs[j]
                lrenorm[i, j, k] = log_first_row[half_slices[i][k] - 1, j, k]

    return [lrenorm, lamb, vsign, cpi, cp2, cs]

