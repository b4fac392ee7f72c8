# Source: https://github.com/giusevtr/private_gsd/blob/f6150d7821b9675ce9158b456f1a5cff8bc3b3d6/src/genetic_sd/generator/generator_genetic_sd.py
# Title: src/genetic_sd/generator/generator_genetic_sd.py (Private-GSD: genetic search over synthetic datasets)
# Cut: kept the fitness functions (vmapped and jitted), the elite-statistics update and the generation loop; strategy construction, bandit weights, logging and early stopping dropped; the enclosing method is reduced to a function taking strategies and statistics_fn.
import time
import jax
import jax.numpy as jnp


def fit(key, strategies, strategy_ids, statistics_fn, selected_noised_statistics, N_prime, num_generations):
    private_statistics = jnp.array(selected_noised_statistics)

    def fitness_fn(X):
        fitness = jnp.linalg.norm(private_statistics - statistics_fn(X), ord=2) ** 2
        return fitness
    fitness_fn_vmap = jax.vmap(fitness_fn, in_axes=(0, ))

    def update_fitness_fn(stats: jnp.ndarray, pop_state):
        # 1) Update the statistics of this synthetic dataset
        rem_row = pop_state.remove_row
        add_row = pop_state.add_row
        num_rows = rem_row.shape[0]
        add_stats = (num_rows * statistics_fn(add_row))
        rem_stats = (num_rows * statistics_fn(rem_row))
        upt_sync_stat = stats.reshape(-1) + add_stats - rem_stats
        fitness = jnp.linalg.norm(private_statistics - upt_sync_stat / N_prime, ord=2) ** 2
        return fitness
    update_fitness_fn_vmap = jax.vmap(update_fitness_fn, in_axes=(None, 0))
    update_fitness_fn_jit = jax.jit(update_fitness_fn_vmap)

    key, subkey = jax.random.split(key, 2)
    state = strategies[0].initialize(subkey)
    elite_fitness = fitness_fn_vmap(state.archive)
    best_member_id = elite_fitness.argmin()
    state = state.replace(
        fitness=elite_fitness,
        best_member=state.archive[best_member_id],
        best_fitness=elite_fitness[best_member_id]
    )
    elite_stat = N_prime * statistics_fn(state.best_member)  # Statistics of best SD

    def update_elite_stat(elite_stat_arg,
                          replace_best,
                          remove_row,
                          add_row,
                          ):
        num_rows = remove_row.shape[0]

        new_elite_stat = jax.lax.select(
            replace_best,
            elite_stat_arg
            - (num_rows * statistics_fn(remove_row))
            + (num_rows * statistics_fn(add_row)),
            elite_stat_arg
        )
        return new_elite_stat
    update_elite_stat_jit = jax.jit(update_elite_stat)

    strategy_rewards = []
    t0 = time.time()
    keys = jax.random.split(key, num_generations)
    for t, ask_subkey in enumerate(keys):
        strategy_id = strategy_ids.pop()
        g_strategy = strategies[strategy_id]

        # ASK: Produce a set of new synthetic data candidates
        population_state = g_strategy.ask(ask_subkey, state)

        # FIT: Compute score of each synthetic dataset candidate
        fitness = update_fitness_fn_jit(elite_stat, population_state)

        # Update the best new candidates
        best_new_candidates, best_candidate_fitness, remove_row, add_row = g_strategy.update_elite_candidates(state, population_state, fitness)

        # TELL: Replace the best candidate
        state, rep_best, best_id = g_strategy.tell(best_new_candidates, best_candidate_fitness, state)

        # UPDATE: Update the statistics of the best synthetic datasets so far
        elite_stat = update_elite_stat_jit(elite_stat, rep_best, remove_row, add_row).block_until_ready()

        strategy_rewards.append([strategy_id, rep_best])
    return state, elite_stat
