# Source: https://github.com/g-lago8/RNN-JAX/blob/72ca263c91e508b3ab0125601f0656988dce9623/rnn_jax/ssm/_base.py
# Title: rnn_jax/ssm/_base.py
# Cut: none beyond the file's leading comment block, which is shortened.
# The structure of a forward pass of a linear SSM-lke model on a sequence xs is, using parallel scan


from abc import ABC, abstractmethod
import equinox as eqx
from typing import TypeVar, Tuple
import jax
from jaxtyping import Inexact, Array
from jax.lax import associative_scan

T = TypeVar("T")


class BaseSSMLayer(eqx.Module, ABC):
    """Base SSM module"""

    in_dim: int
    state_dim: int
    model_dim: int

    def __init__(self, in_dim: int, state_dim: int, model_dim=None):
        self.in_dim = in_dim
        self.state_dim = state_dim
        if model_dim is None:
            model_dim = state_dim
        self.model_dim = model_dim

    def preprocess_inputs(
        self,
        xs: Inexact[Array, "seq_len model_dim"],
        w_in: Inexact[Array, "state_dim in_dim"],
    ) -> Inexact[Array, " seq_len state_dim"]:
        return jax.vmap(lambda x: w_in @ x)(xs)

    @abstractmethod
    def discretize(self, *args) -> Tuple[Array, ...]:
        raise NotImplementedError(
            "discretize and postprocess_outputs should be implemented in the subclass"
        )

    @eqx.filter_vmap(in_axes=(None, 0, 0), out_axes=0)
    def ssm_cell(
        self, a: Tuple[Array, Array], b: Tuple[Array, Array]
    ) -> Tuple[Array, Array]:
        matrix_pow_i, bx_i = a
        matrix_pow_j, bx_j = b
        return matrix_pow_i * matrix_pow_j, matrix_pow_j * bx_i + bx_j
    
    @abstractmethod
    def postprocess_outputs(self, xs, hs) -> Array:
        raise NotImplementedError(
            "discretize and postprocess_outputs should be implemented in the subclass"
        )

    def __call__(self, us, x0=None) -> Array:
        seq_len = us.shape[0]
        lambda_elements, w_in = self.discretize(seq_len)
        w_in_us = self.preprocess_inputs(us, w_in)
        scan_elements = (lambda_elements, w_in_us)
        lambda_powers, xs = associative_scan(self.ssm_cell, scan_elements)
        if x0 is not None:
            xs = jax.vmap(lambda l, x: l * x0 + x)(
                lambda_powers, xs
            )  # sum the initial state multiplied for $\Lambda^k$
        return self.postprocess_outputs(us, xs)

    def call_sequential(self, us, x0=None) -> Array:
        seq_len = us.shape[0]
        lambda_elements, w_in = self.discretize(seq_len)
        w_in_xs = self.preprocess_inputs(us, w_in)
        
        # Initialize x0 with correct dtype if not provided
        if x0 is None:
            # Infer dtype from lambda_elements to handle complex SSMs
            x0 = jax.numpy.zeros(self.state_dim, dtype=lambda_elements.dtype)
        
        scan_elemnts = (lambda_elements, w_in_xs)
        
        def scan_fn(carry, scan_input):
            A, Bu = scan_input
            x = carry
            x_new = A * x + Bu
            return x_new, x_new
        
        _, xs = jax.lax.scan(scan_fn, x0, scan_elemnts)
        return self.postprocess_outputs(us, xs)
