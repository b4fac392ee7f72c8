# Source: https://github.com/meliao/jaxhps/blob/c1ba825f4cf5a95b6302336d27a383951fadb7d8/src/jaxhps/_build_solver.py
# Title: src/jaxhps/_build_solver.py (jaxhps)
# Cut: imports reduced to the names used; long docstring shortened; the adaptive branch and other functions cut.
import logging
import jax
import jax.numpy as jnp

from ._pdeproblem import PDEProblem, _get_PDEProblem_chunk
from .local_solve import (
    local_solve_chunksize_2D,
    local_solve_chunksize_3D,
    local_solve_stage_uniform_2D_DtN,
    local_solve_stage_uniform_2D_ItI,
    local_solve_stage_uniform_3D_DtN,
)
from .merge import (
    merge_stage_uniform_2D_DtN,
    merge_stage_uniform_2D_ItI,
    merge_stage_uniform_3D_DtN,
)


def build_solver(
    pde_problem: PDEProblem,
    return_top_T: bool = False,
    compute_device: jax.Device = jax.devices()[0],
    host_device: jax.Device = jax.devices("cpu")[0],
) -> None | jax.Array:
    """Builds all of the matrices for the fast direct solver: a local solve stage on
    each leaf, then merges from the leaves to the root, computed on compute_device
    and transferred to host_device."""
    if pde_problem.use_ItI:
        local_solve_fn = local_solve_stage_uniform_2D_ItI
        merge_fn = merge_stage_uniform_2D_ItI
        chunksize_fn = local_solve_chunksize_2D

    elif pde_problem.domain.bool_uniform and pde_problem.domain.bool_2D:
        local_solve_fn = local_solve_stage_uniform_2D_DtN
        merge_fn = merge_stage_uniform_2D_DtN
        chunksize_fn = local_solve_chunksize_2D
    elif pde_problem.domain.bool_uniform and not pde_problem.domain.bool_2D:
        local_solve_fn = local_solve_stage_uniform_3D_DtN
        merge_fn = merge_stage_uniform_3D_DtN
        chunksize_fn = local_solve_chunksize_3D

    # Determine if batching is necessary.
    chunksize = chunksize_fn(pde_problem.domain.p, pde_problem.source.dtype)
    if chunksize < pde_problem.domain.n_leaves:
        # Do the local solve stage in batches.
        Y_arr_lst = []
        T_arr_lst = []
        v_lst = []
        h_lst = []

        for start_idx in range(0, pde_problem.domain.n_leaves, chunksize):
            end_idx = min(start_idx + chunksize, pde_problem.domain.n_leaves)

            # Get a chunk of the PDEProblem
            chunk_i = _get_PDEProblem_chunk(
                pde_problem=pde_problem, start_idx=start_idx, end_idx=end_idx
            )
            logging.debug(
                "build_solver: chunk_i.source.shape = %s", chunk_i.source.shape
            )
            # Perform the local solve stage on the chunk
            Y_arr_chunk, T_arr_chunk, v_chunk, h_chunk = local_solve_fn(
                pde_problem=chunk_i,
                device=compute_device,
                host_device=host_device,
            )
            Y_arr_lst.append(Y_arr_chunk)
            T_arr_lst.append(T_arr_chunk)
            v_lst.append(v_chunk)
            h_lst.append(h_chunk)

        # Concatenate the results from all chunks
        Y_arr_host = jnp.concatenate(Y_arr_lst, axis=0)
        T_arr_host = jnp.concatenate(T_arr_lst, axis=0)
        v_host = jnp.concatenate(v_lst, axis=0)
        h_host = jnp.concatenate(h_lst, axis=0)
    else:
        # Perform the local solve stage all at once for smaller problem sizes
        Y_arr_host, T_arr_host, v_host, h_host = local_solve_fn(
            pde_problem=pde_problem,
            device=compute_device,
            host_device=host_device,
        )
    pde_problem.Y = Y_arr_host
    pde_problem.v = v_host

    # Perform the merge stage
    merge_out = merge_fn(
        T_arr_host,
        h_host,
        l=pde_problem.domain.L,
        device=compute_device,
        host_device=host_device,
        return_T=return_top_T,
    )
    pde_problem.S_lst = merge_out[0]
    pde_problem.g_tilde_lst = merge_out[1]

    if return_top_T:
        return merge_out[2]

