# Source: https://github.com/secretflow/spu/blob/c18d77356c8112d4f23e4aae37cc50b1f81a333f/sml/manifold/kneighbors.py
# Title: sml/manifold/kneighbors.py (SPU, commit "problem_jacobi", 2024-11-12)
# Cut: license header dropped, comments translated/shortened; the function body kept as written.
import jax
import jax.numpy as jnp
import spu.intrinsic as si


def mpc_kneighbors_graph(
    X,
    num_samples,
    num_features,
    n_neighbors,
    *,
    mode="distance",
    metric="minkowski",
    p=2,
):
    # squared euclidean distance between every pair of samples
    X_expanded = jnp.expand_dims(X, axis=1) - jnp.expand_dims(X, axis=0)
    X_expanded = jnp.square(X_expanded)
    Dis = jnp.sum(X_expanded, axis=-1)

    # sort each row of Dis: compute the permutation, then apply it
    Indix_Dis = jnp.argsort(Dis, axis=1)

    Knn = jnp.zeros((num_samples, num_samples))
    for i in range(num_samples):
        temp_pi = jnp.arange(num_samples)
        per_dis = si.permute(Dis[i], si.permute(temp_pi, Indix_Dis[i]))
        for j in range(num_samples):
            Knn = Knn.at[i, j].set(per_dis[j])

    Knn2 = jnp.zeros((num_samples, num_samples))

    def update_knn_row(i, Knn_row, n_neighbors):
        def update_element(j, Knn_value):
            return jnp.where(j <= n_neighbors, jnp.sqrt(Knn_value), 0)

        Knn_row_updated = jax.vmap(update_element, in_axes=(0, 0))(
            jnp.arange(Knn_row.shape[0]), Knn_row
        )
        return Knn_row_updated

    Knn2 = jax.vmap(lambda i, Knn_row: update_knn_row(i, Knn_row, n_neighbors))(
        jnp.arange(num_samples), Knn
    )

    # inverse permutation to restore the original order
    Knn3 = jnp.zeros((num_samples, num_samples))
    for i in range(num_samples):
        per_dis = si.permute(Knn2[i], Indix_Dis[i])
        for j in range(num_samples):
            Knn3 = Knn3.at[i, j].set(per_dis[j])

    Knn4 = 0.5 * (Knn3 + Knn3.T)
    return Knn4
