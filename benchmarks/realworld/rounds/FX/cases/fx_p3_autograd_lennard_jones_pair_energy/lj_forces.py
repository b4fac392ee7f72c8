# Source: https://github.com/jkitchin/jkitchin.github.com/blob/4d74a658fd1c7f858eb5ccc69dd7a0b192f08b1f/org/2017/11/14/Forces-by-automatic-differentiation-in-molecular-simulation.org
# Title: Forces by automatic differentiation in molecular simulation (Kitchin group blog, 2017-11-14)
# Cut: the ipython blocks of the post joined into one script (ASE Lennard-Jones reference,
#      autograd energy, elementwise_grad forces); print calls kept, printed results removed.
from ase.calculators.lj import LennardJones
from ase.cluster.icosahedron import Icosahedron

atoms = Icosahedron('Ar', noshells=2, latticeconstant=3)
atoms.set_calculator(LennardJones())

atoms.rattle(0.5)
print('LJ: ', atoms.get_potential_energy())

import autograd.numpy as np


def energy(positions):
    "Compute the energy of a Lennard-Jones system."
    natoms = len(positions)

    sigma = 1.0
    epsilon = 1.0
    rc = 3 * sigma

    e0 = 4 * epsilon * ((sigma / rc)**12 - (sigma / rc)**6)
    energy = 0.0
    for a1 in range(natoms):
        for j in range(a1 + 1, natoms):
            r2 = np.sum((positions[a1] - positions[j])**2)
            if r2 <= rc**2:
                c6 = (sigma**2 / r2)**3
                energy -= e0
                c12 = c6**2
                energy += 4 * epsilon * (c12 - c6)

    return energy


print('our func: ', energy(atoms.positions))

np.set_printoptions(precision=3, suppress=True)
print(atoms.get_forces())

from autograd import elementwise_grad


def forces(pos):
    dEdR = elementwise_grad(energy)
    return -dEdR(pos)


print(forces(atoms.positions))

print(np.allclose(atoms.get_forces(), forces(atoms.positions)))
