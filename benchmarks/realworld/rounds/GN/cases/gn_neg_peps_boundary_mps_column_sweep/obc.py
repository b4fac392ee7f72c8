# Source: https://github.com/Jakob-Unfried/msc-legacy/blob/2c41f3f714936c25dd534bd66da802c26176fcfa/grad_tn/tensornetworks/peps/bmps_contraction/obc.py
# Title: grad_tn/tensornetworks/peps/bmps_contraction/obc.py (MSc thesis code, boundary-MPS contraction of a finite PEPS, differentiated for the variational energy)
# Cut: kept imports, two_layers and BoundaryMPS2.__init__/absorb_col (first 120 lines of the class); three_layers, contract_with and the helpers it imports (trivial_boundary_mps2, add_trivial_legs_*) dropped.
from typing import List

from jax import numpy as np, tree_map, tree_multimap
from jax.numpy import ndarray as array
from autodiff.svd_safe import svd, svd_truncated


# FIXME needs double-checking and testing!

# TODO variational bMPS?


def two_layers(bra_layer, ket_layer, chi_bmps=None, cutoff=0.) -> complex:
    lx, ly = len(bra_layer), len(bra_layer[0])
    x_meet = lx // 2

    if chi_bmps is None:
        # default is double the (vertical = u & d) bond-dimension of the layer.
        # assume uniformity and only consider the u leg of the middle tensor
        chi_bmps = 2 * bra_layer[lx // 2][ly // 2].shape[1] * ket_layer[lx // 2][ly // 2].shape[1]

    # create left and right trivial boundary MPSs
    left_mps = trivial_boundary_mps2(ly, chi_bmps, cutoff)
    right_mps = trivial_boundary_mps2(ly, chi_bmps, cutoff)

    # add trivial bond on left and right boundary
    bra_left = add_trivial_legs_left(bra_layer[0])
    ket_left = add_trivial_legs_left(ket_layer[0])
    bra_right = add_trivial_legs_right(bra_layer[-1])
    ket_right = add_trivial_legs_right(ket_layer[-1])

    left_mps.absorb_col(bra_left, ket_left, True)
    for n in range(1, x_meet):
        left_mps.absorb_col(bra_layer[n], ket_layer[n], True)

    right_mps.absorb_col(bra_right, ket_right, False)
    for n in range(lx - 2, x_meet - 1, -1):
        right_mps.absorb_col(bra_layer[n], ket_layer[n], False)

    res = left_mps.contract_with(right_mps)
    return res
class BoundaryMPS2:
    def __init__(self, tensors, chi_bmps, cutoff):
        """

        Parameters
        ----------
        tensors : List of array
            The tensors of the (two-layer) boundary MPS. legs (d,r1,r2,u), at boundary no d or no u
        chi_bmps : int or None
            The maximum bond-dimension of the boundary MPS
        cutoff : float
            The cutoff for singular values. Singular values below cutoff are discarded
        """
        self.tensors = tensors.copy()  # legs: (d,r1,r2,u), at boundary no d / no u
        self.L = len(tensors)
        self.norm = 1.
        self.chi_bmps = chi_bmps
        self.cutoff = cutoff

    # noinspection DuplicatedCode
    def absorb_col(self, bra_col: List[array], ket_col: List[array], left_side: bool):
        if not left_side:
            # transpose l <-> r for all tensors in bra_col, ket_col. Then we can treat it like the left side
            # FUTURE fully implement instead
            bra_col = bra_col.copy()
            ket_col = ket_col.copy()

            bra_col[0] = np.transpose(bra_col[0], [0, 3, 2, 1])  # (p,r,u,l) -> (p,l,u,r)
            ket_col[0] = np.transpose(ket_col[0], [0, 3, 2, 1])  # (p,r,u,l) -> (p,l,u,r)

            # (puldr) -> (purdl)
            # noinspection DuplicatedCode
            bra_col[1:-1] = tree_map(lambda arr: np.transpose(arr, [0, 1, 4, 3, 2]), bra_col[1:-1])
            ket_col[1:-1] = tree_map(lambda arr: np.transpose(arr, [0, 1, 4, 3, 2]), ket_col[1:-1])

            bra_col[-1] = np.transpose(bra_col[-1], [0, 3, 2, 1])  # (p,l,d,r) -> (p,r,d,l)
            ket_col[-1] = np.transpose(ket_col[-1], [0, 3, 2, 1])  # (p,l,d,r) -> (p,r,d,l)

        # sweep up with SVD
        M = np.tensordot(self.tensors[0], ket_col[0], [0, 3])  # (r1,r2,u0) & (p,r1,u1,l1) -> (r2,u0,p,r1,u1)
        # (r2,u0,p,r1,u1) & (p*,r2,u2,l2) -> (u0,r1,u1,r2,u2)
        M = np.tensordot(M, (bra_col[0]), [[2, 0], [0, 3]])
        u0, r1, u1, r2, u2 = M.shape
        # (u0,r1,u1,r2,u2) -> (r1,r2,u0,u1,u2) -> (R,U) -> (R,a) & (a) & (a,U)
        U, S, V = svd(np.reshape(np.transpose(M, [1, 3, 0, 2, 4]), [r1 * r2, u0 * u1 * u2]))
        SV = S[:, None] * V  # (D,U)
        _, a = U.shape
        self.tensors[0] = np.reshape(U, [r1, r2, a])  # (R,a) -> (r1,r2,U)
        for n in range(1, self.L - 1):
            # (d0,r1,r2,u0) & (p,u1,l1,d1,r1) -> (d0,r2,u0,p,u1,d1,r1)
            M = np.tensordot(self.tensors[n], ket_col[n], [1, 2])
            # (d0,r2,u0,p,u1,d1,r1) & (p*,u2,l2,d2,r2) -> (d0,u0,u1,d1,r1,u2,d2,r2)
            M = np.tensordot(M, (bra_col[n]), [[3, 1], [0, 2]])
            d0, u0, u1, d1, r1, u2, d2, r2 = M.shape
            # (d0,u0,u1,d1,r1,u2,d2,r2) -> (ddd,r1,r2,uuu) -> (D,R,U)
            M = np.reshape(np.transpose(M, [0, 3, 6, 4, 7, 1, 2, 5]), [d0 * d1 * d2, r1 * r2, u0 * u1 * u2])
            M = np.tensordot(SV, M, [1, 0])  # (D,U) & (D,R,U) -> (D,R,U)
            d, _, _ = M.shape
            U, S, V = svd(np.reshape(M, [d * r1 * r2, u0 * u1 * u2]))  # (D,R,U) -> (DR,U) -> (DR,a) & (a) & (a,U)
            _, a = U.shape
            self.tensors[n] = np.reshape(U, [d, r1, r2, a])  # (DR,a) -> (D,r1,r2,U)
            SV = S[:, None] * V  # (D,U)

        M = np.tensordot(self.tensors[-1], ket_col[-1], [1, 1])  # (d0,r1,r2) & (p,l1,d1,r1) -> (d0,r2,p,d1,r1)
        # (d0,r2,p,d1,r1) & (p*,l2,d2,r2) -> (d0,d1,r1,d2,r2)
        M = np.tensordot(M, (bra_col[-1]), [[1, 2], [1, 0]])
        d0, d1, r1, d2, r2 = M.shape
        # (d0,d1,r1,d2,r2) -> (d0,d1,d2,r1,r2) -> (D,R)
        M = np.reshape(np.transpose(M, [0, 1, 3, 2, 4]), [d0 * d1 * d2, r1 * r2])
        M = np.dot(SV, M)  # (D,U) & (D,R) -> (D,R)

        # FIXME track norm-change from truncated SVD?
        # sweep down with truncated svd
        U, S, V = svd_truncated(M, cutoff=self.cutoff, chi_max=self.chi_bmps)  # (D,R) -> (D,a) & (a) & (a,R)
        a, _ = V.shape
        self.tensors[-1] = np.reshape(V, [a, r1, r2])  # (d,r1,r2)
        for n in range(self.L - 2, 0, -1):
            M = np.tensordot(self.tensors[n], U * S, [3, 0])  # (d,r1,r2,u) & (d,u) -> (d,r1,r2,u)
            d, r1, r2, u = M.shape
            # (d,r1,r2,u) -> (d,RU) -> (d,a) & (a) & (a,RU)
            U, S, V = svd_truncated(np.reshape(M, [d, r1 * r2 * u]), cutoff=self.cutoff, chi_max=self.chi_bmps)
            a, _ = V.shape
            self.tensors[n] = np.reshape(V, [a, r1, r2, u])  # (a,RU) -> (d,r1,r2,u)
        M = np.tensordot(self.tensors[0], U * S, [2, 0])[None, :, :, :]  # (r1,r2,u) & (d,u) -> (r1,r2,u) -> (d,r1,r2,u)
        d, r1, r2, u = M.shape
        # (d,r1,r2,u) -> (d,RU) -> (d,a) & (a) & (a,RU)
        U, S, V = svd_truncated(np.reshape(M, [d, r1 * r2 * u]), cutoff=self.cutoff, chi_max=self.chi_bmps)
        assert U.shape == (1, 1)
        assert len(S) == 1
        assert V.shape[0] == 1
        self.tensors[0] = np.reshape(V, [1, r1, r2, u])[0, :, :, :] * U[0, 0]
        self.norm *= S[0]
