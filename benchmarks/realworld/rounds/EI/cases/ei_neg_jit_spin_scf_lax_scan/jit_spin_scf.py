# Source: https://github.com/pedersor/ksr_dft/blob/283e23da20d127b28477a4d04a0894c523240b18/ksr_dft/jit_spin_scf.py
# Title: ksr_dft/jit_spin_scf.py (_kohn_sham: Functions for self-consistent field calculation simplified for jit)
# Cut: jax.ops.index_update rewritten as .at[].set (same meaning); kohn_sham_iteration and _connection_weights imported.
import functools

import jax
import jax.numpy as jnp

from ksr_dft import scf
from ksr_dft.jit_spin_scf_iteration import kohn_sham_iteration, _connection_weights


@functools.partial(jax.jit, static_argnums=(3, 6, 9, 10, 11, 12, 13, 14))
def _kohn_sham(external_potential, num_electrons, num_unpaired_electrons,
               num_iterations, grids, xc_energy_density_fn, interaction_fn,
               initial_density, initial_spin_density, alpha, alpha_decay,
               enforce_reflection_symmetry, num_mixing_iterations,
               density_mse_converge_tolerance, stop_gradient_step):
  """Jit-able Kohn Sham calculation."""
  num_grids = grids.shape[0]
  weights = _connection_weights(num_iterations, num_mixing_iterations)

  def _converged_kohn_sham_iteration(old_state_diffs):
    old_state, density_diffs, spin_density_diffs = old_state_diffs
    return old_state._replace(converged=True), density_diffs, spin_density_diffs

  def _uncoveraged_kohn_sham_iteration(idx_old_state_alpha_diffs):
    idx, old_state, alpha, density_diffs, spin_density_diffs = idx_old_state_alpha_diffs
    state = kohn_sham_iteration(
        state=old_state,
        xc_energy_density_fn=xc_energy_density_fn,
        interaction_fn=interaction_fn,
        enforce_reflection_symmetry=enforce_reflection_symmetry)
    density_diffs = density_diffs.at[idx].set(state.density - old_state.density)
    spin_density_diffs = spin_density_diffs.at[idx].set(
        state.spin_density - old_state.spin_density)

    # Density mixing.
    state = state._replace(
        density=old_state.density +
        alpha * jnp.dot(weights[idx], density_diffs),
        spin_density=old_state.spin_density +
        alpha * jnp.dot(weights[idx], spin_density_diffs),
    )
    return state, density_diffs, spin_density_diffs

  def _single_kohn_sham_iteration(carry, inputs):
    del inputs
    idx, old_state, alpha, converged, density_diffs, spin_density_diffs = carry
    state, density_diffs, spin_density_diffs = jax.lax.cond(
        converged,
        lambda ops: _converged_kohn_sham_iteration(ops[0]),
        lambda ops: _uncoveraged_kohn_sham_iteration(ops[1]),
        ((old_state, density_diffs, spin_density_diffs),
         (idx, old_state, alpha, density_diffs, spin_density_diffs)))
    converged = jnp.mean(
        jnp.square(state.density -
                   old_state.density)) < density_mse_converge_tolerance
    state = jax.lax.cond(idx <= stop_gradient_step,
                         true_fun=jax.lax.stop_gradient,
                         false_fun=lambda x: x,
                         operand=state)
    return (idx + 1, state, alpha * alpha_decay, converged, density_diffs,
            spin_density_diffs), state

  state = scf.KohnShamState(
      density=initial_density,
      spin_density=initial_spin_density,
      total_energy=jnp.inf,
      external_potential=external_potential,
      grids=grids,
      num_electrons=num_electrons,
      num_unpaired_electrons=num_unpaired_electrons,
      xc_energy=0.,
      kinetic_energy=0.,
      hartree_potential=jnp.zeros_like(grids),
      xc_energy_density=jnp.zeros_like(grids),
      converged=False)
  # Initialize the density diffs with all zeros since the carry in
  # lax.scan must keep the same shape.
  density_diffs = jnp.zeros((num_iterations, num_grids))
  spin_density_diffs = jnp.zeros((num_iterations, num_grids))

  _, states = jax.lax.scan(_single_kohn_sham_iteration,
                           init=(0, state, alpha, state.converged,
                                 density_diffs, spin_density_diffs),
                           xs=jnp.arange(num_iterations))
  return states
