# Source: https://github.com/chaobrain/brainmass/blob/293eaeb8948474c645208b68c531b7cb5482d4fb/brainmass/fitter.py
# Title: brainmass/fitter.py (Fitter._fit_grad and Fitter._fit_nevergrad)
# Cut: kept the gradient fit (jitted grad step, host loop over optimisation steps) and the
#      nevergrad candidate evaluation; dropped bounds resolution, callbacks detail and FitResult fields.
import brainstate
import braintools
import jax.numpy as jnp
import numpy as np


class Fitter:

    def _fit_grad(self, target, n_steps, verbose, optimizer, weights):
        optimizer.register_trainable_weights(weights)
        self._optimizer = optimizer

        def f_loss():
            with self.model.param_precompute():
                return self._eval(self.model, target)

        @brainstate.transform.jit
        def f_train():
            f_grad = brainstate.transform.grad(
                f_loss, weights, has_aux=True, return_value=True
            )
            grads, loss, aux = f_grad()
            optimizer.step(grads)
            return loss, aux

        history = []
        best_loss = float('inf')
        best_snapshot = None
        best_pred = None
        step = 0
        for step in range(n_steps):
            loss, aux = f_train()
            loss_f = float(loss)
            history.append(loss_f)
            if loss_f < best_loss:
                best_loss = loss_f
                best_snapshot = {k: jnp.asarray(v.value) for k, v in weights.items()}
                best_pred = aux
            if verbose:
                print(f"[grad] step {step}: loss={loss_f:.6g} best={best_loss:.6g}")
            if self._run_callbacks(step, loss_f, best_loss):
                break

        # Restore the best-seen weights so the model ends at its best point.
        if best_snapshot is not None:
            for k, v in weights.items():
                v.value = best_snapshot[k]
        return best_loss, history, best_pred

    def _fit_nevergrad(self, target, n_steps, verbose):
        params = _trainable_params(self.model)
        bounds = self._resolve_bounds(params)
        names = list(bounds)
        opts = self._derivfree_opts()
        method = opts.pop('method', 'DE')
        n_sample = int(opts.pop('n_sample', 8))

        def batched(**stacked):
            losses = []
            for i in range(n_sample):
                values = {name: stacked[name][i] for name in names}
                losses.append(self._eval_candidate(params, values, target))
            return jnp.asarray(losses)

        optimizer = braintools.optim.NevergradOptimizer(
            batched, bounds, n_sample=n_sample, method=method, **opts
        )
        self._optimizer = optimizer
        best = optimizer.minimize(n_iter=n_steps, verbose=verbose)

        errors = np.asarray(optimizer.errors, dtype=float)
        best_loss = float(np.nanmin(errors))
        self._apply_params(params, best)
        return best_loss
