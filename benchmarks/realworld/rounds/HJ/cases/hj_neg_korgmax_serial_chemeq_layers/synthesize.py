# Source: https://github.com/David-Chemaly/KorgMAX/blob/ff9c78a174d41fc8247cf282985d3f112d7c441e/korg_jax/synthesize.py
# Title: KorgMAX (korg_jax, JAX port of Korg.jl) -- korg_jax/synthesize.py, synthesize()
# Cut: the long argument handling and everything after the continuum phase cut; the layer loop kept verbatim.
import numpy as np
import jax.numpy as jnp

from statmech import chemical_equilibrium, _ChemEqContext


def synthesize_layers_phase1(atm, abs_abundances, ionization_energies, partition_funcs,
                             log_equilibrium_constants, use_chemical_equilibrium_from=None):
    n_layers = atm.n_layers
    alpha_np = np.zeros((n_layers, len(wls)))
    alpha_ref = np.zeros(n_layers)
    n_e_vals = np.zeros(n_layers)
    n_dicts = []
    alpha_cntm_funcs = []

    # Merge reference frequency into continuum grid to halve the number of calls
    if tau_scheme == "anchored":
        ref_freq = c_cgs / atm.reference_wavelength
        combined_freqs = np.append(cntm_wls.all_freqs, ref_freq)
    else:
        combined_freqs = np.asarray(cntm_wls.all_freqs)

    # Pre-compute chemical equilibrium context once (avoids rebuilding
    # Species objects and molecule data for every layer)
    cheq_ctx = None
    if use_chemical_equilibrium_from is None:
        cheq_ctx = _ChemEqContext(abs_abundances, ionization_energies,
                                  partition_funcs, log_equilibrium_constants)

    # Phase 1: Serial chemical equilibrium (Newton–Broyden per layer)
    for i in range(n_layers):
        if use_chemical_equilibrium_from is None:
            ne, n_dict = chemical_equilibrium(
                atm.temp[i], atm.number_density[i], atm.electron_number_density[i],
                abs_abundances, ionization_energies, partition_funcs,
                log_equilibrium_constants,
                _ctx=cheq_ctx,
            )
        else:
            sol = use_chemical_equilibrium_from
            ne = sol.electron_number_density[i]
            n_dict = {s: sol.number_densities[s][i] for s in sol.number_densities}

        n_e_vals[i] = ne
        n_dicts.append(n_dict)

    return n_e_vals, n_dicts
