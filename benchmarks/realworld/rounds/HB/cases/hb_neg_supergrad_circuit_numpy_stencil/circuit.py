# Source: https://github.com/iqubit-org/supergrad/blob/baf01402e34303d32155eae31ee96f8f3d8a8503/supergrad/quantum_system/circuit.py
# Title: supergrad/quantum_system/circuit.py (superconducting circuit basis and operators)
# Cut: class reduced to the basis set-up and the finite-difference operator builders; the
#      constructor is reconstructed from the attributes these methods read.
import numpy as np
import jax.numpy as jnp


class QuantumCircuit:
    def __init__(self, phi_max, num_phi, b_transmon=False, is_basis_sym=False, basis="phase"):
        self.phi_max = phi_max
        self.phi_max_int = int(phi_max / np.pi)
        self.num_phi = num_phi
        self.num_basis = num_phi
        self.b_transmon = b_transmon
        self.is_basis_sym = is_basis_sym
        self.basis = basis
        self.ar_phi = np.linspace(-self.phi_max,
                                  self.phi_max,
                                  self.num_basis,
                                  endpoint=self.is_basis_sym)

        self.delta_phi = self.ar_phi[1] - self.ar_phi[0]

    def set_charge_basis(self, n_max, num_n=0):
        """Initializes parameters for charge basis.

        cos/sin works as exp(ipt) which increase/decrease n by 1

        Note num_n will not be exact as x+any integer belongs to one group for cos/sin
        so a multiple of 2*n_max is used

        Args:
            n_max : Basis as [-n_max, n_max-1]
                (or n_max depends on *is_basis_sym*)
            num_n : Number of basis, not used for transmon
                (where n basis is periodic and must be integer,
                so fully determined by *n_max*)
        """
        n_set = self.phi_max_int  # Number of points per integer is the same as phi_max/pi
        n_group = n_max * 2 + (1 if self.is_basis_sym else 0)
        n = n_set * n_group
        self.ar_n = np.linspace(-n_max, n_max, n, endpoint=self.is_basis_sym)

        mcos = np.zeros((n, n), dtype=np.complex128)
        msin = np.zeros((n, n), dtype=np.complex128)
        # Add block-diaogonal matrix element
        # (only values differ by 1 are connected)
        for i1 in range(n_group - 1):
            i2 = i1 + 1
            for j in range(n_set):
                mcos[i1 * n_set + j, i2 * n_set + j] = 1
                mcos[i2 * n_set + j, i1 * n_set + j] = 1
                msin[i1 * n_set + j, i2 * n_set + j] = -1 / 1j
                msin[i2 * n_set + j, i1 * n_set + j] = 1 / 1j
        self.charge_cos = mcos / 2
        self.charge_sin = msin / 2

    def create_d2phi(self) -> np.ndarray:
        r"""Computes :math:`\frac{d^2}{d \phi^2}`

        This is from finite difference, which is an approximation.
        Used only in **phase_only** basis.

        Returns:
            matrix of :math:`\frac{d^2}{d \phi^2}`
        """
        m = np.eye(self.num_phi, dtype=np.complex128) * -2
        for i in range(0, self.num_phi):
            if i - 1 >= 0:
                m[i, i - 1] = 1
            if i + 1 < self.num_phi:
                m[i, i + 1] = 1

        # Periodic boundary condition
        if self.b_transmon:
            m[0, -1] = 1
            m[-1, 0] = 1

        return m / self.delta_phi**2

    def create_dphi(self) -> np.ndarray:
        r"""Computes :math:`\frac{d}{d \phi}`

        This is from finite difference, which is an approximation.
        Used only in **phase_only** basis.

        Returns:
            matrix of :math:`\frac{d}{d \phi}`
        """
        m = np.zeros((self.num_phi, self.num_phi), dtype=np.complex128)
        for i in range(0, self.num_phi):
            if i - 1 >= 0:
                m[i, i - 1] = -1
            if i + 1 < self.num_phi:
                m[i, i + 1] = 1

        # Periodic boundary condition
        if self.b_transmon:
            m[0, -1] = -1
            m[-1, 0] = 1

        return m / (2 * self.delta_phi)

    def create_phi(self) -> np.ndarray:
        """Computes the phi matrix.

        Returns:
            matrix of phase
        """
        if self.basis == "phase" or self.basis == "phase_only":
            return np.diag(self.ar_phi)
        elif self.basis == "charge":
            return self.transform_phi_to_n(np.diag(self.ar_phi))

