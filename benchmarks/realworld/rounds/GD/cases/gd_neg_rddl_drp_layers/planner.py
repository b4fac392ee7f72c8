# Source: https://github.com/pyrddlgym-project/pyRDDLGym-jax/blob/c8f473fd2ac4fd1d3611e8be14cb73419a0843f5/pyRDDLGym_jax/core/planner.py
# Title: pyRDDLGym_jax/core/planner.py (JaxDeepReactivePolicy.compile: flax policy network for RDDL domains)
# Cut: the DRP flax module defined inside JaxDeepReactivePolicy.compile, lifted into a factory taking the closure variables;
#      the constraint-satisfaction top-k head is dropped. Its apply is jitted and differentiated by the planner update.
import jax
import jax.numpy as jnp
import jax.random as random
import flax.linen as nn


def make_drp(layers, layer_sizes, ranges, shapes, layer_names, init, stochastic,
             time_dependent, time_embedding, time_embedding_kwargs, FiLM, DRPStateLayer,
             use_constraint_satisfaction, SIGMOID_KEY, compiled, log_sigma_bounds,
             sigma_entropy_grad, action_noise_dist, safe_log):

    class DRP(nn.Module):
        name: str='drp'

        @nn.compact
        def __call__(self, fls, hyperparams, step, train):
            key = self.make_rng("policy")

            # input layer
            state = DRPStateLayer(name='inputs')(fls, hyperparams)
            
            # time embedding
            if time_dependent:
                t_emb = time_embedding(**time_embedding_kwargs)(step)

            # feed state vector through hidden layers
            hidden = state
            for (i, (num_neuron, activation)) in layers:
                name = f'dense_{i}'
                linear = nn.Dense(features=num_neuron, kernel_init=init, name=name)
                hidden = activation(linear(hidden))
                if time_dependent:
                    hidden = FiLM(num_neuron, name=f'film_{i}')(hidden, t_emb)
            
            # each output is a linear layer reshaped to original lifted shape
            actions = {}
            entropy = 0.
            for (var, size) in layer_sizes.items():
                
                # for bool action, create logit head with sigmoid activation
                if ranges[var] == 'bool':
                    if not use_constraint_satisfaction:

                        # linear head for logits
                        name = f'dense_{layer_names[var]}_logit'
                        linear = nn.Dense(features=size, kernel_init=init, name=name)
                        logits = linear(hidden)
                        logits = jnp.reshape(logits, logits.shape[:-1] + shapes[var])
                        if not shapes[var]:
                            logits = jnp.squeeze(logits)
                        
                        # stochastic sampling
                        if stochastic:
                            prob = jax.nn.sigmoid(hyperparams[SIGMOID_KEY] * logits)
                            entropy = entropy - jnp.sum(
                                prob * safe_log(prob) + (1. - prob) * safe_log(1. - prob))
                            key, subkey = random.split(key)
                            noise = random.logistic(
                                subkey, shape=jnp.shape(logits), dtype=compiled.REAL)
                            logits = logits + train * noise
                        actions[var] = jax.nn.sigmoid(hyperparams[SIGMOID_KEY] * logits)
                
                # for real and int action, create mean (and log sigma) head
                # project to valid ranges using Bueno et al. 2019 method
                else:
                    # linear head for mean action
                    name = f'dense_{layer_names[var]}_mu'
                    linear = nn.Dense(features=size, kernel_init=init, name=name)
                    action = linear(hidden)
                    action = jnp.reshape(action, action.shape[:-1] + shapes[var])
                    if not shapes[var]:
                        action = jnp.squeeze(action)
                    
                    # optional linear head for log sigma
                    if stochastic:
                        name = f'dense_{layer_names[var]}_log_sigma'
                        linear = nn.Dense(features=size, kernel_init=init, name=name)
                        log_sigma = linear(hidden)
                        log_sigma = jnp.reshape(
                            log_sigma, log_sigma.shape[:-1] + shapes[var])
                        if not shapes[var]:
                            log_sigma = jnp.squeeze(log_sigma)
                        log_sigma = jnp.clip(log_sigma, *log_sigma_bounds)
                        entropy = entropy + jnp.sum(
                            log_sigma if sigma_entropy_grad 
                            else jax.lax.stop_gradient(log_sigma)
                        )
                        key, subkey = random.split(key)
                        noise = action_noise_dist(
                            subkey, shape=jnp.shape(log_sigma), dtype=compiled.REAL)
                        action = action + train * jnp.exp(log_sigma) * noise
                    actions[var] = action
            return actions, entropy

    return DRP(name='drp')
