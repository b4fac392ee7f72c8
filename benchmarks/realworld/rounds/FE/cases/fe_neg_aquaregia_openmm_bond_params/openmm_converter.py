# Source: https://github.com/dominicrufa/aquaregia/blob/d190f8417f97ff7454f369e5dc9cf0baba29a2e7/aquaregia/openmm.py
# Title: aquaregia/openmm.py (convert OpenMM forces to JAX energy functions)
# Cut: kept HarmonicBondForceConverter (jitted energy + host-side parameter extraction);
#      base-class plumbing reduced to a stub; metric function reduced to a norm.
import jax
import jax.numpy as jnp
import openmm
from openmm import unit


def maybe_downcast(x):
    return x


def high_precision_sum(x):
    return jnp.sum(x)


class ValenceForceConverter(object):
    def __init__(self, omm_force, displacement_fn, particle_indices):
        self._omm_force = omm_force
        self._metric_fn = jax.vmap(lambda a, b: jnp.linalg.norm(displacement_fn(a, b)))
        self._particle_indices = list(particle_indices)
        self._parameters = self._make_parameter_dict()
        self._force_fn = jax.jit(self._make_jax_force_fn())

    def _get_given_to_ordered_index(self, p):
        return self._particle_indices.index(p)

    def _omit(self, ps):
        return any(p not in self._particle_indices for p in ps)

    def energy(self, R):
        return self._force_fn(R, self._parameters)


class HarmonicBondForceConverter(ValenceForceConverter):
    """convert a `HarmonicBondForce`"""
    def __init__(self, omm_force, displacement_fn, particle_indices):
        super().__init__(omm_force=omm_force, displacement_fn=displacement_fn, particle_indices=particle_indices)

    def _make_jax_force_fn(self):
        def _fn(R, parameter_dict, **kwargs):
            Ra, Rb = R[parameter_dict['p1'], :], R[parameter_dict['p2'], :]
            lengths, ks = maybe_downcast(parameter_dict['length']), maybe_downcast(parameter_dict['k'])
            drs = self._metric_fn(Ra, Rb)
            return high_precision_sum(0.5 * ks * jnp.power(drs - lengths, 2))
        return _fn

    def _make_parameter_dict(self):
        num_bonds = self._omm_force.getNumBonds()
        bond_terms = {'p1': [], 'p2' :[], 'length': [], 'k': []}
        for idx in range(num_bonds):
            p1, p2, length, k = self._omm_force.getBondParameters(idx)
            p1, p2 = [self._get_given_to_ordered_index(_p) for _p in [p1, p2]]
            if not self._omit([p1, p2]):
                bond_terms['p1'].append(p1)
                bond_terms['p2'].append(p2)
                bond_terms['length'].append(length.value_in_unit_system(unit.md_unit_system))
                bond_terms['k'].append(k.value_in_unit_system(unit.md_unit_system))

        out_bond_terms = {}
        for key, val in bond_terms.items():
            out_bond_terms[key] = jnp.asarray(val)
        return out_bond_terms

