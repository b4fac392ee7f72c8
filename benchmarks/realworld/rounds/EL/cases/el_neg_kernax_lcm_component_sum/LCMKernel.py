# Source: https://github.com/SimLej18/kernax-ml/blob/18689cefa1faec831fc1e0d38d247a96416146a9/kernax/multioutput/LCMKernel.py
# Title: kernax/multioutput/LCMKernel.py - Linear Coregionalisation Model kernel
# Cut: kept __init__ (shortened validation) and __call__/factors; imports of the package base classes replaced by equinox.Module
from typing import Sequence

import equinox as eqx
from jax import Array
from jax import numpy as jnp

from kernax.multioutput.ICMKernel import ICMKernel


class LCMKernel(eqx.Module):
	"""Linear Coregionalisation Model: ``K(x1, x2) = sum_q B_q (x) k_q(x1, x2)``."""

	components: tuple

	def __init__(self, kernels: Sequence[KernelLike],
	             coregionalization_matrices: Sequence[float | Array],
	             kappas: Sequence[float | Array] | None = None):
		if kappas is None:
			kappas = [1.0] * len(kernels)
		elif len(kappas) != len(kernels):
			raise ValueError(
				f"`kappas` and `kernels` must have the same length, "
				f"got {len(kappas)} and {len(kernels)}."
			)

		components = []
		for kernel, W, kappa in zip(kernels, coregionalization_matrices, kappas, strict=True):
			W = jnp.asarray(W)
			if W.ndim != 2:
				raise ValueError("each coregionalisation matrix must be a (P, R) matrix.")
			icm = ICMKernel(kernel, W.shape[0], W.shape[1], kappa=kappa)
			components.append(icm.replace(W=W))

		n_outputs = components[0].n_outputs
		if any(c.n_outputs != n_outputs for c in components):
			raise ValueError("all coregionalisation matrices must share the same number of outputs P.")

		self.components = tuple(components)

	@property
	def n_components(self) -> int:
		return len(self.components)

	def __call__(self, x1: Array, x2: Array | None = None, **kwargs) -> Array:
		return sum(c(x1, x2, **kwargs) for c in self.components)

	def factors(self, x1: Array, x2: Array | None = None, **kwargs) -> tuple[tuple[Array, Array], ...]:
		"""Kronecker terms ``((B_1, K_1), ...)``, following the sum/product operator convention.

		Only meaningful for the shared-grid case: call without ``output_ids``.
		"""
		return tuple(c.factors(x1, x2, **kwargs)[0] for c in self.components)
