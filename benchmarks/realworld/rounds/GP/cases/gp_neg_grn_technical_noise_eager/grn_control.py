# Source: https://github.com/ioneliabuzatu/grn-control/blob/bd2c0ed16ca620a707a01431691a8b0e8e67b80a/gym_gene_control/envs/grn_control.py
# Title: gym_gene_control/envs/grn_control.py (gym environment around the GRN simulator; RL reward)
# Cut: __init__ reduced to the simulator/noise construction; reset, rendering and dataset loading removed.
import jax.numpy as jnp

import jax_simulator
import src.techinical_noise


class GRNControlEnvThesis:

    def __init__(self, dataset, params, expert):
        self.expert = expert
        self.target_gene_type = 0
        self.sim = jax_simulator.Sim(
            num_genes=dataset.tot_genes, num_cells_types=dataset.tot_cell_types,
            simulation_num_steps=params['NUM_SIM_CELLS'],
            interactions_filepath=dataset.interactions, regulators_filepath=dataset.regulators, noise_amplitude=0.7
        )
        self.sim.build()
        self.add_technical_noise_function = src.techinical_noise.AddTechnicalNoiseJax(
            dataset.tot_genes, dataset.tot_cell_types, params['NUM_SIM_CELLS'],
            dataset.params_outliers_genes_noise, dataset.params_library_size_noise, dataset.params_dropout_noise
        )

    def dict_to_array(self, gene_expression):
        return jnp.stack(tuple([gene_expression[gene] for gene in range(self.sim.num_genes)])).swapaxes(0, 1)

    def step(self, action):
        # @jax.jit
        def loss_fn(actions):
            gene_expression = self.sim.run_one_rollout(actions)
            gene_expression = self.dict_to_array(gene_expression)
            x_T = gene_expression[-1, :, :]

            if self.add_technical_noise_function is not None:
                gene_expression = self.add_technical_noise_function.get_noisy_technical_concentration(
                    gene_expression.T).T
            else:
                gene_expression = jnp.concatenate(gene_expression, axis=1).T

            expert_log_probs = self.expert(gene_expression)
            cross_entropy = jnp.mean(expert_log_probs[:, self.target_gene_type])
            return -cross_entropy, x_T

        reward, x_T = loss_fn(action)
        done = True
        extra_info = {}

        return x_T, reward, done, extra_info
