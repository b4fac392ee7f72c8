# Source: https://github.com/pedersor/ksr_dft/blob/283e23da20d127b28477a4d04a0894c523240b18/ksr_dft/ksr.py
# Title: ksr_dft/ksr.py (training path calls the jit/scan solver, not spin_scf.kohn_sham)
# Cut: reconstructed outline of the solver dispatch around the lines that call jit_spin_scf.kohn_sham.
from ksr_dft import jit_spin_scf


def kohn_sham_spin(params, xc_energy_density_fn, sample, num_iterations, grids,
                   interaction_fn, alpha, alpha_decay, num_mixing_iterations,
                   density_mse_converge_tolerance, stop_gradient_step):
  return jit_spin_scf.kohn_sham(
      locations=sample.locations,
      nuclear_charges=sample.nuclear_charges,
      num_electrons=sample.num_electrons,
      num_unpaired_electrons=sample.num_unpaired_electrons,
      num_iterations=num_iterations,
      grids=grids,
      xc_energy_density_fn=xc_energy_density_fn,
      interaction_fn=interaction_fn,
      initial_density=sample.initial_density,
      initial_spin_density=sample.initial_spin_density,
      alpha=alpha,
      alpha_decay=alpha_decay,
      num_mixing_iterations=num_mixing_iterations,
      density_mse_converge_tolerance=density_mse_converge_tolerance,
      stop_gradient_step=stop_gradient_step)
