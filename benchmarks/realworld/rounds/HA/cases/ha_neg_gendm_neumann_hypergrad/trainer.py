# Source: https://github.com/vdblm/genDM/blob/31cae867bd469ee0d0eb9dc4accfb8f433af54a8/genDM/trainer.py
# Title: genDM/trainer.py (MinMaxTrainer: inner adversary training and Neumann hypergradient for the decision model)
# Cut: MinMaxTrainer.initialize kept up to the hypergradient update; model creation, logging, the other
#      trainers and tests removed; the method is shown as a module-level function taking the trainer.

import jax
import jax.numpy as jnp

from hypergradients import hypergradient


def initialize(self, inner_loss_fn, outer_loss_fn):

        @jax.jit
        def _update_step(key: PRNGKey, decision_state: TrainState, base_adversary_state: TrainState,
                         base_lagrange_multiplier: jnp.ndarray, batch: jnp.ndarray):
            def _inner_update_step(_, params):
                """params: (adversary_state, lagrange_params)"""
                adversary_state, lagrange_params = params

                (
                    (adv_grads, lag_grads), (adv_mutable, _, _)
                ) = jax.grad(inner_loss_fn, has_aux=True, argnums=(1, 3))(decision_state.params,
                                                                          adversary_state.params,
                                                                          adversary_state.stats,
                                                                          lagrange_params,
                                                                          batch,
                                                                          update_stats=True)
                # Update the batch stats during the inner loop
                new_adverse_state = adversary_state.apply_gradients(grads=adv_grads, stats=adv_mutable)

                # Gradient ascent on the lagrange multiplier + Ensure non-negative lambda and lambda <= max_lambda
                new_lagrange_params = lagrange_params + self.gc.lagrange_lr * lag_grads

                new_lagrange_params = jnp.maximum(new_lagrange_params, 0)
                new_lagrange_params = jnp.minimum(new_lagrange_params, self.gc.max_lambda)

                return new_adverse_state, new_lagrange_params

            new_adversary_state, new_lagrange_multiplier = jax.lax.fori_loop(0, self.gc.inner_steps,
                                                                             _inner_update_step,
                                                                             (base_adversary_state,
                                                                              base_lagrange_multiplier))

            _inner_loss_fn = lambda adv_params, dec_params: inner_loss_fn(dec_params, adv_params,
                                                                          new_adversary_state.stats,
                                                                          new_lagrange_multiplier,
                                                                          batch, update_stats=False)[0]

            _outer_loss_fn = lambda adv_params: outer_loss_fn(adv_params, new_adversary_state.stats,
                                                              batch, update_stats=False)[0]
            decision_grads = hypergradient(val_loss=_outer_loss_fn, train_loss=_inner_loss_fn,
                                           params=new_adversary_state.params, hyperparams=decision_state.params,
                                           inverse_steps=self.gc.neumann_steps, lr=self.gc.neumann_lr)

            new_decision_state = decision_state.apply_gradients(grads=decision_grads)

            # Output the log for the current decision state and the new adversary state
            _, (_, outputs, debugs) = inner_loss_fn(decision_state.params, new_adversary_state.params,
                                                    adversary_stats=new_adversary_state.stats,
                                                    lagrange_param=new_lagrange_multiplier,
                                                    batch=batch, update_stats=False)

            # decision_grads = jax.tree_map(lambda x: jnp.mean(x), decision_grads)
            # debugs['theta_grads'] = decision_grads
            return new_decision_state, new_adversary_state, new_lagrange_multiplier

        self._update_step = _update_step
