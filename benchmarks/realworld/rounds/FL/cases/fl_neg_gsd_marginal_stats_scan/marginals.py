# Source: https://github.com/giusevtr/private_gsd/blob/f6150d7821b9675ce9158b456f1a5cff8bc3b3d6/src/genetic_sd/adaptive_statistics/marginals.py
# Title: src/genetic_sd/adaptive_statistics/marginals.py (Private-GSD: range-marginal query answers over the synthetic data)
# Cut: the query-table construction in __init__ is replaced by stored queries/workload_positions; _get_dataset_statistics_fn, _get_workload_fn and _get_stat_fn kept as written.
import jax
import jax.numpy as jnp
import chex


class Marginals:

    def __init__(self, queries, workload_positions, k):
        self.queries = jnp.array(queries)
        self.workload_positions = workload_positions
        self.k = k

    def _get_dataset_statistics_fn(self, workload_ids=None, jitted: bool = False):
        if jitted:
            workload_fn = jax.jit(self._get_workload_fn(workload_ids))
        else:
            workload_fn = self._get_workload_fn(workload_ids)

        def data_fn(data: Dataset):
            X = data.to_numpy()
            return workload_fn(X)
        return data_fn

    def _get_workload_fn(self, workload_ids=None):
        # query_ids = []
        if workload_ids is None:
        #     these_queries = self.queries
            query_ids = jnp.arange(self.queries.shape[0])
        else:
            query_positions = []
            for stat_id in workload_ids:
                a, b = self.workload_positions[stat_id]
                q_pos = jnp.arange(a, b)
                query_positions.append(q_pos)
            query_ids = jnp.concatenate(query_positions)

        return self._get_stat_fn(query_ids)

    def _get_stat_fn(self, query_ids):
        def answer_fn(x_row: chex.Array, query_single: chex.Array):
            I = query_single[:self.k].astype(int)
            U = query_single[self.k:2 * self.k]
            L = query_single[2 * self.k:3 * self.k]
            t1 = (x_row[I] < U).astype(int)
            t2 = (x_row[I] >= L).astype(int)
            t3 = jnp.prod(jnp.array([t1, t2]), axis=0)
            answers = jnp.prod(t3)
            return answers

        these_queries = self.queries[query_ids]
        temp_stat_fn = jax.vmap(answer_fn, in_axes=(None, 0))

        def scan_fun(carry, x):
            return carry + temp_stat_fn(x, these_queries), None

        def stat_fn(X):
            out = jax.eval_shape(temp_stat_fn, X[0], these_queries)
            stats = jax.lax.scan(scan_fun, jnp.zeros(out.shape, out.dtype), X)[0]
            return stats / X.shape[0]
        return stat_fn
