# Source: https://github.com/nuclear-multimessenger-astronomy/jester/blob/9006f595310187f7f915a25c22c663410ab19db9/jesterTOV/eos/metamodel/base.py
# Title: jesterTOV/eos/metamodel/base.py (nuclear meta-model equation of state, Margueron et al.)
# Cut: kept construct_eos up to the nucleon energy, the u/v coefficient helpers and compute_energy_nucleons;
#      crust matching, pressure, cs2, symmetry energy and the class constructor are dropped; self.N is the
#      order of the density expansion (4 in the source: E/K/Q/Z coefficients).
import jax.numpy as jnp
from jax.scipy.special import factorial
from jaxtyping import Array, Int


class MetaModel_EOS_model:

    def construct_eos(self, params: dict[str, float]):
        NEP_dict = params

        E_sat = NEP_dict["E_sat"]
        K_sat = NEP_dict["K_sat"]
        Q_sat = NEP_dict["Q_sat"]
        Z_sat = NEP_dict["Z_sat"]

        E_sym = NEP_dict["E_sym"]
        L_sym = NEP_dict["L_sym"]
        K_sym = NEP_dict["K_sym"]
        Q_sym = NEP_dict["Q_sym"]
        Z_sym = NEP_dict["Z_sym"]

        # Potential energy: see Appendix B of Somasundaram et al. for details
        v_sat = jnp.array(
            [
                E_sat + self.v_sat_0_no_NEP,
                0.0 + self.v_sat_1_no_NEP,
                K_sat + self.v_sat_2_no_NEP,
                Q_sat + self.v_sat_3_no_NEP,
                Z_sat + self.v_sat_4_no_NEP,
            ]
        )

        v_sym2 = jnp.array(
            [
                E_sym + self.v_sym2_0_no_NEP,
                L_sym + self.v_sym2_1_no_NEP,
                K_sym + self.v_sym2_2_no_NEP,
                Q_sym + self.v_sym2_3_no_NEP,
                Z_sym + self.v_sym2_4_no_NEP,
            ]
        )

        # Auxiliaries first
        x = self.compute_x(self.n_metamodel)
        proton_fraction = self.proton_fraction(v_sat, v_sym2, self.n_metamodel)
        delta = 1 - 2 * proton_fraction

        f_1 = self.compute_f_1(delta)
        f_star = self.compute_f_star(delta)
        f_star2 = self.compute_f_star2(delta)
        f_star3 = self.compute_f_star3(delta)
        v = self.compute_v(v_sat, v_sym2, delta)
        b = self.compute_b(delta)
        u = self.compute_u(x, b)

        e_metamodel = self.compute_energy_nucleons(
            x, f_1, f_star, f_star2, f_star3, v, u
        )
        return e_metamodel

    def u(self, x: Array, b: Array, alpha: Int):
        "Defined right after equation (40) in Margueron et al. For a single u value"
        return 1 - ((-3 * x) ** (self.N + 1 - alpha) * jnp.exp(-b * (1 + 3 * x)))

    def compute_x(self, n: Array):
        "Defined right before equation (2) in Margueron et al."
        return (n - self.nsat) / (3 * self.nsat)

    def compute_b(self, delta):
        return self.b_sat + self.b_sym * delta**2

    def compute_u(self, x: Array, b: Array):
        "Computes an array of N+1 u values for all alphas"
        return jnp.array([self.u(x, b, alpha) for alpha in range(self.N + 1)])

    def compute_v(self, v_sat: Array, v_sym2: Array, delta) -> Array:
        """Compute an array of length N+1 containing the v coefficients for the potential energy"""
        return jnp.array(
            [
                v_sat[alpha] + v_sym2[alpha] * delta**2 + self.v_nq[alpha] * delta**4
                for alpha in range(self.N + 1)
            ]
        )

    def compute_energy_nucleons(
        self,
        x: Array,
        f_1: Array,
        f_star: Array,
        f_star2: Array,
        f_star3: Array,
        v: Array,
        u: Array,
    ) -> Array:
        r"""Compute the nucleon-only energy per nucleon :math:`e(n, \delta)` [MeV]."""
        # Kinetic energy
        prefac = self.t_sat / 2 * (1 + 3 * x) ** (2 / 3)
        linear = (1 + 3 * x) * f_star
        quadratic = (1 + 3 * x) ** 2 * f_star2
        cubic = (1 + 3 * x) ** 3 * f_star3

        kinetic_energy = prefac * (f_1 + linear + quadratic + cubic)

        # Potential energy
        potential_energy = 0
        for alpha in range(self.N + 1):
            potential_energy += v[alpha] / (factorial(alpha)) * x**alpha * u[alpha]

        return kinetic_energy + potential_energy
