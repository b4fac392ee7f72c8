# Source: https://github.com/LukavdBoogaard/JAXOvercooked/blob/377171f5e75c6074f447cd0782ab11aa482b9856/cl_methods/Packnet.py
# Title: cl_methods/Packnet.py
# Cut: kept imports, PacknetState, the constructor, prune and on_train_end; dropped the other mask helpers (combine_masks, layer_is_prunable ... are referenced but not shown)

import flax
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax.core.frozen_dict import FrozenDict


@flax.struct.dataclass
class PacknetState:
    '''
    Class to store the state of the Packnet
    '''
    masks: FrozenDict
    current_task: int
    train_mode: bool



class Packnet():
    '''
    Class that implements the Packnet CL-method
    '''
    def __init__(self, 
                 seq_length, 
                 prune_instructions=0.5, 
                 train_finetune_split=(1,1), 
                 prunable_layers=(nn.Conv, nn.Dense)
            ):
        '''
        Initializes the Packnet class
        @param seq_length: the length of the sequence
        @param prune_instructions: the percentage of the network to prune
        @param train_finetune_split: the split between training and finetuning
        @param prunable_layers: the layers that can be pruned
        '''
        self.seq_length = seq_length
        self.prune_instructions = prune_instructions
        self.train_finetune_split = train_finetune_split
        self.prunable_layers = prunable_layers


    def prune(self, params, state: PacknetState):
        '''
        Prunes the model based on the pruning instructions
        @param model: the model to prune
        @param prune_quantile: the quantile to prune
        @param state: the packnet state
        returns the pruned model
        '''

        masks = jax.lax.cond(
            (state.current_task == 0) & (state.masks is None),
            lambda _: self.init_mask_tree(params),
            lambda _: state.masks,
            operand=None
        )

        state = state.replace(masks=masks)

        # Compute the pruning quantile
        prune_perc = self.create_pruning_percentage(state)
        jax.debug.print("pruning_percentage = {prune_perc}", prune_perc=prune_perc)

        # Get the combined mask of all previous tasks
        combined_mask = self.combine_masks(state.masks, state.current_task)
        sparsity_mask = self.compute_sparsity(combined_mask)
        jax.debug.print("sparsity_mask: {sparsity_mask}", sparsity_mask=sparsity_mask)
        
        # Create a list for all prunable parameters
        all_prunable = jnp.array([])
        for layer_name, layer_dict in params.items():
            for param_name, param_array in layer_dict.items():
                if (self.layer_is_prunable(layer_name)) and ("bias" not in param_name):
                    # get the combined mask for this layer
                    prev_mask_leaf = combined_mask[layer_name][param_name]

                    # Get parameters not used by previous tasks
                    p = jnp.where(jnp.logical_not(prev_mask_leaf), param_array, jnp.nan)

                    # Concatenate with existing prunable parameters
                    if p.size > 0: 
                        all_prunable = jnp.concatenate([all_prunable.reshape(-1), p.reshape(-1)], axis=0)

        cutoff = jnp.nanquantile(jnp.abs(all_prunable), prune_perc)
        jax.debug.print("cutoff: {cutoff}", cutoff=cutoff)
        # count the number of params under the cutoff
        num_pruned = jnp.sum(jnp.abs(all_prunable) < cutoff)
        jax.debug.print("number of params to be pruned: {num_pruned}", num_pruned=num_pruned)
        mask = {}
        new_params = {}

        for layer_name, layer_dict in params.items():
            new_layer = {}
            mask_layer = {}
            for param_name, param_array in layer_dict.items():
                if (self.layer_is_prunable(layer_name)) and ("bias" not in param_name):
                    # get the params that are used by the previous tasks
                    prev_mask_leaf = combined_mask[layer_name][param_name] 

                    # Create new mask for the current parameter array
                    new_mask_leaf = jnp.logical_and(
                        jnp.abs(param_array) >= cutoff, 
                        jnp.logical_not(prev_mask_leaf)
                    )
                    # keep the fixed parameters and the parameters above the cutoff
                    complete_mask = jnp.logical_or(prev_mask_leaf, new_mask_leaf)

                    # Generate small random values instead of zeros
                    rng_key = jax.random.PRNGKey(state.current_task + 42)
                    rng_key = jax.random.fold_in(rng_key, hash(layer_name + param_name))
                    small_random_values = jax.random.normal(
                        rng_key, param_array.shape) * 0.001  # Small initialization
                
                    # prune the parameters
                    pruned_params = jnp.where(complete_mask, param_array, 0)
                    
                    mask_layer[param_name] = new_mask_leaf
                    new_layer[param_name] = pruned_params
                else:
                    mask_layer[param_name] = jnp.zeros(param_array.shape, dtype=bool)
                    new_layer[param_name] = param_array
            
            new_params[layer_name] = new_layer
            mask[layer_name] = mask_layer

        masks = self.update_mask_tree(state.masks, mask, state.current_task)
        state = state.replace(masks=masks)

        new_param_dict = new_params
        return new_param_dict, state

    def on_train_end(self, params, state: PacknetState):
        '''
        Handles the end of the training phase on a task
        '''
        # change the mode to finetuning
        state = state.replace(train_mode=False)

        def last_task(params):
            # if we are on the last task, mask all remaining parameters
            return self.mask_remaining_params(params, state)
             
        def other_tasks(params):
            return self.prune(params, state)
            
        
        new_params, state = jax.lax.cond(
            state.current_task == self.seq_length-1,
            last_task,
            other_tasks,
            params
        )
        # fix the structure of the params:
        new_params = {"params": new_params}
        return new_params, state
    
