# Source: https://pypi.org/project/nexusim/0.2.0/ (sdist nexusim-0.2.0.tar.gz, src/nexus/simulator/grn/grnSim.py; project repository github.com/AmoghSingh25/nexus)
# Title: src/nexus/simulator/grn/grnSim.py (SERGIO-style gene regulatory network simulator in JAX)
# Cut: kept calc_steady_states's per-gene loop (the inner vmapped steady-state function is reduced to its call) and run_sim's step loop; parameter learning dropped.
import logging

import jax.numpy as jnp
from jax import jit, vmap, lax
from tqdm import tqdm


class GRNSim:
    def calc_steady_states(self, learn_params: bool = True):
        """Calculates the steady state concentrations for the MR and Gene nodes (SERGIO, Eq. 8 and 10)."""

        def _single_gene_steady_state(
            n_cells_range, idx, is_mr, basal_rate, decay, ki_matrix, gene_conc,
            all_cell_conc, hill_coeff, prot_trans, prot_decay,
        ):
            def _single_cell_steady_state(cell_idx):
                return lax.cond(
                    is_mr[cell_idx],
                    lambda _: self.calc_steady_state_mr(basal_rate, decay[cell_idx]),
                    lambda _: self.calc_steady_state_g(
                        idx, ki_matrix[cell_idx], gene_conc[:, cell_idx], all_cell_conc,
                        hill_coeff[cell_idx], prot_trans[cell_idx], prot_decay[cell_idx],
                    ),
                    None,
                )

            vmap_single_cell = jit(vmap(_single_cell_steady_state))
            return vmap_single_cell(n_cells_range)

        gene_conc, prot_conc = self.gene_conc, self.prot_conc
        ## TODO: VMAP over genes does not work as genes depend on the concentration of the regulator genes

        calc_steady_state_jit = jit(_single_gene_steady_state)

        for i in tqdm(range(self.n_genes)):
            g_conc, p_conc = calc_steady_state_jit(
                n_cells_range=jnp.arange(self.n_cells),
                idx=i,
                is_mr=self.is_mr[:, i],
                basal_rate=self.basal_rates[i],
                decay=self.decay[:, i],
                ki_matrix=self.ki_matrix[:, i, :],
                gene_conc=gene_conc,
                all_cell_conc=jnp.mean(
                    gene_conc, axis=1
                ),  # To calculate half response as mean conc across all cells
                hill_coeff=self.hill_coeffs[:, i],
                prot_trans=self.prot_tran_rates[:, i],
                prot_decay=self.prot_decay[:, i],
            )
            gene_conc = gene_conc.at[i].set(g_conc)
            prot_conc = prot_conc.at[i].set(p_conc)
        return gene_conc, prot_conc

    def run_sim(self, step=None, noise_trace=None):
        if step is None:
            logging.info("Running simulator...")
            wiener_noise_a = self.noise_a
            wiener_noise_b = self.noise_b
            if noise_trace is not None:
                wiener_noise_a = noise_trace[0]
                wiener_noise_b = noise_trace[1]
            for t_i in tqdm(range(self.n_steps)):
                _gene_conc, _prot_conc = self.jit_x_t(
                    self.gene_conc,
                    self.prot_conc,
                    self.delta,
                    self.decay,
                    self.basal_rates,
                    self.ki_matrix,
                    self.is_mr,
                    self.noise_amp,
                    self.hill_coeffs,
                    self.prot_tran_rates,
                    self.prot_decay,
                    wiener_noise_a[t_i],
                    wiener_noise_b[t_i],
                )
                _gene_conc = _gene_conc.reshape(*_gene_conc.shape, 1)
                _prot_conc = _prot_conc.reshape(*_prot_conc.shape, 1)
                self.gene_conc = self.gene_conc.at[:].set(_gene_conc)
                self.prot_conc = self.prot_conc.at[:].set(_prot_conc)
