# Source: https://github.com/sail-sg/jrystal/blob/f29fc6e4a32397178a2c58468fa44ae4b106260d/jrystal/calc/calc_ground_state_energy_normcons.py
# Title: jrystal/calc/calc_ground_state_energy_normcons.py (main optimisation loop)
# Cut: set-up of crystal, pseudopotential, parameters and optimiser cut; mesh context dropped.
import time

import jax
import optax
from tqdm import tqdm


def optimise(config, params, opt_state, optimizer, free_energy, g_vec,
             potential_loc, potential_nl, convergence_checker, ew):

  @jax.jit
  def update(params, opt_state, temp, g_vec, potential_nl):
    loss = lambda x: free_energy(
      x["pw"], x["occ"], temp, g_vec, potential_loc, potential_nl
    )
    (loss_val, es), grad = jax.value_and_grad(loss, has_aux=True)(params)
    updates, opt_state = optimizer.update(grad, opt_state)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss_val, es

  if config.smearing > 0.:
    temperature_scheduler = optax.exponential_decay(
      init_value=100.,
      transition_steps=config.epoch // 2,
      decay_rate=config.smearing / 100,
      end_value=config.smearing
    )
  else:

    def temperature_scheduler(i):
      return 0.

  iters = tqdm(range(config.epoch), disable=not config.verbose)

  train_time = 0
  converged = False
  for i in iters:
    temp = temperature_scheduler(i)
    start = time.time()
    params, opt_state, loss_val, es = update(
      params, opt_state, temp, g_vec, potential_nl
    )
    etot, entro = es
    etot = jax.block_until_ready(etot)
    train_time += time.time() - start
    converged = convergence_checker.check(etot)
    if converged:
      break

    iters.set_description(
      f"Loss: {loss_val:.4f}|Energy: {etot+ew:.4f}|"
      f"Entropy: {entro:.4f}|T: {temp:.2E}"
    )
  return params, converged
