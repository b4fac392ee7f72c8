# Source: https://github.com/Daniel-Haas-B/NeuralQuantumState/blob/5ff2599f408d3320974dc6235077600dbe380788/nqs/models/base_wf.py
# Title: nqs/models/base_wf.py (WaveFunction base class: Slater determinant for fermions)
# Cut: kept _jit_functions, configure_particle, log_wf_slater_det, generate_degrees, slog_slater_dots, slog_slater_full and hermite; cut the constructor, backend/correlation configuration, Jastrow factors and the SR matrix
import math  # noqa
from abc import abstractmethod
from itertools import permutations  # noqa

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special as ss
from numpy import polynomial as P
from scipy.special import expit

class WaveFunction:

    def _jit_functions(self):
        """
        JIT compile the wave function methods for performance using JAX, if available.
        """
        functions_to_jit = [
            # "log_wf",
            # "log_wf0", # dont use this with deepset at least
            "log_wfc_jastrow",
            "logprob_closure",
            "set_0",
            "set_1",
            "compute_sr_matrix",
            "grad_wf_closure",
            "grad_params_closure",
            "laplacian_closure",
            "_precompute",
            "_softplus",
        ]
        for func in functions_to_jit:
            if hasattr(self, func):
                setattr(self, func, jax.jit(getattr(self, func)))

    def configure_particle(self, particle):
        """
        Configure the particle of the wave function.

        Parameters:
            symmeparticletry (str): The particle to configure, 'boson', 'fermion'
        """
        self.particle = particle
        if "fermion" in self.particle:
            if "dots" in self.particle:
                self.slog_slater = self.slog_slater_dots
            elif "polarized" in self.particle:
                self.slog_slater = self.slog_slater_full
            else:
                raise ValueError("Insert regime (polarized or dots) in fermion name.")
            self.log_wf = self.log_wf_slater_det
        elif self.particle == "boson":
            self.log_wf = self.log_wf0
        if self.logger_level != "SILENT":
            self.logger.info(f"Using particle {particle}")


    def log_wf_slater_det(self, r, params):
        """
        Calculate the log of the wave function value considering only the Slater determinant,
        which represents the non-interacting case.

        Parameters:
            r (ndarray): An array of particle positions.
            params (dict): Parameters of the wave function.

        Returns:
            tuple: Sign of the Slater determinant and the logarithm of the Slater determinant.
        """
        slog_slater = self.slog_slater(r)
        sign = slog_slater[0]
        value = slog_slater[1]

        return sign, self.log_wf0(r, params) + value

    def generate_degrees(self, mode="dots"):
        """
        Generate all possible combinations of degrees for the single-particle wave functions
        used in the Slater determinant.

        mode (str): The mode to generate the degrees, 'antiparallel', parallels, or full.

        Returns:
            ndarray: Array of combinations of degrees with the shape (N//2, dim).

        """
        if mode == "dots":
            max_comb = self.N // 2
        elif mode == "full":
            max_comb = self.N
        combinations = [[0] * self.dim]
        seen = {tuple(combinations[0])}

        while len(combinations) < max_comb:
            new_combinations = []
            for comb in combinations:
                for i in range(self.dim):
                    # Try incrementing each dimension by 1
                    new_comb = comb.copy()
                    new_comb[i] += 1
                    new_comb_tuple = tuple(new_comb)
                    if new_comb_tuple not in seen:
                        seen.add(new_comb_tuple)
                        new_combinations.append(new_comb)
                        if len(seen) == max_comb:
                            return np.array(combinations + new_combinations)
            combinations += new_combinations

        return np.array(combinations)

    def slog_slater_dots(self, r):
        """
        Compute the logarithm of the Slater determinant for a system of particles, considering
        the spin decomposition in the ground state and that half of the particles have spin up
        while the other half have spin down.

        Parameters:
            r (ndarray): An array of particle positions reshaped into (-1, N, dim) dimensions.

        Returns:
            ndarray: Computed logarithm of the Slater determinant for the given positions.

        The determinant D is calculated as follows, where phi_i is the i-th single particle wavefunction,
        which in our case is a Hermite polynomial:

        .. math::
            D = \\begin{vmatrix}
            \\phi_{1,+}(r_1) & \\phi_{2,+}(r_1) & \\cdots & \\phi_{n,+}(r_1) \\\\
            \\phi_{1,+}(r_2) & \\phi_{2,+}(r_2) & \\cdots & \\phi_{n,+}(r_2) \\\\
            \\vdots      & \\vdots      & \\ddots & \\vdots      \\\\
            \\phi_{1,-}(r_n) & \\phi_{2,-}(r_n) & \\cdots & \\phi_{n,-}(r_n)
            \\end{vmatrix}
        """
        A = self.N // 2
        r = r.reshape(-1, self.N, self.dim)

        r_up = r[:, :A, :]
        r_down = r[:, A:, :]

        # Compute the Slater determinant for the spin up particles
        D_up = self.backend.zeros((r.shape[0], A, A))
        D_down = self.backend.zeros((r.shape[0], A, A))

        degree_combs = self.generate_degrees(mode="full")
        # print("r in log_slater", r)
        for part in range(A):
            for j in range(A):
                degrees = degree_combs[j]
                # print("degrees", degrees)
                D_up = D_up.at[:, part, j].set(self.hermite(r_up[:, part, :], degrees))
                D_down = D_down.at[:, part, j].set(
                    self.hermite(r_down[:, part, :], degrees)
                )

        slog_det_up = jnp.linalg.slogdet(D_up)
        slog_det_down = jnp.linalg.slogdet(D_down)
        sign_det = slog_det_up[0] * slog_det_down[0]

        # Compute the Slater determinant for the spin down particles
        log_slater_up = slog_det_up[1].squeeze(-1)
        log_slater_down = slog_det_down[1].squeeze(-1)

        return sign_det, log_slater_up + log_slater_down  # the factor does not matter

    def slog_slater_full(self, r):
        """
        Compute the logarithm of the Slater determinant for a system of fully polarized particles, considering
        the spin decomposition in the ground state.

        Parameters:
            r (ndarray): An array of particle positions reshaped into (-1, N, dim) dimensions.

        Returns:
            ndarray: Computed logarithm of the Slater determinant for the given positions.

        The determinant D is calculated as follows, where phi_i is the i-th single particle wavefunction,
        which in our case is a Hermite polynomial:

        .. math::
            D = \\begin{vmatrix}
            \\phi_1(r_1) & \\phi_2(r_1) & \\cdots & \\phi_n(r_1) \\\\
            \\phi_1(r_2) & \\phi_2(r_2) & \\cdots & \\phi_n(r_2) \\\\
            \\vdots      & \\vdots      & \\ddots & \\vdots      \\\\
            \\phi_1(r_n) & \\phi_2(r_n) & \\cdots & \\phi_n(r_n)
            \\end{vmatrix}
        """
        A = self.N
        r = r.reshape(-1, self.N, self.dim)

        D = self.backend.zeros((r.shape[0], A, A))
        degree_combs = self.generate_degrees(mode="full")
        # print("r in log_slater", r)
        for part in range(A):
            for j in range(A):
                degrees = degree_combs[j]
                D = D.at[:, part, j].set(self.hermite(r[:, part, :], degrees))

        slog_det = jnp.linalg.slogdet(D)
        sign_det = slog_det[0]

        log_slater = slog_det[1].squeeze(-1)

        return sign_det, log_slater  # the factor does not matter

    def hermite(self, r, degs):
        """
        Compute the product of Hermite polynomials for a given set of positions and degrees.

        Parameters:
            r (ndarray): An array of particle positions.
            degs (list of int): Degrees of the Hermite polynomials for each dimension.

        Returns:
            float: Product of Hermite polynomials for the given positions and degrees.
        """

        hermite_product = 1

        for batch in range(r.shape[0]):
            # cartesian of r[batch] and degs

            for i in range(len(degs)):
                deg = degs[i]
                r_ = r[batch][i]

                # print(f"print(P.Hermite([0] * {deg} + [1])({r_}))")
                # print("sqrt_omega", self.sqrt_omega)
                hermite_poly = P.Hermite([0] * deg + [1])(r_ * self.sqrt_omega)
                hermite_product *= hermite_poly

        return hermite_product
