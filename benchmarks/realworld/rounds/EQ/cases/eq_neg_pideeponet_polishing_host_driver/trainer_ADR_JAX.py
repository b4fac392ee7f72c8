# Source: https://github.com/Emma-Grspl/PI-Deeponet-ADR/blob/82c09429fe2403ecec6b07590fa4384f7768cbc4/code/code_experiments/monofamily/src/jax/training/trainer_ADR_JAX.py
# Title: src/jax/training/trainer_ADR_JAX.py (targeted_correction: "Dynamic Soft Polishing" training driver)
# Cut: helpers (KingOfTheHill, diagnose_model, get_t_failed, generate_mixed_batch, make_train_step, compute_ntk_weights, _allowed_types) are passed in/assumed from the module; final return kept.
from typing import Dict, List

import jax
import jax.numpy as jnp
import optax

def targeted_correction(params, cfg: Dict, bounds: Dict, t_max: float, initial_failed_ids: List[int], n_iters_base: int, start_lr: float, target_threshold: float | None = None, apply_80_20: bool = False):
    print("Demarrage du Dynamic Soft Polishing...")
    key = jax.random.PRNGKey(2026)
    king_corr = KingOfTheHill(params)

    w_bc_loc = cfg["loss_weights"]["weight_bc"]
    if t_max == 0.0:
        w_res_loc, w_ic_loc = 0.0, 100.0
    else:
        w_res_loc = cfg["loss_weights"]["first_w_res"]
        w_ic_loc = cfg["loss_weights"]["weight_ic_final"]

    end_lr = 1e-6
    gamma = (end_lr / start_lr) ** (1 / max(n_iters_base / 1000, 1)) if start_lr > end_lr else 1.0
    current_lr = start_lr
    current_failed_ids = list(initial_failed_ids)
    t_failed = None
    if apply_80_20 and target_threshold is not None:
        t_failed = get_t_failed(params, cfg, threshold=target_threshold)

    optimizer = optax.adam(current_lr)
    opt_state = optimizer.init(params)
    train_step = make_train_step(optimizer)
    all_types = _allowed_types(cfg)
    weighted_types = list(all_types)

    for i in range(n_iters_base):
        if i % 1000 == 0:
            if i > 0:
                current_failed_ids = diagnose_model(params, cfg, threshold=target_threshold, t_max=t_max)
                current_lr = max(end_lr, current_lr * gamma)
                optimizer = optax.adam(current_lr)
                opt_state = optimizer.init(params)
                train_step = make_train_step(optimizer)
                if len(current_failed_ids) == 0:
                    print("Objectif atteint a l'iteration {0}".format(i))
                    return params, True

            weighted_types = []
            for tid in all_types:
                weighted_types.extend([tid] * (2 if tid in current_failed_ids else 1))
            print("Polishing | LR: {0:.1e} | Fails: {1}".format(current_lr, current_failed_ids))

        key, batch_key = jax.random.split(key)
        batch = generate_mixed_batch(
            batch_key,
            cfg["training"]["n_sample"],
            bounds,
            cfg["geometry"]["x_min"],
            cfg["geometry"]["x_max"],
            t_max,
            allowed_types=weighted_types,
        )
        params_batch, xt, xt_ic, u_true_ic, xt_bc_l, xt_bc_r, u_true_bc_l, u_true_bc_r = batch

        if apply_80_20 and t_failed is not None and t_max > t_failed:
            n_samples = xt.shape[0]
            n_fail = int(0.65 * n_samples)
            n_pass = n_samples - n_fail
            key, k1, k2, k3 = jax.random.split(key, 4)
            t_pass = jax.random.uniform(k1, (n_pass, 1), minval=0.0, maxval=t_failed)
            t_fail = jax.random.uniform(k2, (n_fail, 1), minval=t_failed, maxval=t_max)
            new_t = jnp.concatenate([t_pass, t_fail], axis=0)
            new_t = jax.random.permutation(k3, new_t, axis=0)
            xt = xt.at[:, 1:2].set(new_t)
            batch = (params_batch, xt, xt_ic, u_true_ic, xt_bc_l, xt_bc_r, u_true_bc_l, u_true_bc_r)

        if t_max > 0.0 and i % 100 == 0:
            w_res_loc = compute_ntk_weights(params, batch, w_ic_loc)

        params, opt_state, loss = train_step(params, opt_state, batch, w_res_loc, w_ic_loc, w_bc_loc)
        loss_value = float(jax.device_get(loss))
        king_corr.update(params, loss_value)
        if i % 500 == 0:
            print("Polishing iter {0} | loss={1:.2e}".format(i, loss_value))

    params = clone_params(king_corr.best_state)
    final_fails = diagnose_model(params, cfg, threshold=target_threshold, t_max=t_max)
    return params, len(final_fails) == 0


