# Source: https://github.com/evanatyourservice/psgd_jax/blob/7d01c01fee1642a069179aed5310fbd503fee50a/psgd_jax/affine.py
# Title: psgd_jax/affine.py (PSGD affine preconditioner for Optax)
# Cut: kept the preconditioner-update part of update_fn (as a function of its closure values), the
#      norm lower bound, _triu01, _solve_triangular and _update_precond_affine_math_; the optax wrapper,
#      momentum, shape helpers and the dropv variant dropped; add_eps imported from psgd_jax.utils as upstream.
import jax
from jax import numpy as jnp
from jax.random import PRNGKey

from psgd_jax.utils import add_eps


def _update_precond(key: PRNGKey, state, Hvs, vs, affine_reshapers, precond_lr_in,
                    step_normalizer_order, precision, precond_init_scale=None,
                    hessian_based_preconditioning=True):
    Hvs = [r[0](x) for x, r in zip(jax.tree.leaves(Hvs), affine_reshapers)]

    if hessian_based_preconditioning:
        vs = [r[0](x) for x, r in zip(jax.tree.leaves(vs), affine_reshapers)]

        # init Qs
        def init_q(v, h):
            if precond_init_scale is not None:
                return precond_init_scale
            else:
                return (jnp.sum(v * v.conj()) / jnp.sum(h * h.conj())) ** 0.25

        Qs = jax.lax.cond(
            state.count == 0,
            lambda: [
                [init_q(v, h) ** 0.5 * q for q in Qlr]
                for v, h, Qlr in zip(vs, Hvs, state.Qs)
            ],
            lambda: state.Qs,
        )

        # update preconditioner
        key, subkey = jax.random.split(key)
        keys = jax.random.split(subkey, len(Qs))
        Qs = [
            _update_precond_affine_math_(
                k,
                Qlr[0],
                Qlr[1],
                v,
                h,
                precond_lr_in,
                step_normalizer_order,
                precision,
            )
            for (k, Qlr, v, h) in zip(
                keys, Qs, jax.tree.leaves(vs), jax.tree.leaves(Hvs)
            )
        ]
    return key, Qs


def _norm_lower_bound(A: jax.Array):
    """
    Returns a cheap lower bound for the spectral norm of A.
    Numerical results on random matrices with a wide range of distributions and sizes suggest,
        norm(A) <= sqrt(2) * norm_lower_bound(A)
    Looks to be a very tight lower bound.
    """
    aa = jnp.real(A * A.conj())
    value0, i = jnp.max(jnp.sum(aa, axis=0), 0)
    value1, j = jnp.max(jnp.sum(aa, axis=1), 0)

    def gt_branch():
        x = A[:, i].conj() @ A
        return jnp.linalg.norm((x / jnp.linalg.norm(x)) @ A.conj().T)

    def le_branch():
        x = A @ A[j].conj()
        normx = jnp.linalg.norm(x)
        return jax.lax.cond(
            normx > 0, lambda: jnp.linalg.norm(A.conj().T @ (x / normx)), lambda: normx
        )

    return jax.lax.cond(value0 > value1, gt_branch, le_branch)


def _triu01(A):
    # it is useful as for a small A, the R of QR decomposition qr(I + A) is about
    # I + triu(A, 0) + triu(A, 1)
    return jnp.triu(A, 0) + jnp.triu(A, 1)


def _solve_triangular(a, b, upper, left=True):
    """jax.lax.linalg.triangular_solve rewritten to match PyTorch convention."""
    return jax.lax.linalg.triangular_solve(a, b, left_side=left, lower=not upper)


def _update_precond_affine_math_(
    key, Ql, Qr, dX, dG, precond_lr, step_normalizer, precision
):
    with jax.default_matmul_precision(precision):

        if Ql.ndim == 2:
            if Qr.ndim == 2:  # Ql.dim()=2 and Qr.dim()=2:
                A = jnp.linalg.multi_dot([Ql, dG, Qr.conj().T])
                Bh = _solve_triangular(
                    Ql.conj().T,
                    _solve_triangular(Qr, dX, upper=True, left=False),
                    upper=False,
                )

                AhA, BhB = A.conj().T @ A, Bh @ Bh.conj().T
                grad1 = _triu01(A @ A.conj().T - BhB)
                grad2 = _triu01(AhA - Bh.conj().T @ Bh)

                if step_normalizer == "2nd":
                    step1 = precond_lr / add_eps(jnp.trace(AhA) + jnp.trace(BhB))
                    step2 = step1
                else:
                    step1 = precond_lr / add_eps(_norm_lower_bound(grad1))
                    step2 = precond_lr / add_eps(_norm_lower_bound(grad2))

                Ql -= step1 * grad1 @ Ql
                Qr -= step2 * grad2 @ Qr
            else:  # Ql.dim()=2 and Qr.dim()=1:
                A = Ql @ (dG * Qr.conj())
                Bh = _solve_triangular(Ql.conj().T, dX / Qr, upper=False)

                AAh, BhB = A @ A.conj().T, Bh @ Bh.conj().T
                AAc, BBc = jnp.sum(A * A.conj(), axis=0), jnp.sum(
                    Bh * Bh.conj(), axis=0
                )
                grad1 = _triu01(AAh - BhB)
                grad2 = AAc - BBc

                if step_normalizer == "2nd":
                    step1 = precond_lr / add_eps(jnp.trace(AAh + BhB))
                    step2 = precond_lr / add_eps(jnp.max(jnp.real(AAc + BBc)))
                else:
                    step1 = precond_lr / add_eps(_norm_lower_bound(grad1))
                    step2 = precond_lr / add_eps(jnp.max(jnp.abs(grad2)))

                Ql -= step1 * grad1 @ Ql
                Qr -= step2 * grad2 * Qr
        else:
            if Qr.ndim == 2:  # Ql.dim()=1 and Qr.dim()=2:
                A = (Ql[:, None] * dG) @ Qr.conj().T
                Bh = _solve_triangular(Qr, dX, upper=True, left=False) / (
                    Ql.conj()[:, None]
                )

                AAc, BBc = jnp.sum(A * A.conj(), axis=1), jnp.sum(
                    Bh * Bh.conj(), axis=1
                )
                AhA, BBh = A.conj().T @ A, Bh.conj().T @ Bh
                grad1 = AAc - BBc
                grad2 = _triu01(AhA - BBh)

                if step_normalizer == "2nd":
                    step1 = precond_lr / add_eps(jnp.max(jnp.real(AAc + BBc)))
                    step2 = precond_lr / add_eps(jnp.trace(AhA + BBh))
                else:
                    step1 = precond_lr / add_eps(jnp.max(jnp.abs(grad1)))
                    step2 = precond_lr / add_eps(_norm_lower_bound(grad2))

                Ql -= step1 * grad1 * Ql
                Qr -= step2 * grad2 @ Qr
            else:  # Ql.dim()=1 and Qr.dim()=1:
                A = Ql[:, None] * dG * Qr.conj()
                Bh = dX / Qr / Ql.conj()[:, None]

                AAc1, BBc1 = jnp.sum(A * A.conj(), axis=1), jnp.sum(
                    Bh * Bh.conj(), axis=1
                )
                AAc2, BBc2 = jnp.sum(A * A.conj(), axis=0), jnp.sum(
                    Bh * Bh.conj(), axis=0
                )
                grad1 = AAc1 - BBc1
                grad2 = AAc2 - BBc2

                if step_normalizer == "2nd":
                    step1 = precond_lr / add_eps(jnp.max(jnp.real(AAc1 + BBc1)))
                    step2 = precond_lr / add_eps(jnp.max(jnp.real(AAc2 + BBc2)))
                else:
                    step1 = precond_lr / add_eps(jnp.max(jnp.abs(grad1)))
                    step2 = precond_lr / add_eps(jnp.max(jnp.abs(grad2)))

                Ql -= step1 * grad1 * Ql
                Qr -= step2 * grad2 * Qr

        def _balance(Ql, Qr):
            max_l = jnp.max(jnp.abs(Ql))
            max_r = jnp.max(jnp.abs(Qr))

            rho = jnp.sqrt(max_l / max_r)
            Ql /= rho
            Qr *= rho
            return Ql, Qr

        key, subkey = jax.random.split(key)
        Ql, Qr = jax.lax.cond(
            jax.random.uniform(subkey) < 0.01, _balance, lambda ql, qr: (ql, qr), Ql, Qr
        )

        return [Ql, Qr]

