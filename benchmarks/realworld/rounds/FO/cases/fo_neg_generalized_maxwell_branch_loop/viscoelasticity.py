# Source: https://github.com/bleyerj/dolfinx_materials/blob/19350f23d1ddf5a5c55aa86ec788d4f7c46f0668/dolfinx_materials/jax_materials/viscoelasticity.py
# Title: dolfinx_materials/jax_materials/viscoelasticity.py (GeneralizedMaxwell N-branch model)
# Cut: kept GeneralizedMaxwell; dropped LinearViscoElasticity and docstrings. JAXMaterial/tangent_AD come from jax_material.py in this folder.
import jax.numpy as jnp
from jax_material import JAXMaterial, tangent_AD
from elasticity import LinearElasticIsotropic


class GeneralizedMaxwell(JAXMaterial):

    def __init__(
        self,
        bulk_modulus,
        shear_modulus,
        viscoelastic_bulk_modulus,
        viscoelastic_shear_modulus,
        relaxation_time,
    ):
        super().__init__()
        self.bulk_modulus = bulk_modulus
        self.shear_modulus = shear_modulus
        self.elastic_branch = LinearElasticIsotropic(
            kappa=bulk_modulus, mu=shear_modulus
        )
        self.viscoelastic_bulk_modulus = jnp.atleast_1d(viscoelastic_bulk_modulus)
        self.viscoelastic_shear_modulus = jnp.atleast_1d(viscoelastic_shear_modulus)
        self.relaxation_time = jnp.atleast_1d(relaxation_time)
        self.N_branch = len(self.relaxation_time)
        assert (
            len(self.viscoelastic_bulk_modulus) == self.N_branch
        ), "Number of viscoelastic bulk modulus should match number of relaxation times"
        assert (
            len(self.viscoelastic_shear_modulus) == self.N_branch
        ), "Number of viscoelastic shear modulus should match number of relaxation times"
        self.viscous_branch = [
            LinearElasticIsotropic(kappa=kappai, mu=mui)
            for kappai, mui in zip(
                self.viscoelastic_bulk_modulus, self.viscoelastic_shear_modulus
            )
        ]

    @property
    def internal_state_variables(self):
        return {"ViscoElasticStress": 6 * self.N_branch}

    @tangent_AD
    def constitutive_update(self, eps, state, dt):
        sigv_old = jnp.reshape(state["ViscoElasticStress"], (self.N_branch, 6))
        eps_old = state["Strain"]
        deps = eps - eps_old

        sig_el = self.elastic_branch.C @ eps
        sigv = []
        for i in range(self.N_branch):
            a = jnp.exp(-dt / self.relaxation_time[i])
            b = self.relaxation_time[i] / dt * (1 - a)
            sigv1 = sigv_old[i] * a
            sigv2 = b * self.viscous_branch[i].C @ deps
            sigv.append(sigv1 + sigv2)

        sig = sig_el + sum(sigv)
        state["ViscoElasticStress"] = jnp.array(sigv).flatten()
        state["Strain"] = eps
        state["Stress"] = sig
        return sig, state

