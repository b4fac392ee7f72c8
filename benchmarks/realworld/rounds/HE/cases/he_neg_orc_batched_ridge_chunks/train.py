# Source: https://github.com/Jan-Williams/OpenReservoirComputing/blob/50f1db67ee8cc43dcad15eb05c9f598c71323085/src/orc/forecaster/train.py
# Title: src/orc/forecaster/train.py (train_ESNForecaster)
# Cut: kept train_ESNForecaster without its docstring and argument checks.
"""Training functions for reservoir computer forecasters."""

import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array

from orc.forecaster.models import ESNForecaster
from orc.readouts import ParallelNonlinearReadout
from regressions import (
    _solve_all_ridge_reg,
    _solve_all_ridge_reg_batched,
)


def train_ESNForecaster(
    model: ESNForecaster,
    train_seq: Array,
    target_seq: Array = None,
    spinup: int = 0,
    initial_res_state: Array = None,
    beta: float = 8e-8,
    batch_size: int = None,
) -> tuple[ESNForecaster, Array]:
    """Training function for ESNForecaster."""

    if initial_res_state is None:
        initial_res_state = jnp.zeros(
            (
                model.embedding.chunks,
                model.res_dim,
            ),
            dtype=model.dtype,
        )

    if target_seq is None:
        tot_seq = train_seq
        target_seq = train_seq[1:, :]
        train_seq = train_seq[:-1, :]
    else:
        tot_seq = jnp.vstack((train_seq, target_seq[-1:]))

    tot_res_seq = model.force(tot_seq, initial_res_state)
    res_seq = tot_res_seq[:-1]
    if isinstance(model.readout, ParallelNonlinearReadout):
        res_seq_train = eqx.filter_vmap(model.readout.nonlinear_transform)(res_seq)
    else:
        res_seq_train = res_seq

    if batch_size is None:
        cmat = _solve_all_ridge_reg(
            res_seq_train[spinup:],
            target_seq[spinup:].reshape(
                res_seq[spinup:].shape[0], res_seq.shape[1], -1
            ),
            beta,
        )
    else:
        cmat = _solve_all_ridge_reg_batched(
            res_seq_train[spinup:],
            target_seq[spinup:].reshape(
                res_seq[spinup:].shape[0], res_seq.shape[1], -1
            ),
            beta,
            batch_size,
        )

    def where(m):
        return m.readout.wout

    model = eqx.tree_at(where, model, cmat)

    return model, tot_res_seq


