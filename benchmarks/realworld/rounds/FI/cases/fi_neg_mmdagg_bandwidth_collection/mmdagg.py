# Source: https://github.com/sumahn/c2st/blob/b47bb22a32f66d4ff0ced79170f46e6f16d5f816/MMD/ts_tests/mmdagg.py
# Title: MMD/ts_tests/mmdagg.py (JAX MMDAgg aggregated kernel two-sample test, copied into the c2st repository)
# Cut: only the "laplace_gaussian" kernel collection and the wild-bootstrap branch (m == n) are kept; the docstring,
#      the permutation branch, the bisection for u_alpha and the output dictionary are dropped.
import jax
import jax.numpy as jnp
from jax import vmap, random, jit
from functools import partial


@partial(jit, static_argnums=(2, 3, 4, 5, 6, 9))
def mmdagg(
    X,
    Y,
    alpha=0.05,
    kernel="laplace_gaussian",
    number_bandwidths=10,
    weights_type="uniform",
    B1=2000,
    B2=2000,
    B3=50,
    seed=42,
):
    m = X.shape[0]
    n = Y.shape[0]
    assert n >= 2 and m >= 2 and m == n

    def compute_bandwidths(distances, number_bandwidths):
        # lambda_min / 2 * C^r for r = 0, ..., number_bandwidths -1
        # where C is such that lambda_max * 2 = lambda_min / 2 * C^(number_bandwidths - 1)
        distances = distances + (distances == 0) * jnp.median(distances)
        dd = jnp.sort(distances)
        lambda_min = jax.lax.cond(
            jnp.min(distances) < 10 ** (-1),
            lambda : jnp.maximum(dd[(jnp.floor(len(dd) * 0.05).astype(int))], 10 ** (-1)),
            lambda : jnp.min(distances),
        )
        lambda_min = lambda_min / 2
        lambda_max = jnp.maximum(jnp.max(distances), 3 * 10 ** (-1))
        lambda_max = lambda_max * 2
        power = (lambda_max / lambda_min) ** (1 / (number_bandwidths - 1))
        bandwidths = jnp.array([power ** i * lambda_min for i in range(number_bandwidths)])
        return bandwidths

    distances_l1 = jax_distances(X, Y, "l1", max_samples=500)
    bandwidths_l1 = compute_bandwidths(distances_l1, number_bandwidths)
    distances_l2 = jax_distances(X, Y, "l2", max_samples=500)
    bandwidths_l2 = compute_bandwidths(distances_l2, number_bandwidths)

    kernel_bandwidths_l_list = [("laplace", bandwidths_l1, "l1"), ("gaussian", bandwidths_l2, "l2")]

    # Weights
    weights = create_weights(number_bandwidths, weights_type) / len(
        kernel_bandwidths_l_list
    )

    # Setup for wild bootstrap (efficient as in Appendix C in our paper)
    key = random.PRNGKey(seed)
    key, subkey = random.split(key)
    R = random.choice(subkey, jnp.array([-1.0, 1.0]), shape=(B1 + B2 + 1, n))  # (B1+B2+1, n) Rademacher
    R = R.at[B1].set(jnp.ones(n))
    R = R.transpose()
    R = jnp.concatenate((R, -R))  # (2n, B1+B2+1)

    # Step 1: compute all simulated MMD estimates (efficient as in Appendix C in our paper)
    N = number_bandwidths * len(kernel_bandwidths_l_list)
    M = jnp.zeros((N, B1 + B2 + 1))
    last_l_pairwise_matrix_computed = ""
    for j in range(len(kernel_bandwidths_l_list)):
        kernel, bandwidths, l = kernel_bandwidths_l_list[j]
        # since kernel_bandwidths_l_list is ordered "l1" first, "l2" second
        # compute pairwise matrices the minimum amount of time
        # store only one pairwise matrix at once
        if l != last_l_pairwise_matrix_computed:
            Z = jnp.concatenate((X, Y))
            pairwise_matrix = jax_distances(Z, Z, l, matrix=True)
            last_l_pairwise_matrix_computed = l
        for i in range(number_bandwidths):
            bandwidth = bandwidths[i]
            K = kernel_matrix(pairwise_matrix, l, kernel, bandwidth)
            # set diagonal elements of all four submatrices to zero
            paired_indices = jnp.diag_indices(n)
            K = K.at[paired_indices].set(0)
            K = K.at[paired_indices[0] + n, paired_indices[1]].set(0)
            K = K.at[paired_indices[0], paired_indices[1] + n].set(0)
            K = K.at[paired_indices[0] + n, paired_indices[1] + n].set(0)
            # compute MMD bootstrapped values
            M = M.at[number_bandwidths * j + i].set(jnp.sum(R * (K @ R), 0) / (n * (n - 1)))
    MMD_original = M[:, B1]
    M1_sorted = jnp.sort(M[:, :B1 + 1])  # (N, B1+1)
    p_vals = jnp.mean((M1_sorted - MMD_original.reshape(-1, 1) >= 0), -1)
    return p_vals, weights


def kernel_matrix(pairwise_matrix, l, kernel, bandwidth):
    d = pairwise_matrix / bandwidth
    if kernel == "gaussian" and l == "l2":
        return  jnp.exp(-d ** 2)
    elif kernel == "laplace" and l == "l1":
        return  jnp.exp(-d)
    else:
        raise ValueError(
            'The values of "l" and "kernel" are not valid.'
        )


def create_weights(N, weights_type):
    if weights_type == "uniform":
        weights = jnp.array([1 / N,] * N)
    elif weights_type == "decreasing":
        normaliser = sum([1 / i for i in range(1, N + 1)])
        weights = jnp.array([1 / (i * normaliser) for i in range(1, N + 1)])
    else:
        raise ValueError('weights_type')
    return weights


def jax_distances(X, Y, l, max_samples=None, matrix=False):
    if l == "l1":
        def dist(x, y):
            z = x - y
            return jnp.sum(jnp.abs(z))
    elif l == "l2":
        def dist(x, y):
            z = x - y
            return jnp.sqrt(jnp.sum(jnp.square(z)))
    else:
        raise ValueError("Value of 'l' must be either 'l1' or 'l2'.")
    vmapped_dist = vmap(dist, in_axes=(0, None))
    pairwise_dist = vmap(vmapped_dist, in_axes=(None, 0))
    output = pairwise_dist(X[:max_samples], Y[:max_samples])
    if matrix:
        return output
    else:
        return output[jnp.triu_indices(output.shape[0])]
