# Source: https://github.com/haydn-jones/SOAP_JAX/blob/2c0c34fa02ae91ead7d8a65c3309a5cdaf8a091c/src/soap_jax/soap.py
# Title: src/soap_jax/soap.py (SOAP optimizer, Optax port)
# Cut: update_step lifted out of scale_by_soap (its closure values passed as arguments), Q refresh dropped;
#      kept the per-tensor-axis helpers
#      (update_preconditioner, project, project_back, lerp, init_conditioner); docstrings dropped.
from itertools import chain
from typing import List, Union

import jax
import jax.numpy as jnp
import jax.tree_util as jtu
import optax.tree_utils as otu
from chex import Numeric
from jaxtyping import Array


def update_step(updates, state, b1, b2, eps, shampoo_beta, precision):
    # Project gradients
    grad_projected = jtu.tree_map(
        lambda grad, q: project(grad, q, precision),
        updates,
        state.Q,
    )

    # Update moments
    exp_avg = otu.tree_update_moment(updates, state.exp_avg, b1, 1)
    exp_avg_sq = otu.tree_update_moment_per_elem_norm(grad_projected, state.exp_avg_sq, b2, 2)

    exp_avg_projected = jtu.tree_map(
        lambda e, q: project(e, q, precision),
        exp_avg,
        state.Q,
    )

    # Project back
    norm_updates = jtu.tree_map(
        lambda e_avg, e_avg_sq, q: project_back(e_avg / (jnp.sqrt(e_avg_sq) + eps), q, precision),
        exp_avg_projected,
        exp_avg_sq,
        state.Q,
    )

    # Update the preconditioner
    new_GG = jtu.tree_map(
        lambda grad, gg: update_preconditioner(grad, gg, shampoo_beta, precision),
        updates,
        state.GG,
    )
    return norm_updates, exp_avg, exp_avg_sq, new_GG


def update_preconditioner(
    grad: Array,
    GG: List[Union[Array, None]],
    beta: float,
    precision: jax.lax.PrecisionLike = jax.lax.Precision.HIGHEST,
) -> List[Union[Array, None]]:
    if grad.ndim == 1:
        return [lerp(GG[0], jnp.matmul(grad[:, None], grad[None, :], precision=precision), 1 - beta)]  # type: ignore

    new_GG = []
    for idx, gg in enumerate(GG):
        if gg is None:
            new_GG.append(None)
            continue

        outer_product = jnp.tensordot(
            grad,
            grad,
            axes=[[*chain(range(idx), range(idx + 1, len(grad.shape)))]] * 2,
            precision=precision,
        )
        new_GG.append(lerp(gg, outer_product, 1 - beta))

    return new_GG


def project(
    grad: Array,
    Q: List[Union[Array, None]],
    precision: jax.lax.PrecisionLike = jax.lax.Precision.HIGHEST,
) -> Array:
    for mat in Q:
        if mat is not None:  # noqa: SIM108
            grad = jnp.tensordot(
                grad,
                mat,
                axes=((0,), (0,)),
                precision=precision,
            )
        else:
            permute_order = list(range(1, len(grad.shape))) + [0]
            grad = jnp.transpose(grad, permute_order)

    return grad


def project_back(
    grad: Array,
    Q: List[Union[Array, None]],
    precision: jax.lax.PrecisionLike = jax.lax.Precision.HIGHEST,
) -> Array:
    for mat in Q:
        if mat is not None:  # noqa: SIM108
            grad = jnp.tensordot(
                grad,
                mat,
                axes=((0,), (1,)),
                precision=precision,
            )
        else:
            grad = jnp.moveaxis(grad, 0, -1)

    return grad


def lerp(
    start: Array,
    end: Array,
    weight: Numeric,
):
    return start + weight * (end - start)


def init_conditioner(p: Array, max_precond_dim: int) -> List[Union[Array, None]]:
    if p.ndim == 1:
        return [jnp.zeros((p.shape[0], p.shape[0]))]

    return [jnp.zeros((s, s)) if s <= max_precond_dim else None for s in p.shape]
