# Source: https://github.com/pedersor/ksr_dft/blob/283e23da20d127b28477a4d04a0894c523240b18/ksr_dft/spin_scf.py
# Title: ksr_dft/spin_scf.py (kohn_sham, non-jit spin-polarized reference)
# Cut: docstring cut; initial non-interacting density and the final stacking of states kept in outline.
import jax.numpy as jnp
from jax import tree_util

from ksr_dft import scf
from ksr_dft import utils
from ksr_dft.spin_scf_iteration import kohn_sham_iteration, batch_solve_noninteracting_system


def kohn_sham(locations, nuclear_charges, num_electrons, num_unpaired_electrons,
              num_iterations, grids, xc_energy_density_fn, interaction_fn,
              initial_density=None, initial_spin_density=None, alpha=0.5,
              alpha_decay=0.9, enforce_reflection_symmetry=False,
              num_mixing_iterations=2, density_mse_converge_tolerance=-1.):
  external_potential = utils.get_atomic_chain_potential(
      grids=grids,
      locations=locations,
      nuclear_charges=nuclear_charges,
      interaction_fn=interaction_fn)

  num_down_electrons = (num_electrons - num_unpaired_electrons) // 2
  num_up_electrons = num_down_electrons + num_unpaired_electrons

  if initial_density is None or initial_spin_density is None:
    densities, _ = batch_solve_noninteracting_system(
        jnp.array([external_potential, external_potential]),
        jnp.array([num_up_electrons, num_down_electrons]), grids)

    initial_density = jnp.sum(densities, axis=0)
    initial_spin_density = jnp.squeeze(-1 * jnp.diff(densities, axis=0))

  state = scf.KohnShamState(density=initial_density,
                            spin_density=initial_spin_density,
                            total_energy=jnp.inf,
                            locations=locations,
                            nuclear_charges=nuclear_charges,
                            external_potential=external_potential,
                            grids=grids,
                            num_electrons=num_electrons,
                            num_unpaired_electrons=num_unpaired_electrons)

  states = []
  density_diffs = None
  spin_density_diffs = None
  converged = False
  for _ in range(num_iterations):
    if converged:
      states.append(state)
      continue

    old_state = state
    state = kohn_sham_iteration(
        state=old_state,
        xc_energy_density_fn=xc_energy_density_fn,
        interaction_fn=interaction_fn,
        enforce_reflection_symmetry=enforce_reflection_symmetry)
    density_diff = state.density - old_state.density
    spin_density_diff = state.spin_density - old_state.spin_density
    if density_diffs is None and spin_density_diffs is None:
      density_diffs = jnp.array([density_diff])
      spin_density_diffs = jnp.array([spin_density_diff])
    else:
      density_diffs = jnp.vstack([density_diffs, density_diff])
      spin_density_diffs = jnp.vstack([spin_density_diffs, spin_density_diff])
    if jnp.mean(jnp.square(density_diff)) < density_mse_converge_tolerance:
      converged = True
    state = state._replace(converged=converged)
    # Density mixing.
    state = state._replace(
        density=old_state.density +
        alpha * jnp.mean(density_diffs[-num_mixing_iterations:], axis=0),
        spin_density=old_state.spin_density +
        alpha * jnp.mean(spin_density_diffs[-num_mixing_iterations:], axis=0),
    )
    states.append(state)
    alpha *= alpha_decay

  return tree_util.tree_map(lambda *x: jnp.stack(x), *states)
