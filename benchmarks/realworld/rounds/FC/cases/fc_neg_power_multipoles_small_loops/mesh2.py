# Source: https://github.com/adematti/jax-power/blob/e577dd844d0689b1df23e1c62671b9fa61840b16/jaxpower/mesh2.py
# Title: jaxpower/mesh2.py (jax-power: power spectrum multipoles from a mesh)
# Cut: compute_mesh2_spectrum with its docstring shortened and only the fixed line-of-sight branch kept (the local-LOS branch, which
#      loops over the same few multipoles, is elided); helpers imported from the package. The README wraps it in
#      jax.jit(compute_mesh2_spectrum, static_argnames=['los']) with ells=(0, 2, 4).
import jax
from jax import numpy as jnp

from jaxpower.types import Mesh2SpectrumPole, Mesh2SpectrumPoles
from jaxpower.utils import get_legendre
from jaxpower.mesh import RealMeshField, ComplexMeshField
from jaxpower.mesh2 import _format_meshes, _format_los


def compute_mesh2_spectrum(*meshes, bin=None, los='z'):
    r"""Compute the power spectrum multipoles from mesh."""

    meshes, fields = _format_meshes(*meshes)
    rdtype = meshes[0].real.dtype
    mattrs = meshes[0].attrs
    norm = mattrs.meshsize.prod(dtype=rdtype) / mattrs.cellsize.prod() * jnp.ones_like(bin.xavg)

    los, vlos, swap = _format_los(los, ndim=mattrs.ndim)
    attrs = dict(los=vlos if vlos is not None else los)
    ells = bin.ells

    def _2r(mesh):
        if not isinstance(mesh, RealMeshField):
            mesh = mesh.c2r()
        return mesh

    def _2c(mesh):
        if not isinstance(mesh, ComplexMeshField):
            mesh = mesh.r2c()
        return mesh

    if vlos is None:  # local, varying line-of-sight
        raise NotImplementedError  # elided in this reproduction

    else:  # fixed line-of-sight

        for imesh, mesh in enumerate(meshes[:1 if fields[1] == fields[0] else 2]):
            meshes[imesh] = _2c(mesh)
        if fields[1] == fields[0]:
            Aell = meshes[0].clone(value=meshes[0].real**2 + meshes[0].imag**2)  # saves a bit of memory
        else:
            Aell = meshes[0].conj() * meshes[1]
        del meshes

        nonzeroells = ells
        if nonzeroells[0] == 0: nonzeroells = nonzeroells[1:]

        num = []
        if 0 in ells:
            num.append(bin(Aell))

        if nonzeroells:
            kvec = mattrs.kcoords(sparse=True)
            mu = sum(kk * ll for kk, ll in zip(kvec, vlos)) / jnp.sqrt(sum(kk**2 for kk in kvec)).at[(0,) * mattrs.ndim].set(1.)
            for ell in nonzeroells:  # TODO: jax.lax.scan
                num.append((2 * ell + 1) * bin(Aell * get_legendre(ell)(mu), remove_zero=True))

        num = [num.real if ell % 2 == 0 else num.imag for ell, num in zip(ells, num)]
        spectrum = []
        for ill, ell in enumerate(ells):
            spectrum.append(Mesh2SpectrumPole(k=bin.xavg, k_edges=bin.edges, nmodes=bin.nmodes, num_raw=num[ill], num_shotnoise=jnp.zeros_like(num[ill]), norm=norm,
                                              volume=mattrs.kfun.prod() * bin.nmodes, ell=ell, attrs=attrs))
        return Mesh2SpectrumPoles(spectrum)


compute_mesh2_spectrum_jit = jax.jit(compute_mesh2_spectrum, static_argnames=['los'])
