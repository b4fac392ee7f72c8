# Source: https://github.com/azimi99/JAX-RL/blob/31fee57dfe6ae755ae9dd886fe54c1deccfddf0c/DQN/src/dqn/train/train.py
# Title: DQN/src/dqn/train/train.py (DQN loss and train step)
# Cut: whole file
import jax
import jax.numpy as jnp
import optax
from flax import nnx

from dqn.networks.buffer import Batch




@nnx.jit
def loss_fn(q_net: nnx.Module,
            target_q_net: nnx.Module, 
            batch: Batch,
            gamma: float):
    states = batch.states # (B, S)
    actions = batch.actions # (B, 1), action is a single integer
    #Expand dimensions to prevent (B,) and (B, 1) broadcasting to (B, B)
    dones = jnp.expand_dims(batch.dones, axis=1)       # (B,) -> (B, 1)
    rewards = jnp.expand_dims(batch.rewards, axis=1)   # (B,) -> (B, 1)
    next_states = batch.next_states
    state_action_values = jnp.take_along_axis(nnx.vmap(q_net)(states), actions.astype(int), axis=1) # (B, 1)
    next_state_values = jnp.max(target_q_net(next_states), axis=1, keepdims=True) # (B, 1)
    target_val = jax.lax.stop_gradient(rewards + gamma * (1 - dones) * next_state_values)
    td_error = target_val - state_action_values
    
    # huber loss
    loss = jnp.where(jnp.abs(td_error) <= 1.0, 
                     (0.5 * td_error ** 2), 
                     jnp.abs(td_error) - 0.5)
    
    return jnp.mean(loss)
    
    

@nnx.jit
def train_step(q_net: nnx.Module,
               target_q_net:nnx.Module,
               optimizer: nnx.Optimizer,
               batch: Batch,
               gamma: float,
               tau: float) -> jax.Array:
    loss, grads = nnx.value_and_grad(loss_fn, argnums=0, has_aux=False)(q_net, 
                                              target_q_net, 
                                              batch, 
                                              gamma)

    optimizer.update(grads)
    
    return loss
