# Source: https://github.com/ioneliabuzatu/grn-control/blob/bd2c0ed16ca620a707a01431691a8b0e8e67b80a/jax_simulator.py
# Title: jax_simulator.py (SERGIO-style single-cell gene-regulatory-network simulator in JAX)
# Cut: Sim reduced to run_one_rollout and the master-layer part of simulate_expression_layer_wise;
#      target-layer simulation, plotting and build() removed; euler_maruyama_master kept as written.
import functools
import os.path

import jax
import jax.numpy as jnp
import numpy as np

from src.load_utils import get_basal_production_rate


class Sim:
    hill_coefficient = 2

    def __init__(self, num_genes, num_cells_types, interactions_filepath, regulators_filepath,
                 simulation_num_steps, noise_amplitude=1., seed=0, **kwargs):
        self.num_genes = num_genes
        self.num_cell_types = num_cells_types
        self.regulators_filename = regulators_filepath
        self.simulation_num_steps = simulation_num_steps
        self.noise_parameters_genes = jnp.repeat(noise_amplitude, num_genes)
        self.decay_lambda = 0.8
        self.dt = 0.01
        self.layers = None
        self.seed = seed

    def next_seed(self):
        self.seed += 1

    def run_one_rollout(self, actions=None, load_basal_production_from_file=True, use_rl=False, target_idx=0):
        if load_basal_production_from_file:
            assert os.path.exists(self.regulators_filename)
            basal_production_rates = jnp.array(
                get_basal_production_rate(
                    self.regulators_filename,
                    self.num_genes,
                    self.num_cell_types)
            )
        if actions is not None:
            if not use_rl and not load_basal_production_from_file:
                    basal_production_rates = jnp.zeros(shape=(self.num_genes, self.num_cell_types))

            # for idx_action, (action_gene, master_id) in enumerate(zip(actions, self.layers[0])): # TODO for controlling all nodes switch fix here
            for idx_action, (action_gene, master_id) in enumerate(zip(actions, [i for l in self.layers for i in l])):
                # new_gene_expression = basal_production_rates[master_id, target_idx] + jax.nn.relu(action_gene)
                new_gene_expression = basal_production_rates[master_id, target_idx] * jax.nn.relu(action_gene)
                basal_production_rates = basal_production_rates.at[master_id, target_idx].set(new_gene_expression)

        self.next_seed()
        x = self.simulate_expression_layer_wise(basal_production_rates, seed=self.seed)
        return x

    def simulate_expression_layer_wise(self, basal_production_rates, seed=0):
        key = jax.random.PRNGKey(seed)
        key, subkey = jax.random.split(key)
        subkeys = jax.random.split(subkey, self.num_cell_types)

        master_layer = np.array(self.layers[0])
        init_master_layer_concentration = (basal_production_rates[master_layer] / self.decay_lambda)
        x_0 = dict(zip(master_layer, init_master_layer_concentration))
        curr_genes_expression = x_0

        trajectory_master_layer = jax.vmap(self.simulate_master_layer, in_axes=(1, 0, None, 0))(
            basal_production_rates, curr_genes_expression, master_layer, subkeys)
        x = {master_layer[i]: jnp.vstack((x_0[master_layer[i]].reshape(1, -1),
                                          trajectory_master_layer.T[:, i, :])) for i in range(len(master_layer))}
        return x

    def simulate_master_layer(self, basal_production_rate, curr_genes_expression, layer, key):
        subkeys = jax.random.split(key, len(layer))
        dx = jax.vmap(euler_maruyama_master, in_axes=(0, 0, 0, 0, None, None))(
            jnp.array([curr_genes_expression[gene] for gene in layer]),
            basal_production_rate.take(jnp.array(layer)),
            self.noise_parameters_genes.take(jnp.array(layer)),
            subkeys,
            self.simulation_num_steps,
            self.dt
        )
        return dx


@functools.partial(jax.jit, static_argnums=(4, 5))
def euler_maruyama_master(curr_genes_expression, basal_production_rate, q, key, simulation_num_steps, dt):
    production_rates = basal_production_rate
    key, subkey = jax.random.split(key)
    dw_p = jax.random.normal(subkey, shape=(simulation_num_steps - 1,))
    key, subkey = jax.random.split(key)
    dw_d = jax.random.normal(subkey, shape=(simulation_num_steps - 1,))

    def concentration_forward(carry, noises):
        curr_concentration = carry
        decayed_production = jnp.multiply(0.8, curr_concentration)
        dw_production, dw_decay = noises

        amplitude_d = q * jnp.power(decayed_production, 0.5)
        amplitude_p = q * jnp.power(production_rates, 0.5)

        decay = jnp.multiply(0.8, curr_concentration)

        noise = jnp.multiply(amplitude_p, dw_production) + jnp.multiply(amplitude_d, dw_decay)

        next_gene_conc = curr_concentration + (dt * jnp.subtract(production_rates, decay)) + jnp.power(dt, 0.5) * noise

        next_gene_conc = jax.nn.relu(next_gene_conc)
        return next_gene_conc, next_gene_conc

    noises = (dw_p, dw_d)
    gene_trajectory_concentration = \
        jax.lax.scan(concentration_forward, curr_genes_expression, noises, length=simulation_num_steps - 1)[1]
    return gene_trajectory_concentration
