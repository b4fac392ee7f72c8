# Source: https://github.com/bleyerj/dolfinx_materials/blob/19350f23d1ddf5a5c55aa86ec788d4f7c46f0668/dolfinx_materials/material/jax/jax_material.py
# Title: dolfinx_materials/material/jax/jax_material.py (JAXMaterial base class)
# Cut: kept tangent_AD and the batched (jit + vmap) constitutive update set up in JAXMaterial.__init__; the Material base class is replaced by object.
import jax
from functools import wraps, partial

jax.config.update("jax_enable_x64", True)  # use double-precision
jax.config.update("jax_debug_nans", True)  # raise when encountering nan


def tangent_AD(constitutive_update_method):
    @wraps(constitutive_update_method)
    def wrapper(self, *args):
        constitutive_update_fun = partial(constitutive_update_method, self)
        return jax.jacfwd(constitutive_update_fun, argnums=0, has_aux=True)(*args)

    return wrapper


class JAXMaterial:
    """This class is used to define a material behavior implemented with JAX."""

    def __init__(self, **kwargs):
        self.batched_constitutive_update = jax.jit(
            jax.vmap(self.constitutive_update, in_axes=(0, 0, None))
        )
