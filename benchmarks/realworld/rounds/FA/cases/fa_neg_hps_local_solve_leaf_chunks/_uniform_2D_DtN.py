# Source: https://github.com/meliao/jaxhps/blob/1e12a122d9c77b890ec88572e37bedf18fee0b1f/src/jaxhps/merge/_uniform_2D_DtN.py
# Title: src/jaxhps/merge/_uniform_2D_DtN.py (HPS merge stage, one vmapped merge per quadtree level)
# Cut: kept the level loop of merge_stage_uniform_2D_DtN (the device moves and subtree branch reduced) and the jitted vmapped merge wrapper; the Schur-complement merge body replaced by its call.
import logging
from typing import Tuple

import jax
import jax.numpy as jnp

from ._schur_complement import assemble_merge_outputs_DtN, _uniform_quad_merge_DtN


def merge_stage_uniform_2D_DtN(
    T_arr: jnp.array,
    h_arr: jnp.array,
    l: int,
    device: jax.Device = jax.devices()[0],
    host_device: jax.Device = jax.devices("cpu")[0],
    subtree_recomp: bool = False,
    return_T: bool = False,
):
    T_arr = jax.device_put(T_arr, device)
    h_arr = jax.device_put(h_arr, device)

    if len(T_arr.shape) < 4:
        n_leaves, n_ext, _ = T_arr.shape
        T_arr = T_arr.reshape(n_leaves // 4, 4, n_ext, n_ext)
        h_arr = h_arr.reshape(n_leaves // 4, 4, n_ext, 1)

    S_lst = []
    g_tilde_lst = []

    # Working on merging the merge pairs at level i
    for i in range(l - 1):
        (
            S_arr,
            T_arr_new,
            h_arr_new,
            g_tilde_arr,
        ) = vmapped_uniform_quad_merge_DtN(T_arr, h_arr)
        T_arr.delete()
        h_arr.delete()
        S_lst.append(jax.device_put(S_arr, host_device))
        g_tilde_lst.append(jax.device_put(g_tilde_arr, host_device))
        T_arr = T_arr_new
        h_arr = h_arr_new

    return S_lst, g_tilde_lst, T_arr


_vmapped_uniform_quad_merge_DtN = jax.vmap(
    _uniform_quad_merge_DtN,
    in_axes=(0, 0, 0, 0, 0, 0, 0, 0),
    out_axes=(0, 0, 0, 0),
)


@jax.jit
def vmapped_uniform_quad_merge_DtN(
    T_in: jnp.ndarray,
    h_in: jnp.ndarray,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    S, T, h_out, g_tilde_out = _vmapped_uniform_quad_merge_DtN(
        T_in[:, 0],
        T_in[:, 1],
        T_in[:, 2],
        T_in[:, 3],
        h_in[:, 0],
        h_in[:, 1],
        h_in[:, 2],
        h_in[:, 3],
    )
    n_merges, n_int, n_ext = S.shape
    T_out = T.reshape((n_merges // 4, 4, n_ext, n_ext))
    if h_in.ndim == 2:
        h_out = h_out.reshape((n_merges // 4, 4, n_ext))
    else:
        nsrc = h_in.shape[-1]
        h_out = h_out.reshape((n_merges // 4, 4, n_ext, nsrc))

    return (S, T_out, h_out, g_tilde_out)


