# Source: https://github.com/dakling/jax-spectral-dns/blob/f35469e02a48869a1ca40ba3d955cccf68c8d76a/jax_spectral_dns/field.py
# Title: jax_spectral_dns/field.py (PhysicalField.FromRandom: random initial perturbation field)
# Cut: only PhysicalField.FromRandom kept (class reduced to it); called once to build the initial condition before the solver's jitted scan.
import jax
import jax.numpy as jnp


class PhysicalField:
    def __init__(self, domain, data, name="field"):
        self.domain = domain
        self.data = data
        self.name = name

    @classmethod
    def FromRandom(
        cls,
        domain: PhysicalDomain,
        seed: "jsd_float" = 0,
        energy_norm: float = 1.0,
        name: str = "field",
    ) -> PhysicalField:
        """Construct a random field depending on the independent variables described by domain."""
        # TODO generate "nice" random fields
        interval = (-1.0, 1.0)
        key = jax.random.PRNGKey(seed)
        zero_field = PhysicalField.FromFunc(domain)
        rands = []
        for _ in jnp.arange(zero_field.number_of_dofs()):
            key, subkey = jax.random.split(key)
            rands.append(
                jax.random.uniform(subkey, minval=interval[0], maxval=interval[1])
            )
        field = jnp.array(rands).reshape(zero_field.get_domain().get_shape_aliasing())
        out = cls(domain, field, name)
        # smooth_field = PhysicalField.FromFunc(
        #     domain, lambda X: jnp.exp(-((1.4 * X[1]) ** 8))
        # )  # make sure that we are not messing with the boundary conditions
        # out *= smooth_field
        out.update_boundary_conditions()
        out.normalize_by_energy()
        out *= jnp.sqrt(energy_norm)
        out.set_name(name)
        return out
