# Source: https://github.com/secretflow/spu/blob/84965d67d4737a81ff7ec96d214b927b7804b5a9/sml/sml/manifold/jacobi.py
# Title: sml/sml/manifold/jacobi.py (SPU sml)
# Cut: license header dropped, docstrings removed, compute_elements body elided; rotation_matrix and Jacobi kept.
import jax
import jax.numpy as jnp


def compute_elements(X, k, l):
    # (body elided: cos/sin of the Jacobi rotation that zeroes X[k][l])
    ...


def rotation_matrix(X, k, l):
    num_samples = X.shape[0]
    J = jnp.eye(num_samples)
    k_values = jnp.array(k)
    l_values = jnp.array(l)

    # Parallelize using vmap
    cos_values, sin_values = jax.vmap(compute_elements, in_axes=(None, 0, 0))(
        X, k_values, l_values
    )

    J = J.at[k, k].set(cos_values)
    J = J.at[l, l].set(cos_values)
    J = J.at[k, l].set(-sin_values)
    J = J.at[l, k].set(sin_values)
    return J

def Jacobi(X, max_iterations=5):
    num_samples = X.shape[0]
    Q = jnp.eye(num_samples)
    k = 0
    while k < max_iterations:
        # For each iteration, it is necessary to rotate all elements in the lower triangular part.
        # To reduce the number of rounds, elements with non-repeating indices should be rotated in parallel as much as possible.
        for i in range(1, num_samples + (num_samples - 1) // 2):
            if i < num_samples:
                l_0 = i
                r_0 = 0
            else:
                l_0 = num_samples - 1
                r_0 = i - l_0

            n = (l_0 - r_0 - 1) // 2 + 1

            j_indices = jnp.arange(n)
            l = l_0 - j_indices
            r = r_0 + j_indices

            if i < num_samples // 2:
                l_1 = num_samples - 1 - r_0
                r_1 = num_samples - 1 - l_0
                n = (l_1 - r_1 - 1) // 2 + 1
                j_indices = jnp.arange(n)
                l_1 = l_1 - j_indices
                r_1 = r_1 + j_indices
                l = jnp.concatenate([l, l_1])
                r = jnp.concatenate([r, r_1])

            # Calculate rotation matrix
            J = rotation_matrix(X, l, r)
            # Update X and Q with rotation matrix
            X = jnp.dot(J.T, jnp.dot(X, J))
            Q = jnp.dot(J.T, Q)
        k = k + 1

    return X, Q
