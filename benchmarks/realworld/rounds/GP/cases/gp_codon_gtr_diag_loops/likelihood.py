# Source: https://github.com/jhellewell14/dndstemp/blob/40467d8daf1706ac0f2d73d194edc6b217e8dcd5/numpyro/likelihood.py
# Title: numpyro/likelihood.py (codon GTR substitution model and dN/dS likelihood, NumPyro port of a Stan model)
# Cut: build_GTR's ~520 hand-written M.at[i, j].set(...) lines reduced to the first eight; in
#      likelihood() the unfinished outer `for l in range(N)` wrapper was removed and the Stan loop
#      index `pos` it refers to (undefined in the source) made an argument; transforms() is in the
#      negative case gp_neg_codon_transforms_host.
import jax.numpy as jnp
from jax import jit
from jax.scipy.special import logsumexp
from jax.lax import lgamma, dynamic_update_slice_in_dim


@jit
def build_GTR(alpha, beta, gamma, delta, epsilon, eta, omega, pimat, pimult):
    M = jnp.zeros((61, 61))

    M.at[1,2].set(eta)
    M = M.at[1,3].set(gamma * omega)
    M = M.at[1,4].set(epsilon * omega)
    M = M.at[1,5].set(eta * omega)
    M = M.at[1,9].set(gamma * omega)
    M = M.at[1,11].set(epsilon * omega)
    M = M.at[1,14].set(eta * omega)
    M = M.at[1,30].set(gamma * omega)

    M = jnp.matmul(jnp.matmul(M, pimat).T, pimat).T

    # Compute the diagonal
    index = jnp.arange(0, 61, 1, jnp.uint16)
    # I think this might be the same as
    # M += jnp.diag(jnp.einsum('ij,ij->i', M, pi_mult))
    # but check this doesn't add loads of zeros
    # check https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.fori_loop.html
    for i in range(61):
        # M = M.at[i, i].set(-jnp.dot(M[i, :], pimult[i, :]))
        M = M.at[i, i].set(-jnp.dot(jnp.take(M, index), jnp.take(pimult, index)))
        index += 61 # or use lax.slice?

    return M


def likelihood(obs_vec, obs_mat, N, l, theta, omega, pi_eq, lp, pimat, pimult,
               pimatinv, alpha, beta, gamma, delta, epsilon, eta, pos=0):

    # TODO This can be precomputed in transforms, will be of length N
    Np = N.at[pos].get()
    phi = lgamma(Np + 1) - jnp.sum(lgamma(obs_vec.at[pos].get() + 1))

    # Calculate substitution rate matrix under neutrality
    A = build_GTR(alpha, beta, gamma, delta, epsilon, eta, 1, pimat, pimult)

    meanrate = -jnp.dot(jnp.diagonal(A), pi_eq)

    # Calculate substitution rate matrix
    scale = (theta / 2.0) / meanrate

    mutmat = build_GTR(alpha, beta, gamma, delta, epsilon, eta, omega, pimat, pimult)

    V, Ve = jnp.linalg.eig(mutmat)
    E = 1 / (1 - 2 * scale * Ve)
    V_inv = jnp.matmul(V, jnp.diag(E))

    # Create m_AB for each ancestral codon
    m_AB = jnp.zeros((61, 61))
    index = jnp.arange(0, 61, 1, jnp.uint16)
    for i in range(61):
        # Va = rep_matrix(row(V, i), 61);
        # Va should be matrix where rows are repeats of row i of V
        Va = jnp.reshape(jnp.repeat(jnp.take(V, index), 61), (61, 61)) # Not sure if this is repeat or tile
        index += 61
        # m_AB[i, ] = to_row_vector(rows_dot_product(Va, V_inv));
        # Possible with jax.vmap?
        # row_sum_fn = jax.vmap(lambda x, y: jnp.vdot(x, y), (1, 1), 0)
        row = jnp.einsum('ij,ij->i', Va, V_inv)
        dynamic_update_slice_in_dim(m_AB, row, i, 0)

    # Add equilibrium frequencies (option 2)
    m_AB = jnp.matmul(jnp.matmul(m_AB.T, pimatinv).T, pimat)

    # Normalise by m_AA
    m_AA = jnp.reshape(jnp.repeat(jnp.diag(m_AB), 61), (61, 61)) # Creates matrix with diagonals copied along each row
    m_AB = jnp.maximum(jnp.divide(m_AB, m_AA) - jnp.eye(61, 61), 1.0e-06) # Makes min value 1e-6 (and sets diagonal, as -I makes this 0)

    lik = 0
    muti = m_AB + jnp.eye(61, 61)
    lgmuti = lgamma(muti)
    ttheta = jnp.sum(m_AB, 0)
    ltheta = jnp.log(ttheta)
    lgtheta = lgamma(ttheta)

    poslp = lgtheta - lgamma(Np + ttheta) - jnp.log(Np + ttheta) + ltheta

    gam_mat = lgamma(obs_mat[pos] + muti) - lgmuti

    likposanc = lp
    likposanc += jnp.sum(gam_mat, 0)
    likposanc += poslp + phi

    lik += logsumexp(likposanc)
    return lik
