# Source: https://github.com/ioneliabuzatu/grn-control/blob/bd2c0ed16ca620a707a01431691a8b0e8e67b80a/jax_simulator.py
# Title: jax_simulator.py (layer-wise SERGIO simulation; Hill-function production rates per target gene)
# Cut: timing/plotting lines and run_one_rollout removed; the target-layer loop of
#      simulate_expression_layer_wise split out as simulate_targets_layer_wise (same body); per-gene
#      helpers and the scan-based integrator kept as written. It runs inside loss_exp in
#      optimal_control.py (jax.jit + jax.value_and_grad), see case gp_grn_rollout_action_scatter.
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Sim:
    hill_coefficient = 2

    def simulate_targets_layer_wise(self, x, x_0, mean_expression, key):
        layers_copy = [np.array(l) for l in self.layers]
        for num_layer, layer in enumerate(layers_copy[1:], start=1):
            key, subkey = jax.random.split(key)
            subkeys = jax.random.split(subkey, self.num_cell_types)

            half_response = dict(zip(layer, self.calculate_half_response(tuple(layer), mean_expression)))

            x_0.update(dict(zip(layer, self.init_concentration(tuple(layer), half_response, mean_expression))))

            curr_genes_expression = x_0
            params = Params(self.regulators_dict, self.adjacency, self.is_repressive)

            production_rates = jnp.array(
                [calculate_production_rate(params, gene, half_response, x) for gene in
                 layer])
            trajectories = jax.vmap(self.simulate_targets, in_axes=(2, 0, None, 0))(
                production_rates, curr_genes_expression, layer, subkeys
            )
            x.update({layer[i]: jnp.vstack((x_0[layer[i]].reshape(1, -1), trajectories.T[:, i, :])) for i in
                      range(len(layer))})
            mean_expression.update({idx: jnp.mean(x[idx], axis=0) for idx in layer})
        return x

    def simulate_targets(self, production_rates, curr_genes_expression, layer, key):
        subkeys = jax.random.split(key, len(layer))
        dx = jax.vmap(euler_maruyama_targets, in_axes=(0, 0, 0, 0, None, None))(
            jnp.array([curr_genes_expression[gene] for gene in layer]),
            self.noise_parameters_genes.take(jnp.array(layer)),
            production_rates,
            subkeys,
            self.simulation_num_steps,
            self.dt
        )
        return dx

    def calculate_half_response(self, layer, mean_expression):
        half_responses = []
        for gene in layer:
            regulators = self.regulators_dict[gene]
            mean_expression_per_cells_regulators_wise = jnp.vstack(tuple([mean_expression[reg] for reg in regulators]))
            half_response = jnp.mean(mean_expression_per_cells_regulators_wise)
            half_responses.append(half_response)
        return half_responses

    def init_concentration(self, layer: list, half_response, mean_expression):
        """ Init concentration genes; Note: calculate_half_response should be run before this method """
        params = Params(self.regulators_dict, self.adjacency, self.is_repressive)
        rates = jnp.array([calculate_production_rate_init(params, gene, half_response, mean_expression) for gene in
                           layer])
        rates = rates / self.decay_lambda
        return rates


@functools.partial(jax.jit, static_argnums=(4, 5))
def euler_maruyama_targets(curr_genes_expression, q, production_rates, key, simulation_num_steps, dt):
    key, subkey = jax.random.split(key)
    dw_p = jax.random.normal(subkey, shape=(simulation_num_steps - 1,))
    key, subkey = jax.random.split(key)
    dw_d = jax.random.normal(subkey, shape=(simulation_num_steps - 1,))

    def step(carry, state):
        curr_x = carry
        dw_d_t, dw_p_t, production_rate_t = state
        decay = jnp.multiply(0.8, curr_x)
        amplitude_p = q * jnp.power(production_rate_t, 0.5)
        amplitude_d = q * jnp.power(decay, 0.5)
        noise = jnp.multiply(amplitude_p, dw_p_t) + jnp.multiply(amplitude_d, dw_d_t)
        next_x = curr_x + (dt * jnp.subtract(production_rate_t, decay)) + jnp.power(dt, 0.5) * noise
        next_x = jax.nn.relu(next_x)
        return next_x, next_x

    all_state = dw_d, dw_p, production_rates[1:]
    gene_trajectory = jax.lax.scan(step, curr_genes_expression, all_state)[1]
    return gene_trajectory


class Params:
    def __init__(self, regulators_dict, adjacency, repressive_dict):
        self.regulators_dict = regulators_dict
        self.adjacency = adjacency
        self.repressive_dict = repressive_dict


def calculate_production_rate_init(params: Params, gene, half_response, mean_expression):
    regulators = params.regulators_dict[gene]
    mean_expression = jnp.vstack(tuple([mean_expression[reg] for reg in regulators]))
    half_response = half_response[gene]
    is_repressive = jnp.array([params.repressive_dict[gene][regulator] for regulator in regulators])
    absolute_k = jnp.abs(params.adjacency[regulators][:, gene])

    rate = jax.vmap(hill_function, in_axes=(0, None, 0, 0))(mean_expression, half_response, is_repressive,
                                                            absolute_k)
    rate = rate.sum(axis=0)
    return rate


def calculate_production_rate(params: Params, gene, half_response, previous_layer_trajectory):
    regulators = params.regulators_dict[gene]
    regulators_concentration = jnp.stack(tuple(previous_layer_trajectory[reg] for reg in regulators))
    half_response = half_response[gene]
    is_repressive = jnp.array([params.repressive_dict[gene][regulator] for regulator in regulators])
    absolute_k = jnp.abs(params.adjacency[regulators][:, gene])

    rate = jax.vmap(hill_function, in_axes=(0, None, 0, 0))(regulators_concentration, half_response, is_repressive,
                                                            absolute_k)
    rate = rate.sum(axis=0)
    return rate


@jax.jit
def hill_function(regulators_concentration, half_response, is_repressive, absolute_k):
    """in einsum r,t,rts->t, r is the number of regulators, t is time t, s is the state or cell type."""
    nom = jnp.power(regulators_concentration, Sim.hill_coefficient)
    denom = (jnp.power(half_response, Sim.hill_coefficient) + jnp.power(regulators_concentration, Sim.hill_coefficient))
    rate = (nom / denom)  # .swapaxes(0, 1)
    rate2 = jnp.where(is_repressive, 1 - rate, rate)
    return rate2 * absolute_k  # k_rate
