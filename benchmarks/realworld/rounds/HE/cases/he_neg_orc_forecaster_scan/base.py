# Source: https://github.com/Jan-Williams/OpenReservoirComputing/blob/50f1db67ee8cc43dcad15eb05c9f598c71323085/src/orc/forecaster/base.py
# Title: src/orc/forecaster/base.py (RCForecasterBase: teacher forcing and autonomous forecasting)
# Cut: kept the discrete-time base class (fields, constructor, force, __call__, forecast, forecast_from_IC);
#      the class docstring, setters and the continuous-time CRCForecasterBase are dropped.
"""Defines base classes for Reservoir Computer Forecasters."""

from abc import ABC

import diffrax
import equinox as eqx
import jax
import jax.numpy as jnp
from jaxtyping import Array, Float

from orc.drivers import DriverBase
from orc.embeddings import EmbedBase
from orc.readouts import ReadoutBase


class RCForecasterBase(eqx.Module, ABC):
    """Base class for reservoir computer forecasters."""


    driver: DriverBase
    readout: ReadoutBase
    embedding: EmbedBase
    in_dim: int
    out_dim: int
    res_dim: int
    chunks: int = 0
    dtype: Float = jnp.float64
    seed: int = 0

    def __init__(
        self,
        driver: DriverBase,
        readout: ReadoutBase,
        embedding: EmbedBase,
        chunks: int = 0,
        dtype: Float = jnp.float64,
        seed: int = 0,
    ) -> None:
        """Initialize RCForecaster Base.

        Parameters
        ----------
        driver : DriverBase
            Driver layer of the reservoir computer.
        readout : ReadoutBase
            Readout layer of the reservoir computer.
        embedding : EmbedBase
            Embedding layer of the reservoir computer.
        chunks : int
            Number of parallel reservoirs.
        dtype : type
            Data type of the reservoir computer (jnp.float64 is highly recommended).
        seed : int
            Random seed for generating the PRNG key for the reservoir computer.
        """
        self.driver = driver
        self.readout = readout
        self.embedding = embedding
        self.in_dim = self.embedding.in_dim
        self.out_dim = self.readout.out_dim
        self.res_dim = self.driver.res_dim
        self.chunks = chunks
        self.dtype = dtype
        self.seed = seed

    @eqx.filter_jit
    def force(self, in_seq: Array, res_state: Array) -> Array:
        """Teacher forces the reservoir.

        Parameters
        ----------
        in_seq: Array
            Input sequence to force the reservoir, (shape=(seq_len, data_dim)).
        res_state : Array
            Initial reservoir state, (shape=(chunks, res_dim,)).

        Returns
        -------
        Array
            Forced reservoir sequence, (shape=(seq_len, chunks, res_dim)).
        """

        def scan_fn(state, in_vars):
            proj_vars = self.embedding.embed(in_vars)
            res_state = self.driver.advance(proj_vars, state)
            return (res_state, res_state)

        _, res_seq = jax.lax.scan(scan_fn, res_state, in_seq)
        return res_seq

    def __call__(self, in_seq: Array, res_state: Array) -> Array:
        """Teacher forces the reservoir, wrapper for `force` method.

        Parameters
        ----------
        in_seq: Array
            Input sequence to force the reservoir, (shape=(seq_len, data_dim)).
        res_state : Array
            Initial reservoir state, (shape=(chunks, res_dim,)).

        Returns
        -------
        Array
            Forced reservoir sequence, (shape=(seq_len, chunks, res_dim)).
        """
        return self.force(in_seq, res_state)
    @eqx.filter_jit
    def forecast(self, fcast_len: int, res_state: Array) -> Array:
        """Forecast from an initial reservoir state.

        Parameters
        ----------
        fcast_len : int
            Steps to forecast.
        res_state : Array
            Initial reservoir state, (shape=(chunks, res_dim)).

        Returns
        -------
        Array
            Forecasted states, (shape=(fcast_len, data_dim))
        """

        def scan_fn(state, _):
            out_state = self.driver.advance(
                self.embedding.embed(self.readout.readout(state)), state
            )
            return (out_state, self.readout.readout(out_state))

        _, state_seq = jax.lax.scan(scan_fn, res_state, None, length=fcast_len - 1)
        pre_append_state = self.readout.readout(res_state)
        return jnp.vstack([pre_append_state, state_seq])

    @eqx.filter_jit
    def forecast_from_IC(self, fcast_len: int, spinup_data: Array) -> Array:
        """Forecast from a sequence of spinup data.

        Parameters
        ----------
        fcast_len : int
            Steps to forecast.
        spinup_data : Array
            Initial condition sequence, (shape=(seq_len, data_dim)).

        Returns
        -------
        Array
            Forecasted states, (shape=(fcast_len, data_dim)).
        """
        if self.chunks > 0:
            res_seq = self.force(
                spinup_data, jnp.zeros((self.chunks, self.res_dim), dtype=self.dtype)
            )
        elif self.chunks == 0:
            res_seq = self.force(
                spinup_data, jnp.zeros((self.res_dim), dtype=self.dtype)
            )
        else:
            raise ValueError(f"chunks must be >= 0, but found chunks = {self.chunks}")

        return self.forecast(fcast_len, res_seq[-1])

