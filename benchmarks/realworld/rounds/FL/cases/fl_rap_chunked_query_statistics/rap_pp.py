# Source: https://github.com/amazon-science/relaxed-adaptive-projection/blob/7557d9f38d3fe1ac037d8b887677cc6c6f54df3c/mechanisms/rap_pp.py
# Title: mechanisms/rap_pp.py (RAP++ projection step: jitted loss on query statistics and its gradient update)
# Cut: kept ManageStats' jitted statistics functions, get_loss_functions and get_update_fn; the training schedule, privacy accounting and sparsemax projection body and the self._clip_array call are dropped (sparsemax_project is imported).
import jax.numpy as jnp
from jax import jit, value_and_grad
from jax.example_libraries import optimizers

from util import sparsemax_project


class ManageStats:
    def __init__(self, statistics, SUB_QUERIES_SIZE):
        self.jit_sub_exact_statistics_fn = jit(
            statistics.get_exact_statistics_fn(queries_size=SUB_QUERIES_SIZE)
        )
        self.jit_sub_diff_statistics_fn = jit(
            statistics.get_differentiable_statistics_fn(queries_size=SUB_QUERIES_SIZE)
        )


class RAPpp:
    def get_loss_functions(self, stat_holder: ManageStats):
        exact_stat_fn = stat_holder.jit_sub_exact_statistics_fn
        differentialble_stat_fn = stat_holder.jit_sub_diff_statistics_fn

        @jit
        def progress_loss_fn(D_prime, queries_idx, private_target_answers):
            stats1 = exact_stat_fn(queries_idx, D_prime)
            error1 = private_target_answers - stats1
            loss_1 = jnp.linalg.norm(error1, ord=2)
            return loss_1

        @jit
        def loss_fn(D_prime, sigmoid_param, queries_idx, private_target_answers):
            stats1 = differentialble_stat_fn(queries_idx, D_prime, sigmoid_param)
            error1 = private_target_answers - stats1
            loss_1 = jnp.linalg.norm(error1, ord=2)
            return loss_1

        return progress_loss_fn, loss_fn

    def get_update_fn(self, domain, loss_fn):
        opt_init, opt_update, get_params = optimizers.adam(lambda x: x)

        feats_csum = jnp.array([0] + list(domain.shape)).cumsum()
        feats_idx = [
            list(range(feats_csum[i], feats_csum[i + 1]))
            for i in range(len(feats_csum) - 1)
        ]

        @jit
        def update_fn(
            state, sigmoid_param, opt_lr, queries_idx, private_target_answers
        ):
            """Compute the gradient and update the parameters"""
            D_prime = get_params(state)
            value, grads = value_and_grad(loss_fn, argnums=0)(
                D_prime, sigmoid_param, queries_idx, private_target_answers
            )
            state = opt_update(opt_lr, grads, state)

            unpacked_state = optimizers.unpack_optimizer_state(state)
            new_D_prime = unpacked_state.subtree[0]
            new_D_prime = sparsemax_project(new_D_prime, feats_idx)
            unpacked_state.subtree = (
                new_D_prime,
                unpacked_state.subtree[1],
                unpacked_state.subtree[2],
            )
            updated_state = optimizers.pack_optimizer_state(unpacked_state)

            return updated_state, get_params(updated_state), value

        return update_fn
