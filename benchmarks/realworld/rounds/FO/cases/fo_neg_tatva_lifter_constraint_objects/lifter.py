# Source: https://github.com/smec-ethz/tatva/blob/9272edac889134bdc2d2b973c9054850325a712d/tatva/lifter/base.py
# Title: tatva/lifter/base.py (Lifter: map between reduced and full dof vectors)
# Cut: kept Lifter.lift, lift_from_zeros, reduce and reduce_adjoint with a minimal constructor; the Periodic constraint is taken from tatva/lifter/constraints.py at the same commit; the jitted residual at the bottom is reconstructed from the Lifter docstring example. Sparsity, MPI ghost dofs and runtime values are dropped.
import jax
import jax.numpy as jnp
from jax import Array


class Constraint:
    def __init__(self, dofs: Array):
        self.dofs = dofs

    def apply_lift(self, u_full: Array) -> Array:
        """Apply the constraint to a full vector and return the modified copy."""
        return u_full

    def apply_transpose(self, r_full: Array) -> Array:
        """Apply the transpose of the constraint to a full residual vector."""
        return r_full


class Periodic(Constraint):
    def __init__(self, dofs: Array, master_dofs: Array):
        super().__init__(dofs)
        self.master_dofs = master_dofs

    def apply_lift(self, u_full: Array) -> Array:
        """Copy values from ``master_dofs`` into the constrained ``dofs``."""
        return u_full.at[self.dofs].set(u_full[self.master_dofs])

    def apply_transpose(self, r_full: Array) -> Array:
        """Add residuals from constrained ``dofs`` to ``master_dofs``."""
        return r_full.at[self.master_dofs].add(r_full[self.dofs]).at[self.dofs].set(0.0)


class Lifter:
    def __init__(self, size: int, *constraints: Constraint):
        self.size = size
        self.constraints = tuple(constraints)
        constrained = jnp.concatenate([c.dofs for c in constraints]) if constraints else jnp.zeros(0, int)
        self.free_dofs = jnp.setdiff1d(jnp.arange(size), constrained)

    def lift(
        self,
        u_reduced: Array,
        u_full: Array,
    ) -> Array:
        u_full = u_full.at[self.free_dofs].set(u_reduced)

        for condition in self.constraints:
            u_full = condition.apply_lift(u_full)

        return u_full

    def lift_from_zeros(
        self,
        u_reduced: Array,
    ) -> Array:
        """Lift reduced vector to a full vector starting from zeros."""
        u_full = jnp.zeros(self.size, dtype=u_reduced.dtype)
        return self.lift(u_reduced, u_full)

    def reduce(self, u_full: Array) -> Array:
        """Extract the reduced vector by selecting free dofs from ``u_full``."""
        return u_full[self.free_dofs]

    def reduce_adjoint(self, r_full: Array) -> Array:
        for condition in reversed(self.constraints):
            r_full = condition.apply_transpose(r_full)

        return r_full[self.free_dofs]


def make_reduced_residual(lifter: Lifter, total_energy):
    @jax.jit
    def residual(u_reduced):
        u_full = lifter.lift_from_zeros(u_reduced)
        return lifter.reduce_adjoint(jax.grad(total_energy)(u_full))

    return residual
