# Source: https://github.com/amazon-science/relaxed-adaptive-projection/blob/7557d9f38d3fe1ac037d8b887677cc6c6f54df3c/modules/marginal_queries.py
# Title: modules/marginal_queries.py (RAP++: k-way marginal statistics on the relaxed synthetic dataset)
# Cut: the query-table construction in __init__ is replaced by a stored `queries` array; compute_stat, get_exact_statistics_fn and get_differentiable_statistics_fn kept as written.
import jax.numpy as jnp
from jax import vmap


class MarginalStatistics:
    def __init__(self, queries, max_number_rows=5000):
        self.queries = queries
        self.max_number_rows = max_number_rows

    def compute_stat(self, D_zeroes, query_index):
        sub_marginal_queries = self.queries[query_index]
        D_temp = D_zeroes[:, sub_marginal_queries]
        answers = D_temp.prod(axis=1)
        stats = answers.sum(axis=0)
        return stats

    def get_exact_statistics_fn(self, queries_size):
        compute_stats_vmap = vmap(self.compute_stat, in_axes=(None, 0))

        def compute_statistics_fn(queries_idx: jnp.ndarray, D):
            queries_idx = queries_idx.reshape(-1).astype(int)
            # Queries index is padded with -1 at the end.
            assert (
                queries_idx.shape[0] == queries_size
            ), f"{queries_idx.shape} and {queries_size}"
            D_zeroes = jnp.hstack(
                [D, jnp.zeros((D.shape[0], 1))]
            )  # add a column of zeros
            D_zeroes = jnp.asarray(D_zeroes)
            rows = D_zeroes.shape[0]

            num_D_split = max(2, int(rows / self.max_number_rows + 0.5))
            D_splits = jnp.array_split(D_zeroes, num_D_split)
            stats = jnp.array(
                [compute_stats_vmap(D_sub, queries_idx) for D_sub in D_splits]
            ).sum(axis=0)
            stats_normed = stats / D.shape[0]

            return stats_normed

        return compute_statistics_fn

    def get_differentiable_statistics_fn(self, queries_size):
        stat_fn = self.get_exact_statistics_fn(queries_size=queries_size)

        def compute_statistics_fn(queries_idx: jnp.ndarray, D, sigmoid_param):
            return stat_fn(queries_idx, D)

        return compute_statistics_fn
