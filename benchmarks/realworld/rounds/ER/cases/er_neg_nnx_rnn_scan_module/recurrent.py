# Source: https://github.com/zinccat/rnn_nnx/blob/5622c4ec77cbb598dfacc4d92a9746c239992944/recurrent.py
# Title: recurrent.py (Flax NNX port of flax.linen RNN)
# Cut: the LSTM/GRU/optimized cells, flip_sequences (still called in the reverse branch) and Bidirectional
#      trimmed; the base cell, SimpleCell, the RNN module (nnx.scan over time) and the jitted driver kept;
#      the demo uses SimpleCell instead of the LSTMCell of the original.
from typing import (
    Any,
    TypeVar,
    Tuple,
)
from collections.abc import Callable
from functools import partial
from typing_extensions import Protocol
from absl import logging

import jax
import jax.numpy as jnp

from flax import nnx

from flax.nnx import Module
from flax.nnx import initializers
from flax.nnx import sigmoid, tanh
from flax.nnx import Carry
from flax.typing import (
    Dtype,
    Initializer,
)

default_kernel_init = initializers.lecun_normal()
default_bias_init = initializers.zeros_init()

A = TypeVar("A")
Array = jax.Array
Output = Any


class RNNCellBase(Module):
    """RNN cell base class."""

    def initialize_carry(
        self, rngs: nnx.Rngs | None, input_shape: tuple[int, ...]
    ) -> Carry:
        """Initialize the RNN cell carry.

        Args:
          rng: random number generator passed to the init_fn.
          input_shape: a tuple providing the shape of the input to the cell.

        Returns:
          An initialized carry for the given RNN cell.
        """
        raise NotImplementedError
    
    def __call__(
        self,
        carry: Carry,
        inputs: Array
    ) -> Tuple[Carry, Array]:
        """Run the RNN cell.

        Args:
          carry: the hidden state of the RNN cell.
          inputs: an ndarray with the input for the current time step.
            All dimensions except the final are considered batch dimensions.

        Returns:
          A tuple with the new carry and the output.
        """
        raise NotImplementedError

    @property
    def num_feature_axes(self) -> int:
        """Returns the number of feature axes of the RNN cell."""
        raise NotImplementedError


class SimpleCell(RNNCellBase):
    r"""Simple cell.

    The mathematical definition of the cell is as follows

    .. math::

        \begin{array}{ll}
        h' = \tanh(W_i x + b_i + W_h h)
        \end{array}

    where x is the input and h is the output of the previous time step.

    If `residual` is `True`,

    .. math::

        \begin{array}{ll}
        h' = \tanh(W_i x + b_i + W_h h + h)
        \end{array}
    """

    def __init__(
        self,
        in_features: int,
        hidden_features: int,  # not inferred from carry for now
        *,
        dtype: Dtype = jnp.float32,
        param_dtype: Dtype = jnp.float32,
        carry_init: Initializer = initializers.zeros_init(),
        residual: bool = False,
        activation_fn: Callable[..., Any] = tanh,
        kernel_init: Initializer = initializers.lecun_normal(),
        recurrent_kernel_init: Initializer = initializers.orthogonal(),
        bias_init: Initializer = initializers.zeros_init(),
        rngs: nnx.Rngs,
    ):
        self.in_features = in_features
        self.hidden_features = hidden_features
        self.dtype = dtype
        self.param_dtype = param_dtype
        self.carry_init = carry_init
        self.residual = residual
        self.activation_fn = activation_fn
        self.kernel_init = kernel_init
        self.recurrent_kernel_init = recurrent_kernel_init
        self.bias_init = bias_init
        self.rngs = rngs

        # self.hidden_features = carry.shape[-1]
        # input and recurrent layers are summed so only one needs a bias.
        self.dense_h = nnx.Linear(
            in_features=self.hidden_features,
            out_features=self.hidden_features,
            use_bias=False,
            dtype=self.dtype,
            param_dtype=self.param_dtype,
            kernel_init=self.recurrent_kernel_init,
            rngs=rngs,
        )
        self.dense_i = nnx.Linear(
            in_features=self.in_features,
            out_features=self.hidden_features,
            use_bias=True,
            dtype=self.dtype,
            param_dtype=self.param_dtype,
            kernel_init=self.kernel_init,
            bias_init=self.bias_init,
            rngs=rngs,
        )

    def __call__(self, carry, inputs):
        new_carry = self.dense_i(inputs) + self.dense_h(carry)
        if self.residual:
            new_carry += carry
        new_carry = self.activation_fn(new_carry)
        return new_carry, new_carry

    def initialize_carry(self, rngs: nnx.Rngs | None, input_shape: tuple[int, ...]):
        """Initialize the RNN cell carry.

        Args:
          rng: random number generator passed to the init_fn.
          input_shape: a tuple providing the shape of the input to the cell.

        Returns:
          An initialized carry for the given RNN cell.
        """
        if rngs is None:
            rngs = self.rngs
        batch_dims = input_shape[:-1]
        mem_shape = batch_dims + (self.hidden_features,)
        return self.carry_init(rngs.params(), mem_shape, self.param_dtype)

    @property
    def num_feature_axes(self) -> int:
        return 1


class RNN(Module):
    """The ``RNN`` module takes any :class:`RNNCellBase` instance and applies it over a sequence

    using :func:`flax.linen.scan`.
    """

    def __init__(
        self,
        cell: RNNCellBase,
        time_major: bool = False,
        return_carry: bool = False,
        reverse: bool = False,
        keep_order: bool = False,
        unroll: int = 1,
    ):
        self.cell = cell
        self.time_major = time_major
        self.return_carry = return_carry
        self.reverse = reverse
        self.keep_order = keep_order
        self.unroll = unroll

    def __call__(
        self,
        inputs: Array,
        *,
        initial_carry: Carry | None = None,
        seq_lengths: Array | None = None,
        return_carry: bool | None = None,
        time_major: bool | None = None,
        reverse: bool | None = None,
        keep_order: bool | None = None,
        rngs: nnx.Rngs | None = None,
    ):
        if return_carry is None:
            return_carry = self.return_carry
        if time_major is None:
            time_major = self.time_major
        if reverse is None:
            reverse = self.reverse
        if keep_order is None:
            keep_order = self.keep_order

        # Infer the number of batch dimensions from the input shape.
        # Cells like ConvLSTM have additional spatial dimensions.
        time_axis = 0 if time_major else inputs.ndim - (self.cell.num_feature_axes + 1)

        # make time_axis positive
        if time_axis < 0:
            time_axis += inputs.ndim

        if time_major:
            # we add +1 because we moved the time axis to the front
            batch_dims = inputs.shape[1 : -self.cell.num_feature_axes]
        else:
            batch_dims = inputs.shape[:time_axis]

        # maybe reverse the sequence
        if reverse:
            inputs = jax.tree_util.tree_map(
                lambda x: flip_sequences(
                    x,
                    seq_lengths,
                    num_batch_dims=len(batch_dims),
                    time_major=time_major,  # type: ignore
                ),
                inputs,
            )
        if rngs is None:
            rngs = nnx.Rngs(0)
        carry: Carry = (
            self.cell.initialize_carry(
                rngs, inputs.shape[:time_axis] + inputs.shape[time_axis + 1 :]
            )
            if initial_carry is None
            else initial_carry
        )

        slice_carry = seq_lengths is not None and return_carry

        def scan_fn(carry: Carry, x: Array) -> tuple[Carry, Array]:
            carry, y = self.cell(carry, x)
            if slice_carry:
                return carry, (carry, y)
            return carry, y

        scan = nnx.scan(
            scan_fn,
            in_axes=(Carry, time_axis),
            out_axes=(Carry, (Carry, time_axis)) if slice_carry else (Carry, time_axis),
            unroll=self.unroll,
        )

        scan_output = scan(carry, inputs)

        # Next we select the final carry. If a segmentation mask was provided and
        # return_carry is True we slice the carry history and select the last valid
        # carry for each sequence. Otherwise we just use the last carry.
        if slice_carry:
            assert seq_lengths is not None
            _, (carries, outputs) = scan_output
            # seq_lengths[None] expands the shape of the mask to match the
            # number of dimensions of the carry.
            carry = _select_last_carry(carries, seq_lengths)
        else:
            carry, outputs = scan_output

        if reverse and keep_order:
            outputs = jax.tree_util.tree_map(
                lambda x: flip_sequences(
                    x,
                    seq_lengths,
                    num_batch_dims=len(batch_dims),
                    time_major=time_major,  # type: ignore
                ),
                outputs,
            )

        if return_carry:
            return carry, outputs
        else:
            return outputs


@nnx.jit
def run_model(model, inputs):
    out = model(inputs)
    return out


if __name__ == "__main__":
    rngs = nnx.Rngs(0)
    batch_size, seq_len, feature_size, hidden_size = 48, 32, 16, 64
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, feature_size))
    layer = SimpleCell(
        in_features=feature_size, hidden_features=hidden_size, rngs=rngs
    )
    rnn = RNN(
        layer,
        time_major=False,
        reverse=False,
        keep_order=False,
        unroll=1,
        return_carry=False,
    )
    output = run_model(rnn, x)
    print(output.shape)
