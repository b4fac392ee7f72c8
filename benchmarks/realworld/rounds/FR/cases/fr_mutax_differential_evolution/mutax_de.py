# Source: https://github.com/gerlero/mutax/blob/05bdf3bd7259fbc6cf42e965cbb668c3fbc97d39/src/mutax/__init__.py
# Title: mutax/__init__.py (Evolutionary optimization algorithms in JAX: SciPy-like differential evolution)
# Cut: kept the jitted differential_evolution with the workers == 1 path, Latin-hypercube init, the best1bin trial, both updating modes and the while_loop; dropped the docstring, rand1bin, workers/parallelize, x0 checks, polishing and the result object. The bounds array comes from test_mutax.py (jnp.array of shape (dim, 2)).
from typing import Callable, Literal

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def differential_evolution(
    func: Callable[[jax.Array], jax.Array],
    /,
    bounds: jax.Array,
    *,
    key: jax.Array | None = None,
    maxiter: int = 1_000,
    popsize: int = 15,
    tol: float = 0.01,
    atol: float = 0,
    mutation: float = 0.8,
    recombination: float = 0.8,
    updating: Literal["immediate", "deferred"] = "immediate",
):
    dim = len(bounds)
    lower = jnp.array([b[0] for b in bounds])
    upper = jnp.array([b[1] for b in bounds])
    popsize *= dim

    if key is None:
        key = jax.random.key(hash("mutax"))

    single_func = func
    vmapped_func = jax.vmap(func)

    # Initialize population (Latin hypercube sampling)
    segsize = 1.0 / popsize
    key, subkey = jax.random.split(key)
    pop = lower + (upper - lower) * jnp.stack(
        jax.vmap(
            lambda k: (
                segsize * jax.random.uniform(k, (popsize,))
                + jnp.linspace(0.0, 1.0, popsize, endpoint=False)
            )[jax.random.permutation(k, popsize)]
        )(jax.random.split(subkey, dim)),
        axis=1,
    )

    fitness = vmapped_func(pop)

    def make_trial(pop, fitness, i, key):
        key, subkey = jax.random.split(key)
        best_idx = jnp.argmin(fitness)
        idxs = jnp.arange(popsize)
        idxs = jnp.where(idxs == i, popsize, idxs)
        idxs = jnp.where(idxs == best_idx, popsize + 1, idxs)
        idx_perm = jax.random.permutation(subkey, idxs)
        r1, r2 = idx_perm[:2]
        r1 = jnp.where(r1 == popsize, idx_perm[2], r1)
        r1 = jnp.where(r1 == popsize + 1, idx_perm[3], r1)
        r2 = jnp.where(r2 == popsize, idx_perm[4], r2)
        r2 = jnp.where(r2 == popsize + 1, idx_perm[5], r2)
        mutant = pop[best_idx] + mutation * (pop[r1] - pop[r2])
        mutant = jnp.clip(mutant, lower, upper)

        # Crossover
        key, subkey = jax.random.split(key)
        cross_points = jax.random.uniform(subkey, (dim,)) < recombination
        key, subkey = jax.random.split(key)
        cross_points = cross_points.at[jax.random.randint(subkey, (), 0, dim)].set(True)
        trial = jnp.where(cross_points, mutant, pop[i])
        return trial, key

    if updating == "immediate":

        def evolve(nit, pop, fitness, key):
            def evolve_one(i, carry):
                pop, fitness, key = carry
                trial, key = make_trial(pop, fitness, i, key)

                # Selection
                f_trial = single_func(trial)
                better = f_trial < fitness[i]
                pop = pop.at[i].set(jnp.where(better, trial, pop[i]))
                fitness = fitness.at[i].set(jnp.where(better, f_trial, fitness[i]))
                return pop, fitness, key

            pop, fitness, key = jax.lax.fori_loop(
                0, popsize, evolve_one, (pop, fitness, key)
            )
            return nit + 1, pop, fitness, key

    else:

        def evolve(nit, pop, fitness, key):
            keys = jax.random.split(key, popsize)
            trials, keys = jax.vmap(lambda i, k: make_trial(pop, fitness, i, k))(
                jnp.arange(popsize), keys
            )
            key = keys[-1]
            f_trials = vmapped_func(trials)
            better = f_trials < fitness
            pop = jnp.where(better[:, None], trials, pop)
            fitness = jnp.where(better, f_trials, fitness)
            return nit + 1, pop, fitness, key

    def converged(fitness):
        return jnp.all(jnp.isfinite(fitness)) & (
            jnp.std(fitness) <= atol + tol * jnp.abs(jnp.mean(fitness))
        )

    nit, pop, fitness, key = jax.lax.while_loop(
        lambda val: (val[0] <= maxiter) & (~converged(val[2])),
        lambda val: evolve(*val),
        (1, pop, fitness, key),
    )
    best_idx = jnp.argmin(fitness)
    return pop[best_idx], fitness[best_idx], nit


if __name__ == "__main__":
    def rosen(x):
        return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)

    bounds = jnp.array([[-5.0, 5.0], [-5.0, 5.0]])
    print(differential_evolution(rosen, bounds, key=jax.random.key(0)))
