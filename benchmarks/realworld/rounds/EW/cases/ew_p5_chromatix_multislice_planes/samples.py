# Source: https://github.com/chromatix-team/chromatix/blob/4f72a60e81891ac8101c8b7a2119b8a8679d9bd9/src/chromatix/functional/samples.py
# Title: src/chromatix/functional/samples.py (parent of 5123c08 "Use foriloop and add NA to MSBP")
# Cut: kept the imports, thin_sample and multislice_thick_sample (docstrings shortened, the N_pad note on tracing kept); dropped jones_sample, the fluorescent and vectorial thick-sample functions.
import jax
import jax.numpy as jnp
from chex import PRNGKey, assert_equal_shape, assert_rank
from jax import Array

from chromatix.field import crop, pad
from chromatix.typing import ArrayLike, ScalarLike
from chromatix.utils.fft import fft, ifft

from ..field import ScalarField, VectorField
from ..utils import _broadcast_2d_to_spatial, center_pad
from .polarizers import polarizer
from .propagation import (
    compute_asm_propagator,
    exact_propagate,
    asm_propagate,
    kernel_propagate,
)



def thin_sample(
    field: ScalarField, absorption: ArrayLike, dn: ArrayLike, thickness: ScalarLike
) -> ScalarField:
    """Perturbs the field with a thin sample (docstring cut)."""
    assert_rank(
        absorption,
        field.ndim,
        custom_message="Absorption must have same ndim as incoming ``Field``.",
    )
    assert_rank(
        dn,
        field.ndim,
        custom_message="Refractive index must have same ndim as incoming ``Field`.`",
    )
    sample = jnp.exp(
        1j * 2 * jnp.pi * (dn + 1j * absorption) * thickness / field.spectrum
    )
    return field * sample


def multislice_thick_sample(
    field: ScalarField,
    absorption_stack: ArrayLike,
    dn_stack: ArrayLike,
    n: ScalarLike,
    thickness_per_slice: ScalarLike,
    N_pad: int,
    propagator: ArrayLike | None = None,
    kykx: ArrayLike | tuple[float, float] = (0.0, 0.0),
    reverse_propagate_distance: ScalarLike | None = None,
    return_stack: bool = False,
) -> ScalarField:
    """
    Perturbs incoming ``ScalarField`` as if it went through a thick sample. The
    thick sample is modeled as being made of many thin slices each of a given
    thickness (docstring cut).

        absorption_stack: The sample absorption per micrometre for each slice
            defined as ``(D H W)`` array, where D is the total number of slices.
        N_pad: A keyword argument integer defining the pad length for the
            propagation FFT (NOTE: should not be a `jax` ``Array``, otherwise
            a ConcretizationError will arise when traced!).
    """
    assert_equal_shape([absorption_stack, dn_stack])
    field = pad(field, N_pad)
    absorption_stack = center_pad(absorption_stack, (0, N_pad, N_pad))
    dn_stack = center_pad(dn_stack, (0, N_pad, N_pad))
    if propagator is None:
       propagator = compute_asm_propagator(field, thickness_per_slice, n, kykx)
    # NOTE(ac+dd): Unrolling this loop is much faster than ``jax.scan``-likes.
    if return_stack:
        _fields = []
    for absorption, dn in zip(absorption_stack, dn_stack):
        absorption = _broadcast_2d_to_spatial(absorption, field.ndim)
        dn = _broadcast_2d_to_spatial(dn, field.ndim)
        field = thin_sample(field, absorption, dn, thickness_per_slice)
        field = kernel_propagate(field, propagator)
        if return_stack:
            _fields.append(field.u)  # pyright: ignore
    if return_stack:
        field = field.replace(u=jnp.concatenate(_fields, axis=-5))  # pyright: ignore
        return crop(field, N_pad)
    # Propagate field backwards to the middle (or chosen distance) of the stack
    if reverse_propagate_distance is None:
        reverse_propagate_distance = thickness_per_slice * absorption_stack.shape[0] / 2
    field = exact_propagate(
        field, z=-reverse_propagate_distance, n=n, kykx=kykx, N_pad=0
    )
    return crop(field, N_pad)

