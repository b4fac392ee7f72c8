# Source: https://github.com/bagibence/pgam_jax/blob/f6fda48d2c6f07814e4b4e40b615f17a4789fefa/src/pgam_jax/_slam_compute.py
# Title: pgam_jax src/pgam_jax/_slam_compute.py (_compute_log_det_slam_factory)
# Cut: kept compute_groups and the factory's group loop; compute_hess dropped; transform/log-det kernels (same module) shown as imports. The returned function is called inside laplace_reml, which is differentiated through a custom_vjp
from collections import defaultdict

import jax
import jax.numpy as jnp

from ._slam_kernels import transform_slam, log_det_and_grad_slam


def compute_groups(tensors):
    groups = defaultdict(list)
    for i, m in enumerate(tensors):
        groups[m.shape].append(i)
    return dict(groups)  # {shape: [original_indices]}


def _compute_log_det_slam_factory(penalty_tree):
    frobs = jax.tree_util.tree_map(
        lambda x: jnp.sqrt(jnp.sum(x**2, axis=(1, 2), keepdims=True)), penalty_tree
    )
    eig_res = jax.tree_util.tree_map(
        lambda x, f: jnp.linalg.eigh(jnp.sum(x / f, axis=0)), penalty_tree, frobs
    )
    eigenvalues, eigenvectors = zip(*eig_res)
    _eps = jnp.finfo(float).eps
    keep = jax.tree_util.tree_map(lambda e: e > e[-1] * (_eps**0.8), eigenvalues)
    flat, struct = jax.tree_util.tree_flatten(penalty_tree)
    tl = jax.tree_util.tree_leaves

    # formally full rank S_i
    full_rank_flat = [
        u[:, k].T @ x @ u[:, k] for (x, u, k) in zip(flat, tl(eigenvectors), tl(keep))
    ]

    # compute the groups statically
    groups = compute_groups(full_rank_flat)

    _vmap_transform = jax.vmap(transform_slam, in_axes=(0, 0))
    _vmap_val_grad = jax.vmap(log_det_and_grad_slam, in_axes=(0, 0))

    def _transform_and_stack(rho_flat, indices):
        stacked_s = jnp.stack([full_rank_flat[i] for i in indices])
        stacked_rho = jnp.stack([rho_flat[i] for i in indices])
        s_out = _vmap_transform(stacked_s, stacked_rho)
        return stacked_rho, s_out

    def compute_log_det_and_grad(rho_tree):
        rho_flat = tl(rho_tree)
        n = len(full_rank_flat)
        grads = [None] * n
        log_dets = [None] * n
        for shape, indices in groups.items():
            stacked_rho, s_out = _transform_and_stack(rho_flat, indices)
            log_det, grad = _vmap_val_grad(stacked_rho, s_out)
            for local_i, global_i in enumerate(indices):
                log_dets[global_i] = log_det[local_i]
                grads[global_i] = grad[local_i]
        return (
            jax.tree_util.tree_unflatten(struct, log_dets),
            jax.tree_util.tree_unflatten(struct, grads),
        )

    return compute_log_det_and_grad
