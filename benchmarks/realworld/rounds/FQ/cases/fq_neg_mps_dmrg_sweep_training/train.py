# Source: https://github.com/dfki-ric-quantum/tn_explainability/blob/139d15eac2202c2b55e178593847f72489e9a53e/tn/mps/train.py
# Title: tn/mps/train.py (MPS generative model, two-site sweeps as in Han et al. 2018)
# Cut: docstrings and the logging helper cut.
import jax
import jax.numpy as jnp
import optax
from absl import logging
from flax.training.early_stopping import EarlyStopping
from ml_collections import config_dict
from sklearn.model_selection import train_test_split

from tn.data.batch import get_batches
from tn.mps import MPS
from tn.mps.contraction import build_psic_contraction_expr
from tn.mps.metrics import NLLFunctor
from tn.mps.ops import trunc_svd_decomp_normalize_left, trunc_svd_decomp_normalize_right
from tn.optimizer import MPSOptimizer


class PsiGradFunctor:

    def __init__(
        self,
        mps: MPS,
        contracted_shape: tuple[int, ...],
        contracted_site: int,
    ) -> None:
        self.mps = mps
        self.contracted_site = contracted_site

        self.expr = build_psic_contraction_expr(
            mps.shapes, contracted_shape, contracted_site, mps.d
        )

    def __call__(self, states: jax.Array, contracted: jax.Array) -> jax.Array:
        return (2.0 / states.shape[0]) * jnp.sum(
            jax.vmap(self._grad, in_axes=(0, None))(states, contracted), axis=0
        )

    def _grad(self, state: jax.Array, contracted: jax.Array) -> jax.Array:
        psi_v, psi_d = jax.value_and_grad(self._psi)(contracted, state)
        return psi_d / psi_v

    def _psi(self, contracted, state: jax.Array) -> jax.Array:
        return jnp.trace(
            self.expr(
                *self.mps[: self.contracted_site],
                contracted,
                *self.mps[self.contracted_site + 2 :],
                *state,
                backend="jax",
            )
        )


def evaluate(mps: MPS, x_train: jax.Array, x_val: jax.Array) -> dict:
    loss_fn = NLLFunctor(mps.shapes, mps.d)

    return {
        "tl": loss_fn(x_train, mps).mean(),
        "vl": loss_fn(x_val, mps).mean(),
        "ab": mps.average_bond_dim,
    }


def train_mps(
    mps: MPS,
    x: jax.Array,
    *,
    cfg: config_dict.FrozenConfigDict,
    validation_split: float = 0.2,
    patience: int = 2,
) -> list[dict]:

    eval_metrics = []

    mps.left_canonicalize()

    adam = optax.adam(cfg.lrate)
    optimizer = MPSOptimizer(adam, n_bonds=mps.n_sites - 1)

    x_train, x_val = train_test_split(x, test_size=validation_split)

    logging.info("Starting MPS training...")
    logging.info("Computing initial metrics...")

    metrics = evaluate(mps, x_train, x_val)
    eval_metrics.append(metrics)
    
    early_stop = EarlyStopping(min_delta=0.01, patience=patience)
    early_stop.update(metrics["vl"])

    for sweep in range(cfg.n_sweeps):
        logging.info("Sweep %d - left sweep", sweep + 1)

        for lidx, ridx, lhs, rhs in mps.two_site_reverse():
            contracted = jnp.einsum("abc,cde->abde", lhs, rhs)
            psi_grad = PsiGradFunctor(mps, contracted.shape, lidx)

            for batch in get_batches(x_train, cfg.batch_size):
                gradient = 2 * contracted - psi_grad(batch, contracted)
                contracted = optimizer.update(contracted, gradient, lidx)

            mps.update_ln(
                lidx,
                ridx,
                *trunc_svd_decomp_normalize_right(
                    contracted, cfg.max_bond, cfg.sigma_thresh
                ),
            )

        logging.info("Sweep %d - right sweep", sweep + 1)

        for lidx, ridx, lhs, rhs in mps.two_site_forward():
            contracted = jnp.einsum("abc,cde->abde", lhs, rhs)
            psi_grad = PsiGradFunctor(mps, contracted.shape, lidx)

            for batch in get_batches(x_train, cfg.batch_size):
                gradient = 2 * contracted - psi_grad(batch, contracted)
                contracted = optimizer.update(contracted, gradient, lidx)

            mps.update_rn(
                lidx,
                ridx,
                *trunc_svd_decomp_normalize_left(
                    contracted, cfg.max_bond, cfg.sigma_thresh
                ),
            )

        metrics = evaluate(mps, x_train, x_val)
        eval_metrics.append(metrics)
        early_stop.update(metrics["vl"])

        if early_stop.should_stop:
            logging.info("Stopping early at sweep: %d", sweep + 1)
            break

    logging.info("Finished MPS training.")

    return eval_metrics
