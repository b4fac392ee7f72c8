# Source: https://github.com/intsystems/gradhpo/blob/7f6123e5a38d7eb3bec77b666d5162512e5b167e/src/gradhpo/algorithms/online.py
# Title: gradhpo/algorithms/online.py (OnlineHypergradientOptimizer: HyperDistill, Lee et al., ICLR 2022)
# Cut: kept __init__, _get_inner_step_fn and estimate_theta (Algorithm 4); init, the jitted step and run dropped; the helpers come from gradhpo/utils/gradients.py.
from functools import partial
from typing import Any, Callable, List, Optional

import jax
import jax.numpy as jnp
import optax

from gradhpo.core.base import BilevelOptimizer
from gradhpo.core.state import BilevelState
from gradhpo.core.types import PyTree, LossFn
from gradhpo.utils.gradients import (
    tree_zeros_like,
    tree_l2_norm,
    tree_normalize,
    tree_dot,
    tree_lerp,
    vjp_wrt_lambda,
    vjp_wrt_both,
    update_w_star,
)



class OnlineHypergradientOptimizer:
    def __init__(
        self,
        inner_optimizer: Optional[optax.GradientTransformation] = None,
        outer_optimizer: Optional[optax.GradientTransformation] = None,
        gamma: float = 0.99,
        estimation_period: int = 50,
        T: int = 20,
        update_fn: Optional[Callable] = None,
    ):
        """Initialize Online Hypergradient optimizer.

        Args:
            inner_optimizer: Optax optimizer for parameters.
            outer_optimizer: Optax optimizer for hyperparameters.
            gamma: EMA decay factor.
            estimation_period: Re-estimate theta every N episodes.
            T: Inner steps per episode.
            update_fn: Custom inner step Phi(w, lam, batch) -> w_new.
                       If provided, inner_optimizer is not used.
        """
        self.inner_optimizer = inner_optimizer
        self.outer_optimizer = outer_optimizer
        self.gamma = gamma
        self.estimation_period = estimation_period
        self.T = T
        self._update_fn = update_fn

    def _get_inner_step_fn(
        self, state: BilevelState, train_loss_fn: LossFn,
    ) -> Callable:
        """Return the inner step function Phi(w, lam, batch) -> w_new.

        If a custom update_fn was provided, use it directly.
        Otherwise, build one from train_loss_fn + inner_optimizer.
        """
        if self._update_fn is not None:
            return self._update_fn

        inner_opt = self.inner_optimizer
        inner_opt_state = state.inner_opt_state

        def phi(params, hyperparams, batch):
            grads = jax.grad(train_loss_fn, argnums=0)(params, hyperparams, batch)
            updates, _ = inner_opt.update(grads, inner_opt_state, params)
            return optax.apply_updates(params, updates)

        return phi

    def estimate_theta(
        self,
        state: BilevelState,
        train_batches: List[Any],
        val_batch: Any,
        train_loss_fn: LossFn,
        val_loss_fn: LossFn,
    ) -> float:
        """Algorithm 4: estimate the scaling parameter theta.

        Runs a forward pass (T inner steps), then a DrMAD-style backward pass
        to collect samples (x_s, y_s), and fits theta = (x^T y) / (x^T x).

        Args:
            state: Current state (uses params and hyperparams).
            train_batches: List of T training batches.
            val_batch: Validation batch.
            train_loss_fn: Training loss function.
            val_loss_fn: Validation loss function.

        Returns:
            theta: Estimated linear scaling parameter.
        """
        phi_fn = self._get_inner_step_fn(state, train_loss_fn)
        w_init = state.params
        lam = state.hyperparams
        T = len(train_batches)
        gamma = self.gamma

        # --- Forward pass: w_0, w_1, ..., w_T ---
        weights = [w_init]
        w = w_init
        for t in range(T):
            w = phi_fn(w, lam, train_batches[t])
            weights.append(w)

        w_0, w_T = weights[0], weights[T]

        # alpha_T = dL_val(w_T, lam) / dw_T
        alpha_T = jax.grad(val_loss_fn, argnums=0)(w_T, lam, val_batch)

        alpha = alpha_T
        g_so = tree_zeros_like(lam)

        xs, ys = [], []
        w_star_est = None

        # --- Backward pass (DrMAD) ---
        for t_back in range(T, 0, -1):
            frac = (t_back - 1) / T
            w_hat = tree_lerp(w_0, w_T, frac)

            alpha_A, alpha_B = vjp_wrt_both(
                phi_fn, w_hat, lam, train_batches[t_back - 1], alpha)

            g_so = jax.tree.map(lambda a, b: a + b, g_so, alpha_B)
            alpha = alpha_A

            s = T - t_back + 1

            # Distilled w_s*
            if s == 1:
                w_star_est = weights[T - 1]
            else:
                gamma_s = gamma ** s
                p_s = (1.0 - gamma ** (s - 1)) / (1.0 - gamma_s + 1e-10)
                w_star_est = jax.tree.map(
                    lambda ws, w: p_s * ws + (1.0 - p_s) * w,
                    w_star_est, weights[T - s])

            v_s = vjp_wrt_lambda(phi_fn, w_star_est, lam,
                                 train_batches[T - s], alpha_T)

            v_norm = tree_l2_norm(v_s)
            x_s = v_norm * (1.0 - gamma ** s) / (1.0 - gamma + 1e-10)

            v_normalized = tree_normalize(v_s)
            y_s = tree_dot(v_normalized, g_so)

            xs.append(float(x_s))
            ys.append(float(y_s))

        x = jnp.array(xs)
        y = jnp.array(ys)
        theta = float(jnp.dot(x, y) / (jnp.dot(x, x) + 1e-10))
        return theta
