# Source: https://github.com/antoninschrab/mmdagg/blob/baca0a989273b0961b81135b4488fb5695a9e7ab/mmdagg/jax.py
# Title: mmdagg, mmdagg/jax.py ("Two-Sample MMDAgg test", JAX version)
# Cut: docstring and assertions cut; only the default kernel="laplace_gaussian" branch of the
#      kernel/bandwidth selection kept; the rejection dictionary at the end replaced by returning
#      the aggregated decision. kernel_matrix, create_weights and jax_distances moved to helpers.py.
import jax
import jax.numpy as jnp
from jax import vmap, random, jit
from jax.flatten_util import ravel_pytree
from functools import partial

from helpers import kernel_matrix, create_weights, jax_distances


@partial(jit, static_argnums=(2, 3, 4, 5, 6, 7, 8, 10, 11, 12))
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
    return_dictionary=False,
    permutations_same_sample_size=False,
    bandwidths=None,
):
    """Two-Sample MMDAgg test."""
    m = X.shape[0]
    n = Y.shape[0]
    mn = m + n
    assert n >= 2 and m >= 2
    if m != n or permutations_same_sample_size:
        approx_type ="permutations"
    else:
        approx_type = "wild bootstrap"
    assert 0 < alpha  and alpha < 1

    # Collection of bandwidths 
    if type(bandwidths) == jnp.ndarray:
        assert bandwidths.ndim == 1
        number_bandwidths = len(bandwidths)
        bandwidths_l1 = bandwidths
        bandwidths_l2 = bandwidths_l1
    else:
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
        # bandwidths L1 for laplace, matern_0.5_l1, matern_1.5_l1, matern_2.5_l1, matern_3.5_l1, matern_4.5_l1
        distances_l1 = jax_distances(X, Y, "l1", max_samples=500)
        bandwidths_l1 = compute_bandwidths(distances_l1, number_bandwidths)
        distances_l2 = jax_distances(X, Y, "l2", max_samples=500)
        bandwidths_l2 = compute_bandwidths(distances_l2, number_bandwidths)
    kernel_bandwidths_l_list = [("laplace", bandwidths_l1, "l1"), ("gaussian", bandwidths_l2, "l2")]
    # Weights 
    weights = create_weights(number_bandwidths, weights_type) / len(
        kernel_bandwidths_l_list
    )
    
    # Setup for wild bootstrap or permutations (efficient as in Appendix C in our paper)
    if approx_type == "wild bootstrap":
        key = random.PRNGKey(seed)
        key, subkey = random.split(key)
        R = random.choice(subkey, jnp.array([-1.0, 1.0]), shape=(B1 + B2 + 1, n))  # (B1+B2+1, n) Rademacher
        R = R.at[B1].set(jnp.ones(n))
        R = R.transpose()
        R = jnp.concatenate((R, -R))  # (2n, B1+B2+1) 
    elif approx_type == "permutations":
        key = random.PRNGKey(seed)
        key, subkey = random.split(key)
        # (B1+B2+1, m+n): rows of permuted indices
        idx = random.permutation(subkey, jnp.array([[i for i in range(m + n)]] * (B1 + B2 + 1)), axis=1, independent=True)   
        #11
        v11 = jnp.concatenate((jnp.ones(m), -jnp.ones(n)))  # (m+n, )
        V11i = jnp.tile(v11, (B1 + B2 + 1, 1))  # (B1+B2+1, m+n)
        V11 = jnp.take_along_axis(V11i, idx, axis=1)  # (B1+B2+1, m+n): permute the entries of the rows
        V11 = V11.at[B1].set(v11) # (B1+1)th entry is the original MMD (no permutation)
        V11 = V11.transpose()  # (m+n, B1+B2+1)
        #10
        v10 = jnp.concatenate((jnp.ones(m), jnp.zeros(n)))
        V10i = jnp.tile(v10, (B1 + B2 + 1, 1))
        V10 = jnp.take_along_axis(V10i, idx, axis=1)
        V10 = V10.at[B1].set(v10)
        V10 = V10.transpose() 
        #01
        v01 = jnp.concatenate((jnp.zeros(m), -jnp.ones(n)))
        V01i = jnp.tile(v01, (B1 + B2 + 1, 1))
        V01 = jnp.take_along_axis(V01i, idx, axis=1)
        V01 = V01.at[B1].set(v01)
        V01 = V01.transpose() 
    else:
        raise ValueError("Approximation type not defined.")
        
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
            if approx_type == "wild bootstrap": 
                # set diagonal elements of all four submatrices to zero
                paired_indices = jnp.diag_indices(n)
                K = K.at[paired_indices].set(0)
                K = K.at[paired_indices[0] + n, paired_indices[1]].set(0)
                K = K.at[paired_indices[0], paired_indices[1] + n].set(0)
                K = K.at[paired_indices[0] + n, paired_indices[1] + n].set(0)
                # compute MMD bootstrapped values
                M = M.at[number_bandwidths * j + i].set(jnp.sum(R * (K @ R), 0) / (n * (n - 1)))
            elif approx_type == "permutations": 
                # set diagonal elements to zero
                K = K.at[jnp.diag_indices(K.shape[0])].set(0)
                # compute MMD permuted values
                # Appendix C of Schrab et al. MMD Aggregated Two-Sample test
                M = M.at[number_bandwidths * j + i].set(
                    jnp.sum(V10 * (K @ V10), 0) * (1 / (m * (m - 1)) - 1 / (m * n))
                    + jnp.sum(V01 * (K @ V01), 0) * (1 / (n * (n - 1)) - 1 / (m * n))
                    + jnp.sum(V11 * (K @ V11), 0) / (m * n)
                )
            else:
                raise ValueError("Approximation type not defined.")           
    MMD_original = M[:, B1]
    M1_sorted = jnp.sort(M[:, :B1 + 1])  # (N, B1+1)
    M2 = M[:, B1 + 1:]  # (N, B2)

    # Step 2: compute u_alpha_hat using the bisection method
    quantiles = jnp.zeros((N, 1))  # (1-u*w_lambda)-quantiles for the N bandwidths
    u_min = 0.
    u_max = jnp.min(1 / weights)
    for _ in range(B3): 
        u = (u_max + u_min) / 2
        for j in range(len(kernel_bandwidths_l_list)):
            for i in range(number_bandwidths):
                quantiles = quantiles.at[number_bandwidths * j + i].set(
                    M1_sorted[
                        number_bandwidths * j + i, 
                        (jnp.ceil((B1 + 1) * (1 - u * weights[i]))).astype(int) - 1
                    ]
                )
        P_u = jnp.sum(jnp.max(M2 - quantiles, 0) > 0) / B2
        u_min, u_max = jax.lax.cond(P_u <= alpha, lambda: (u, u_max), lambda: (u_min, u))
    u = u_min
    for j in range(len(kernel_bandwidths_l_list)):
        for i in range(number_bandwidths):
            quantiles = quantiles.at[number_bandwidths * j + i].set(
                M1_sorted[
                    number_bandwidths * j + i, 
                    (jnp.ceil((B1 + 1) * (1 - u * weights[i]))).astype(int) - 1
                ]
            )
        
    # Step 3: output test result
    p_vals = jnp.mean((M1_sorted - MMD_original.reshape(-1, 1) >= 0), -1)
    all_weights = jnp.zeros(p_vals.shape)
    for j in range(len(kernel_bandwidths_l_list)):
         for i in range(number_bandwidths):
            all_weights = all_weights.at[number_bandwidths * j + i].set(weights[i])
    thresholds = u * all_weights
    # reject if p_val <= threshold
    reject_p_vals = p_vals <= thresholds

    mmd_vals = MMD_original
    quantiles = quantiles.reshape(-1)
    # reject if mmd_val > quantile
    reject_mmd_vals = mmd_vals > quantiles
    return (jnp.any(reject_p_vals)).astype(int)
