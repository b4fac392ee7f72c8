# Source: https://github.com/flowersteam/autodiscjax/blob/863a4f947f8b722b6572cda73f0c987721ed4f7d/autodiscjax/modules/optimizers.py
# Title: autodiscjax/modules/optimizers.py (intervention optimizers for goal-conditioned exploration of GRNs), SGDOptimizer
# Cut: kept BaseOptimizer and SGDOptimizer; EAOptimizer and DictTree conversions dropped.
from autodiscjax.modules.misc import ClampModule
from autodiscjax.utils.misc import normal
import equinox as eqx
from jax import value_and_grad, vmap
import jax.numpy as jnp
import jax.random as jrandom
import jax.tree_util as jtu
from jaxtyping import PyTree
import optax


class BaseOptimizer(ClampModule):
    n_optim_steps: int = eqx.static_field()
    n_workers: int = eqx.static_field()

    def __init__(self, out_treedef, out_shape, out_dtype, low, high, n_optim_steps, n_workers):
        super().__init__(out_treedef, out_shape, out_dtype, low, high)
        self.n_optim_steps = n_optim_steps
        self.n_workers = n_workers


class SGDOptimizer(BaseOptimizer):
    init_noise_std: PyTree
    lr: PyTree

    def __init__(self, out_treedef, out_shape, out_dtype, low, high, n_optim_steps, n_workers, init_noise_std, lr):
        super().__init__(out_treedef, out_shape, out_dtype, low, high, n_optim_steps, n_workers)
        self.init_noise_std = init_noise_std
        self.lr = lr

    def init_worker(self, key, params):
        zero_mean = jtu.tree_map(lambda p: jnp.zeros_like(p), params)
        noise = normal(key, zero_mean, self.init_noise_std, self.out_treedef, self.out_shape, self.out_dtype)
        params = jtu.tree_map(lambda p, e: p + e, params, noise)
        return params

    @eqx.filter_jit
    def update_worker(self, params, grads, optimizer, opt_state):
        updates, opt_state = optimizer.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        return params, optimizer, opt_state

    def call_worker(self, key, params, evaluate_worker_fn):
        lr_flat, lr_treedef = jtu.tree_flatten(self.lr)
        leaves_ids = list(range(lr_treedef.num_leaves))
        param_labels = lr_treedef.unflatten(leaves_ids)
        transforms = {}
        for leaf_idx, leaf_lr in zip(leaves_ids, lr_flat):
            transforms[leaf_idx] = optax.adam(leaf_lr)

        key, subkey = jrandom.split(key)
        params = self.init_worker(subkey, params)

        optimizer = optax.multi_transform(transforms, param_labels)
        opt_state = optimizer.init(params)

        log_data = []

        for optim_step_idx in range(self.n_optim_steps):
            key, subkey = jrandom.split(key)
            (loss, evaluate_log_data), grads = value_and_grad(evaluate_worker_fn, argnums=1, has_aux=True)(subkey, params)
            updated_params, optimizer, opt_state = self.update_worker(params, grads, optimizer, opt_state)
            log_data.append(evaluate_log_data)
            params = updated_params

        return params, loss, log_data

    def __call__(self, key, params, evaluate_worker_fn):
        workers_params = jtu.tree_map(lambda p: jnp.repeat(p[jnp.newaxis], self.n_workers, axis=0), params)
        key, *subkeys = jrandom.split(key, num=self.n_workers+1)
        workers_params, losses, log_data = vmap(self.call_worker, in_axes=(0, 0, None), out_axes=(0, 0, 0))(jnp.array(subkeys), workers_params, evaluate_worker_fn)
        selected_worker_idx = losses.argmin()
        params = jtu.tree_map(lambda p: p[selected_worker_idx], workers_params)
        return params, log_data
