# Source: https://github.com/kenjyoung/mctx_learning_demo/blob/a14a2b2279a2baec3f73c903d2dbcdac53318b45/jax_environments.py
# Title: jax_environments.py (Asterix environment for the mctx learning demo), kenjyoung/mctx_learning_demo
# Cut: Asterix constructor, reset and get_observation kept; step() dropped.
import jax as jx
import jax.numpy as jnp
from jax import jit, vmap
from functools import partial


class Asterix:
    def __init__(self, grid_size=10, spawn_rate=0.5, action_failure_prob=0.1):
        self._num_actions = 5
        self.grid_size = grid_size
        self.gold_prob = 1/3
        self.spawn_rate = spawn_rate
        self.action_failure_prob = action_failure_prob
        self.channels ={
            'player':0,
            'enemy':1,
            'left':2,
            'right':3,
            'gold':4
        }

    @partial(jit, static_argnums=(0,))
    def reset(self, key):
        pos = jnp.array((self.grid_size//2,self.grid_size//2))
        is_enemy = jnp.zeros(self.grid_size,dtype=bool)
        is_gold = jnp.zeros(self.grid_size,dtype=bool)
        #false: left, true: right
        movement_dir = jnp.zeros(self.grid_size,dtype=bool)
        entity_x = -jnp.ones(self.grid_size,dtype=int)
        env_state = (pos, is_enemy, is_gold, movement_dir, entity_x, key)
        return env_state

    @partial(jit, static_argnums=(0,))
    def get_observation(self, env_state):
        pos, is_enemy, is_gold, movement_dir, entity_x, key = env_state
        obs = jnp.zeros((self.grid_size, self.grid_size, len(self.channels)), dtype=bool)
        obs = obs.at[pos[0],pos[1],self.channels['player']].set(True)
        for i in range(self.grid_size):
            obs = obs.at[entity_x[i],i,self.channels['enemy']].set(jnp.where(is_enemy[i],True, False))
            obs = obs.at[entity_x[i],i,self.channels['gold']].set(jnp.where(is_gold[i],True, False))
            is_entity = jnp.logical_or(is_enemy[i], is_gold[i])
            obs = obs.at[entity_x[i],i,self.channels['right']].set(jnp.where(is_entity,movement_dir[i],False))
            obs = obs.at[entity_x[i],i,self.channels['left']].set(jnp.where(is_entity,jnp.logical_not(movement_dir[i]),False))
        return obs

    def num_actions(self):
        return self._num_actions
