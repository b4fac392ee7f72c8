# Source: https://github.com/alecbetancourt/JAX-ParamOpt/blob/553d7cc8b31714050938812d3a348421da3361a7/jaxparamopt/global_opt.py
# Title: jaxparamopt/global_opt.py (module for global optimization algorithms)
# Cut: kept global_optimization's dispatch for random/sobol/genetic, sobol_opt and genetic_opt; random_parameter_search copied in from jaxparamopt/optimizer.py; dropped the scipy direct/DE/SHGO wrappers and the commented-out block.
import jax
import jax.numpy as jnp
import numpy as onp
import evosax
import scipy


def random_parameter_search(bounds, sample_count, loss_func, dtype, loss_args):
  min_loss = float('inf')
  min_params = None
  for _ in range(sample_count):
    selected_params = onp.random.uniform(low=bounds[:,0],high=bounds[:,1])
    selected_params = jnp.array(selected_params, dtype=dtype)
    loss = loss_func(selected_params, *loss_args)
    if loss < min_loss or onp.isnan(min_loss) == True:
      min_loss = loss
      min_params = selected_params
  if min_params != None and onp.isnan(min_loss) == False:
    selected_params = min_params
  else:
    selected_params = onp.random.uniform(low=bounds[:,0],high=bounds[:,1])
    selected_params = jnp.array(selected_params, dtype=dtype)
  return selected_params


def global_optimization(init_params, bounds, random_sample_count, init_FF_type, loss_func, loss_and_grad_func, dtype, loss_args):
    if init_FF_type == 'random':
        selected_params = random_parameter_search(bounds, random_sample_count, loss_func, dtype, loss_args)
    elif init_FF_type == 'fixed':
        selected_params = jnp.array(init_params)
    elif init_FF_type == 'sobol':
        selected_params = sobol_opt(bounds, random_sample_count, loss_func, loss_args)
    elif init_FF_type.startswith("genetic_"):
        selected_params = genetic_opt(bounds, random_sample_count, init_FF_type, loss_func, loss_args)
    return selected_params


def sobol_opt(bounds, random_sample_count, loss_func, loss_args):
    m = int(jnp.log2(random_sample_count))
    sampler = scipy.stats.qmc.Sobol(d=len(bounds), scramble=False)
    sample = sampler.random_base2(m=m)
    sample = scipy.stats.qmc.scale(sample, bounds[:, 0], bounds[:, 1])

    #losses = jax.vmap(new_loss_func, in_axes=(0,None))(sample, *args_loss)
    losses = jnp.array([loss_func(p, *loss_args) for p in sample], dtype=jnp.float32)
    best_loss_idx = jnp.argmin(losses)
    best_params = sample[best_loss_idx]
    return best_params


def genetic_opt(bounds, random_sample_count, init_FF_type, loss_func, loss_args):
    rng = jax.random.PRNGKey(0)
    initialization = jax.random.uniform(rng, (len(bounds),), minval=bounds[:,0], maxval=bounds[:,1])

    strategy_name = init_FF_type[len("genetic_"):]
    strategy_fn = getattr(evosax.algorithms, strategy_name)
    strategy = strategy_fn(population_size=256, solution=initialization)

    es_params = strategy.default_params
    state = strategy.init(rng, initialization, es_params)

    # Run ask-eval-tell loop - NOTE: By default minimization!
    for t in range(random_sample_count):
        #TODO: include vmap
        rng, rng_gen, rng_eval = jax.random.split(rng, 3)
        x, state = strategy.ask(rng_gen, state, es_params)
        x = jnp.clip(x, bounds[:,0], bounds[:,1])
        fitness = jnp.array([loss_func(p, *loss_args) for p in x], dtype=jnp.float32)
        state, metrics = strategy.tell(rng_eval, x, fitness, state, es_params)
        if (t + 1) % 10 == 0:
            print("# Gen: {}|Fitness: {:.5f}".format(t+1, state.best_fitness))
    return state.best_solution
