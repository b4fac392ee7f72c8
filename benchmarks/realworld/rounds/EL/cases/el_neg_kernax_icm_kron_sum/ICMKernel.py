# Source: https://github.com/SimLej18/kernax-ml/blob/18689cefa1faec831fc1e0d38d247a96416146a9/kernax/multioutput/ICMKernel.py
# Title: kernax/multioutput/ICMKernel.py - Intrinsic Coregionalisation Model kernel
# Cut: kept coregionalisation, factors and the shared-grid branch of __call__; output_ids branch, parametrisation classes and validation cut
import equinox as eqx
from jax import Array
from jax import numpy as jnp


class ICMKernel(eqx.Module):
	inner: object
	W: Array
	kappa: Array

	def __init__(self, inner, n_outputs: int, n_latent: int, kappa=1.0):
		self.inner = inner
		self.W = jnp.eye(n_outputs, n_latent)
		self.kappa = jnp.broadcast_to(jnp.asarray(kappa), (n_outputs,))

	@property
	def coregionalisation(self) -> Array:
		"""The (P, P) matrix B = W Wt + diag(kappa). Note this property *reduces*: (P, R) -> (P, P)."""
		return self.W @ self.W.T + jnp.diag(self.kappa)

	def factors(self, x1: Array, x2: Array | None = None, **kwargs):
		"""Kronecker terms ``((B, K),)``, following the convention of the sum/product operators."""
		return ((self.coregionalisation, self.inner(x1, x2, **kwargs)),)

	def __call__(self, x1: Array, x2: Array | None = None, **kwargs) -> Array:
		return sum(jnp.kron(B, K) for B, K in self.factors(x1, x2, **kwargs))
