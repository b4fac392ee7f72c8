# Source: https://github.com/lockwo/isax/blob/dfb5976cfacac036cfc20580dec623bc93b575a3/examples/04_paoa_optimization.ipynb
# Title: examples/04_paoa_optimization.ipynb (annealing-schedule optimisation on a 3-D spin glass)
# Cut: cell 4 converted to a .py file; the lattice construction of cell 2 is summarised by the
#      module-level names (even_nodes, odd_nodes, params, edge_weights, ...), kept as stubs.
import equinox as eqx
import jax
import jax.numpy as jnp

from sample import IsingModel, SamplingArgs, sample_chain

AnnealedIsingSampler = None  # isax.AnnealedIsingSampler
num_mcs, num_beta, num_exps = 10, 100, 32
even_nodes, odd_nodes = [None] * 108, [None] * 108
params = None  # graph.get_sampling_params()
edge_weights = jnp.zeros(648)
node_biases = jnp.zeros(216)
edge_indices = edge_mask = None
model = IsingModel(weights=edge_weights, biases=node_biases)


def _sample_energy(betas, key):
    betas = jnp.clip(betas, 1e-8)
    beta_schedule = jnp.repeat(betas, num_mcs)

    samplers = [
        AnnealedIsingSampler(lambda t, schedule=beta_schedule: schedule[t]),
        AnnealedIsingSampler(lambda t, schedule=beta_schedule: schedule[t]),
    ]

    sampling_args = SamplingArgs(
        gibbs_steps=num_beta * num_mcs - 1, blocks_to_sample=[0, 1], data=params
    )

    key, k_init, k_run = jax.random.split(key, 3)
    init_state = [
        jax.random.bernoulli(k_init, 0.5, (len(even_nodes),)).astype(jnp.int32) * 2 - 1,
        jax.random.bernoulli(k_init, 0.5, (len(odd_nodes),)).astype(jnp.int32) * 2 - 1,
    ]

    model_with_beta = IsingModel(weights=edge_weights, biases=node_biases)

    samples = sample_chain(init_state, samplers, model_with_beta, sampling_args, k_run)
    final_states = jax.tree.map(lambda x: x[-1], samples)
    final_state = jnp.concatenate(final_states)
    energy = model.energy(final_state, edge_indices, edge_mask)
    return energy


@eqx.filter_jit
def sample_energy(betas, key):
    keys = jax.random.split(key, num_exps)
    energies = eqx.filter_vmap(_sample_energy, in_axes=(None, 0))(betas, keys)
    return jnp.mean(energies)
