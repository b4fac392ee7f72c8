# Source: https://github.com/bytedance/DeepSolid/blob/812a2b85947b33da1913b3ff0afeedf2e3486394/DeepSolid/hamiltonian.py
# Title: DeepSolid/hamiltonian.py (local_ewald_energy, local_energy_seperate)
# Cut: laplacian modes other than 'for' cut; ewaldsum module imported as in the source.
import jax
import jax.numpy as jnp
from DeepSolid import ewaldsum
from DeepSolid.hamiltonian_modes import local_kinetic_energy_real_imag


def local_ewald_energy(simulation_cell):
    """
    generate local energy of ewald part.
    """
    ewald = ewaldsum.EwaldSum(simulation_cell)
    assert jnp.allclose(simulation_cell.energy_nuc(),
                        (ewald.ion_ion + ewald.ii_const),
                        rtol=1e-8, atol=1e-5)

    def _local_ewald_energy(x):
        energy = ewald.energy(x)
        return sum(energy)

    return _local_ewald_energy


def local_energy_seperate(f, simulation_cell, mode='for', partition_number=3):
    """
    genetate the local energy function.
    """
    if mode == 'for':
        ke_ri = local_kinetic_energy_real_imag(f)
    else:
        raise ValueError('Unrecognized laplacian evaluation mode.')
    ke = lambda p, y: sum(ke_ri(p, y))
    ew = local_ewald_energy(simulation_cell)

    def _local_energy(params, x):
        kinetic = ke(params, x)
        ewald = ew(x)
        return kinetic, ewald

    return _local_energy
