# Source: https://github.com/iqubit-org/supergrad/blob/baf01402e34303d32155eae31ee96f8f3d8a8503/benchmark/test_comparison_exists.py
# Title: supergrad benchmark/test_comparison_exists.py (Benchmark: supergrad AD vs finite-difference gradients)
# Cut: other benchmarks and model options removed; pytest-benchmark/memory decorators kept as in
#      the file; the model factory call shortened.
import gc
import os
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

import supergrad
from supergrad.utils.sharding import distributed_state_fidelity
from supergrad.utils.memory_profiling import trace_max_memory_usage
from benchmark.utils.create_simultaneous_model import create_simultaneous_x

dir_path = os.path.dirname(os.path.realpath(__file__))


def test_overall_differentiable_simulation_fdm_supergrad(benchmark, n_qubit):
    evo = create_simultaneous_x(n_qubit=n_qubit, astep=5000, trotter_order=2)
    tag = f'overall_differentiable_simulation_fdm_supergrad_{n_qubit}_qubits'
    benchmark.group = tag

    # benchmark
    u_ref = supergrad.tensor(*[np.array([[0, 1], [1, 0]])] * n_qubit)
    u_ref = jax.device_put(u_ref, jax.devices('cpu')[0])
    params, unflatten = ravel_pytree(evo.all_params)

    @jax.jit
    def infidelity(params):
        return 1 - distributed_state_fidelity(u_ref, evo.product_basis(params))

    # benchmark
    @benchmark
    @partial(trace_max_memory_usage, pid=os.getpid())
    @jax.block_until_ready
    def vg_infidelity():
        center_val = infidelity(evo.all_params)
        # Set a step size for finite differences calculations
        eps = 1e-4
        # sweep over all parameters
        grad_numerical = []
        for index in range(len(params)):
            # using forward diff
            params_var = params.at[index].add(eps)
            grad_numerical.append(
                (infidelity(unflatten(params_var)) - center_val) / eps)
            print(f'grad_numerical {index}: {grad_numerical[-1]}')
            gc.collect()
        # unflatten the numerical gradients
        grad_numerical = unflatten(jnp.array(grad_numerical))
        return center_val, grad_numerical

        # # sweep over all parameters
        # using jax.vmap to compute the gradients
        # @partial(jax.vmap, in_axes=(0, None))
        # def compute_finite_diff_at_coordinate(index, eps):
        #     params_var = params.at[index].add(eps)
        #     return (infidelity(unflatten(params_var)) - center_val) / eps

        # grad_numerical = compute_finite_diff_at_coordinate(
        #     jnp.arange(len(params)), eps)
        # grad_numerical = unflatten(grad_numerical)
        # return center_val, grad_numerical

    benchmark.extra_info.update({'memory': vg_infidelity[1]})
    benchmark.extra_info.update({'num_params': len(params)})
    # save the gradient
    jnp.save(f'{dir_path}/res_data/{tag}.npy', vg_infidelity[0])
    assert len(vg_infidelity[0]) == 2
