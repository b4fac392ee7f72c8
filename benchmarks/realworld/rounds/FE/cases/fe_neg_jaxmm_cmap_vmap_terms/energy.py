# Source: https://github.com/alexxthiery/jaxmm/blob/b4256ee969d12e3982e424821efa2233d5249a41/jaxmm/energy.py
# Title: jaxmm/energy.py (pure JAX energy functions; CMAP and harmonic bond terms)
# Cut: kept bond_energy and cmap_energy as written; other terms, checks and the params dataclasses removed.
import jax
import jax.numpy as jnp

from jaxmm.extract import BondParams, CmapParams


def bond_energy(positions: jax.Array, params: BondParams) -> jax.Array:
    """Compute harmonic bond energy.

    E = sum_bonds 0.5 * k * (r - r0)^2

    Urey-Bradley 1-3 terms (used in CHARMM force fields) are stored
    by OpenMM as regular entries in HarmonicBondForce and are
    automatically included without special handling.

    Args:
        positions: Atom coordinates, shape (n_atoms, 3) in nm.
        params: Bond parameters.

    Returns:
        Total bond energy in kJ/mol.
    """
    _check_x64()
    ri = positions[params.atom_i]  # (n_bonds, 3)
    rj = positions[params.atom_j]  # (n_bonds, 3)
    dr = ri - rj
    # Safe norm: avoids NaN gradients at zero distance
    r = jnp.sqrt(jnp.sum(dr**2, axis=-1) + 1e-30)  # (n_bonds,)
    return jnp.sum(0.5 * params.k * (r - params.r0) ** 2)


def cmap_energy(positions: jax.Array, params: CmapParams) -> jax.Array:
    """Compute CMAP torsion correction energy via 2D interpolation.

    Args:
        positions: Atom coordinates, shape (n_atoms, 3) in nm.
        params: CMAP parameters.

    Returns:
        Total CMAP correction energy in kJ/mol.
    """
    _check_x64()
    size = params.map_size

    def _dihedral(atoms):
        """Compute dihedral for one term, returns angle in [0, 2*pi)."""
        ri = positions[atoms[0]]
        rj = positions[atoms[1]]
        rk = positions[atoms[2]]
        rl = positions[atoms[3]]
        b1 = rj - ri
        b2 = rk - rj
        b3 = rl - rk
        n1 = jnp.cross(b1, b2)
        n2 = jnp.cross(b2, b3)
        b2_hat = b2 / jnp.sqrt(jnp.sum(b2**2) + 1e-30)
        m1 = jnp.cross(n1, b2_hat)
        phi = jnp.arctan2(jnp.sum(m1 * n2), jnp.sum(n1 * n2))
        # Map from [-pi, pi] to [0, 2*pi) to match OpenMM grid convention
        return phi % (2.0 * jnp.pi)

    def _one_term(i):
        phi = _dihedral(params.phi_atoms[i])
        psi = _dihedral(params.psi_atoms[i])
        grid = params.maps[params.map_indices[i]]  # (size, size)
        # Convert angles to fractional grid coordinates
        phi_idx = phi * size / (2.0 * jnp.pi)
        psi_idx = psi * size / (2.0 * jnp.pi)
        # Bilinear interpolation with periodic wrapping
        coords = jnp.array([[phi_idx], [psi_idx]])
        return jax.scipy.ndimage.map_coordinates(grid, coords, order=1, mode='wrap')[0]

    # Sum over all CMAP terms
    energies = jax.vmap(_one_term)(jnp.arange(params.phi_atoms.shape[0]))
    return jnp.sum(energies)



cmap_force = jax.jit(jax.grad(cmap_energy))
