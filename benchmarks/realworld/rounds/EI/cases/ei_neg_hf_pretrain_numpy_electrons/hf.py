# Source: https://github.com/bytedance/DeepSolid/blob/812a2b85947b33da1913b3ff0afeedf2e3486394/DeepSolid/hf.py
# Title: DeepSolid/hf.py (SCF: pyscf Hartree-Fock reference used for pretraining)
# Cut: orbital evaluation through pyscf kept as calls; constructor and k-point set-up cut.
import numpy as np


class SCF:
    def eval_orbitals_pbc(self, coord, eval_str="GTOval_sph"):
        raise NotImplementedError  # pyscf cell.pbc_eval_gto in the source

    def eval_orb_mat(self, coord):
        raise NotImplementedError

    def eval_inverse(self, coord):
        mats = self.eval_orb_mat(coord)
        inverse = [np.linalg.inv(mat) for mat in mats]

        return inverse

    def _testrow(self, e, vec, inverse, mask=None, spin=None):
        """vec is a nconfig,nmo vector which replaces row e"""
        s = int(e >= self.sim_nelec[0]) if spin is None else spin
        elec = e - s * self.sim_nelec[0]
        if mask is None:
            return np.einsum("i...j,ij...->i...", vec, inverse[s][:, :, elec])

        return np.einsum("i...j,ij...->i...", vec, inverse[s][mask][:, :, elec])

    def laplacian(self, e, coord, inverse):
        s = int(e >= self.sim_nelec[0])
        ao = self.eval_orbitals_pbc(coord, eval_str="GTOval_sph_deriv2")
        mo = self.eval_mos_pbc(self._aostack(ao, "laplacian"), s)
        ratios = np.asarray([self._testrow(e, x, inverse=inverse) for x in mo])
        return ratios[1] / ratios[0]

    def kinetic(self, coord):
        ke = np.zeros(coord.shape[0])
        inverse = self.eval_inverse(coord)
        for e in range(self.simulation_cell.nelectron):
            ke = ke - 0.5 * np.real(self.laplacian(e,
                                                   coord[:, e, :],
                                                   inverse=inverse))
        return ke
