# Source: https://github.com/thebuckleylab/jpc/blob/7d6cc05742d28b543311e6c4d4ca140ba996f8b5/experiments/limits_paper/train.py
# Title: experiments/limits_paper/train.py (train_pcn: predictive-coding training driver)
# Cut: kept the imports and train_pcn; train_bpn and the argparse main are dropped. Each jpc.update_* call is a
#      jitted library step; the loops run on the host and append results to Python lists.
import jax
import jax.numpy as jnp
import numpy as np

import jpc
import equinox as eqx
import optax

import os
import argparse
from experiments.datasets import get_dataloaders
from experiments.mupc_paper.utils import set_seed
from utils import (
    setup_pc_experiment, 
    setup_bp_experiment, 
    configure_param_optim,
    create_toy_dataset, 
    MLP, 
    flatten_grads,
    compute_grad_cosine_similarities
)
from theory_utils import solve_kernels, get_Delta



def train_pcn(
      model,
      use_skips,
      X_input,
      Y_target,
      width,
      gamma_0,
      param_type,
      infer_mode,
      n_infer_iters,
      activity_lr,
      param_optim_id,
      param_lr,
      n_train_iters,
      loss_id,
      save_dir,
      store_grads=False
):    
    os.makedirs(save_dir, exist_ok=True)

    depth = len(model)
    skip_model = jpc.make_skip_model(depth) if use_skips else None

    # Optimisers
    batch_size = X_input.shape[0]
    activity_optim = optax.sgd(activity_lr * batch_size)
    param_optim = configure_param_optim(
        param_optim_id, param_type, use_skips, param_lr, width, depth, gamma_0
    )
    param_opt_state = param_optim.init(
        (eqx.filter(model, eqx.is_array), skip_model)
    )
    
    num_energies, theory_energies = [], []
    train_losses = []
    loss_rescalings = []
    pc_grads = [] if store_grads else None 
    
    # Initialize activities for the first iteration
    activities = jpc.init_activities_with_ffwd(
        model=model,
        input=X_input,
        skip_model=skip_model,
        param_type=param_type,
        gamma=gamma_0
    )
    
    for _ in range(n_train_iters):

        if infer_mode == "closed_form":
            equilib_energy, S = jpc.linear_equilib_energy(
                params=(model, skip_model), 
                x=X_input, 
                y=Y_target,
                param_type=param_type,
                gamma=gamma_0,
                return_rescaling=True
            )
            theory_energies.append(equilib_energy)
            loss_rescaling = jnp.linalg.norm(S, ord=2) if Y_target.ndim > 1 else S
            loss_rescalings.append(loss_rescaling)
                
        # inference
        if infer_mode == "optim":
            activities = jpc.init_activities_with_ffwd(
                model=model,
                input=X_input,
                skip_model=skip_model,
                param_type=param_type,
                gamma=gamma_0
            )
            activity_opt_state = activity_optim.init(activities)
            for _ in range(n_infer_iters):
                activity_update_result = jpc.update_pc_activities(
                    params=(model, skip_model),
                    activities=activities,
                    optim=activity_optim,
                    opt_state=activity_opt_state,
                    output=Y_target,
                    input=X_input,
                    param_type=param_type,
                    gamma=gamma_0,
                    loss_id=loss_id
                )
                activities = activity_update_result["activities"]
                activity_opt_state = activity_update_result["opt_state"]
                energy = activity_update_result["energy"]
            
            num_energies.append(energy)

            param_update_result = jpc.update_pc_params(
                params=(model, skip_model),
                activities=activities,
                optim=param_optim,
                opt_state=param_opt_state,
                output=Y_target,
                input=X_input,
                param_type=param_type,
                gamma=gamma_0,
                loss_id=loss_id
            )

        else:
            # learning with closed form energy
            param_update_result = jpc.update_linear_equilib_energy_params(
                params=(model, skip_model),
                optim=param_optim,
                opt_state=param_opt_state,
                y=Y_target,
                x=X_input,
                param_type=param_type,
                gamma=gamma_0
            )
        
        model = param_update_result["model"]
        skip_model = param_update_result["skip_model"]
        param_opt_state = param_update_result["opt_state"]
        grads = param_update_result["grads"]
        
        if pc_grads is not None:
            flat_grads = flatten_grads(grads)
            # Convert JAX array to numpy immediately to free memory
            pc_grads.append(np.array(flat_grads))
            del flat_grads, grads

        activities = jpc.init_activities_with_ffwd(
            model=model,
            input=X_input,
            skip_model=skip_model,
            param_type=param_type,
            gamma=gamma_0
        )
        if loss_id == "mse":
            train_loss = jpc.mse_loss(activities[-1], Y_target)
        else:
            train_loss = jpc.cross_entropy_loss(activities[-1], Y_target)
        train_losses.append(train_loss)

    energies = (
        jnp.array(theory_energies) 
        if infer_mode == "closed_form" 
        else jnp.array(num_energies)
    )
    np.save(f"{save_dir}/energies.npy", energies)
    np.save(f"{save_dir}/train_losses.npy", np.array(train_losses))
    np.save(f"{save_dir}/loss_rescalings.npy", loss_rescalings)
    
    return pc_grads
