# Source: https://github.com/lockwo/isax/blob/dfb5976cfacac036cfc20580dec623bc93b575a3/examples/03_ising_thermodynamics.ipynb
# Title: examples/03_ising_thermodynamics.ipynb (Thermodynamic Properties of Ising Models)
# Cut: cell 4 converted to a .py file; create_2d_ising_graph and magnetization_per_site (cells 2-3)
#      are imported stubs; the plotting cell is dropped.
import equinox as eqx
import jax
import jax.numpy as jnp

from isax import IsingModel, IsingSampler, SamplingArgs, sample_chain


def create_2d_ising_graph(L, J=1.0, h=0.0):  # cell 2
    raise NotImplementedError


def magnetization_per_site(spins):  # cell 3
    return jnp.mean(spins, axis=-1)


T = jnp.linspace(1.5, 3.0, 40)
betas = 1.0 / T
to_sample = [
    (4, "orange", "L=4"),
    (8, "green", "L=8"),
    (16, "blue", "L=16"),
    (32, "red", "L=32"),
]

key = jax.random.key(42)
sample_fn = eqx.filter_jit(sample_chain)

results = {}

for L, color, label in to_sample:
    print(f"Simulating {label}")
    graph, edge_weights, node_biases, edges = create_2d_ising_graph(L)
    edge_indices, edge_mask = graph.get_edge_structure()

    params = graph.get_sampling_params()
    sampling_args = SamplingArgs(
        gibbs_steps=4000,
        blocks_to_sample=[0, 1],
        data=params,
    )

    model = IsingModel(weights=edge_weights, biases=node_biases)
    sampler = IsingSampler()
    energy_fn_jit = eqx.filter_jit(model.energy)

    M_avg, E_avg, C_avg = [], [], []
    M_std, E_std, C_std = [], [], []

    for beta, temp in zip(betas, T):
        key, k_init, k_run = jax.random.split(key, 3)

        num_even = len([n for i, n in enumerate(graph.nodes) if i % 2 == 0])
        num_odd = L * L - num_even

        init_state = [
            jax.random.choice(k_init, jnp.array([1, -1]), shape=(num_even,)),
            jax.random.choice(k_init, jnp.array([1, -1]), shape=(num_odd,)),
        ]

        model_with_beta = IsingModel(
            weights=beta * edge_weights, biases=beta * node_biases
        )

        samples = sample_fn(
            init_state, [sampler, sampler], model_with_beta, sampling_args, k_run
        )

        equilibration = 500
        spins = jnp.concatenate(samples, axis=-1)[equilibration:]
        spins = spins[::5]

        mags = jnp.abs(magnetization_per_site(spins))
        energies = jax.vmap(energy_fn_jit, in_axes=(0, None, None))(
            spins, edge_indices, edge_mask
        ) / (L * L)

        M_avg.append(jnp.mean(mags))
        M_std.append(jnp.std(mags))
        E_avg.append(jnp.mean(energies))
        E_std.append(jnp.std(energies))
        C_avg.append(beta**2 * jnp.var(energies * L * L, ddof=1) / (L * L))

    results[(L, color, label)] = {
        "M_avg": jnp.array(M_avg),
        "M_std": jnp.array(M_std),
        "E_avg": jnp.array(E_avg),
        "E_std": jnp.array(E_std),
        "C_avg": jnp.array(C_avg),
    }
