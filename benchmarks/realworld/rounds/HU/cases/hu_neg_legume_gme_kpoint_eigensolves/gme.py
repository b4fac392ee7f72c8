# Source: https://github.com/fancompute/legume/blob/edef021a98d5972ef52e3a65bd36ccfb742381be/legume/gme/gme.py
# Title: legume/gme/gme.py (GuidedModeExp.run: guided-mode expansion for photonic-crystal slabs)
# Cut: run() reduced to the k-point loop with the kz_symmetry=None / 'eigh' branch (the odd/even
#      block separation and 'eigsh' branches removed), timing and progress printing removed. The
#      Hamiltonian built by _construct_mat(kind=ik) has a k-dependent size (guided modes per k).
import numpy as np

from legume.backend import backend as bd
from legume.utils import get_value, find_nearest


class GuidedModeExp(object):

    def run(self, kpoints=np.array([[0], [0]]), **kwargs):
        self.kpoints = kpoints
        self.compute_eps_inv(self.only_gmodes)

        freqs = []
        kz_symms = []
        self._eigvecs = []

        num_k = kpoints.shape[1]  # Number of wavevectors
        for ik, k in enumerate(kpoints.T):

            mat = self._construct_mat(kind=ik)

            if self.numeig > mat.shape[0]:
                raise ValueError(
                    "Requested number of eigenvalues 'numeig' "
                    "larger than total size of basis set. Reduce 'numeig' or "
                    "increase 'gmax'")

            # NB: we shift the matrix by np.eye to avoid problems at the zero-
            # frequency mode at Gamma
            (freq2, evecs) = bd.eigh(mat + bd.eye(mat.shape[0]))
            freq1 = bd.sqrt(
                bd.abs(freq2 - bd.ones(mat.shape[0]))) / 2 / np.pi

            i_near = find_nearest(get_value(freq1), self.eig_sigma,
                                  self.numeig)
            i_sort = bd.argsort(freq1[i_near])
            freq = freq1[i_near[i_sort]]
            evec = evecs[:, i_near[i_sort]]

            freqs.append(freq)
            self._eigvecs.append(evec)

        # Store the eigenfrequencies taking the standard reduced frequency
        # convention for the units (2pi a/c)
        self._freqs = bd.array(freqs)
        self._kz_symms = bd.array(kz_symms)

        if self.compute_im == True:
            self.run_im()
