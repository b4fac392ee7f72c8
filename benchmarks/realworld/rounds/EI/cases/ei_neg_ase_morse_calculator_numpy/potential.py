# Source: https://github.com/deepmodeling/CrystalFormer/blob/be3c6c822f25638353c27ddd69670b840cd05ab0/crystalformer/reinforce/potential.py
# Title: crystalformer/reinforce/potential.py (ASE pair-potential calculator used as a reward)
# Cut: class header and parameter defaults reconstructed; the per-atom numpy loop kept.
import numpy as np
from ase.calculators.calculator import Calculator, all_changes
from ase.neighborlist import NeighborList


def cutoff_function(r, rc, ro):
    s = 1.0 - (r - ro) / (rc - ro)
    return (r >= rc) * 0.0 + (r < ro) * 1.0 + (r >= ro) * (r < rc) * (6 * s ** 5 - 15 * s ** 4 + 10 * s ** 3)


class PairPotential(Calculator):
    implemented_properties = ['energy', 'forces']

    def calculate(self, atoms=None, properties=['energy'], system_changes=all_changes):
        Calculator.calculate(self, atoms, properties, system_changes)
        natoms = len(self.atoms)

        alpha = self.parameters.alpha
        rc = self.parameters.rc
        ro = self.parameters.ro
        smooth = self.parameters.smooth

        if self.nl is None or 'numbers' in system_changes:
            self.nl = NeighborList(
                [rc / 2] * natoms, self_interaction=False, bothways=True
            )

        self.nl.update(self.atoms)

        positions = self.atoms.positions
        cell = self.atoms.cell

        # potential value at rc
        e0 = np.exp(-alpha * rc)

        energies = np.zeros(natoms)

        for ii in range(natoms):
            neighbors, offsets = self.nl.get_neighbors(ii)
            cells = np.dot(offsets, cell)

            # pointing *towards* neighbours
            distance_vectors = positions[neighbors] + cells - positions[ii]

            r = np.sqrt((distance_vectors ** 2).sum(1))
            r[r > rc] = np.inf  # Exclude pairs beyond cutoff

            pairwise_energies = np.exp(-alpha * r)
            if smooth:
                pairwise_energies *= cutoff_function(r ** 2, rc ** 2, ro ** 2)
            else:
                pairwise_energies -= e0 * (r != 0.0)

            energies[ii] = 0.5 * pairwise_energies.sum()

        self.results['energy'] = energies.sum()
