# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/self_organising_systems/biomakerca/environments.py
# Title: self_organising_systems/biomakerca/environments.py (Biomaker CA environments)
# Cut: kept imports, the Environment grid helpers, add_agent_to_env, place_seed and the default /
#      multi-seed environment constructors; type definitions, EnvConfig, the preset catalogue and
#      rendering dropped.
from abc import ABC, abstractmethod
from collections import namedtuple
from functools import partial

import jax
from jax import jit
from jax import numpy as jp

from self_organising_systems.biomakerca.utils import dotdict
from self_organising_systems.biomakerca.utils import vmap2
from self_organising_systems.biomakerca.utils import stringify_class
from self_organising_systems.biomakerca.utils import arrayContains

### Environment
# This is the state of any given environment. It is made of 3 grids:
# - type_grid: (uint32) what material type is in a given position.
# - state_grid: (f32) internal state of the cell. includes structural integrity,
#   age, nutrients and agent internal states.
# - agent_id_grid: (uint32) unique program identifiers for agents. This doesn't 
#   make sense for non-agents.
if "Environment" not in globals():
  Environment = namedtuple("Environment", "type_grid state_grid agent_id_grid")

# Helper functions for generating environments.
def make_empty_grid_type(config):
  return jp.zeros([config.w, config.h], dtype=jp.uint32)

def make_empty_grid_state(config):
  return jp.zeros([config.w, config.h, config.env_state_size])

def make_empty_grid_agent_id(config):
  return jp.zeros([config.w, config.h], dtype=jp.uint32)

# Helper functions for manipulating environments.
def update_env_type_grid(env: Environment, type_grid):
  return Environment(type_grid, env.state_grid, env.agent_id_grid)

def update_env_state_grid(env: Environment, state_grid):
  return Environment(env.type_grid, state_grid, env.agent_id_grid)

def update_env_agent_id_grid(env: Environment, agent_id_grid):
  return Environment(env.type_grid, env.state_grid, agent_id_grid)


def add_agent_to_env(env, x, y, init_nutrients, aid, init_spec):
  """Add an agent to an environment in a specific (x,y) position."""
  return Environment(
      env.type_grid.at[x, y].set(init_spec),
      env.state_grid.at[x, y, EN_ST:EN_ST+2].set(init_nutrients),
      env.agent_id_grid.at[x, y].set(aid))


def place_seed(env: Environment, col, config: EnvConfig,
               row_optional=None, aid=0,
               custom_agent_init_nutrient=None):
  """Place a seed in an environment.
  
  Arguments:
    env: the environment to modify.
    col: the target column where to place the vertical seed.
    config: EnvConfig necessary for populating the env.
    row_optional: The optional specified row (positioned where the 'leaf' would
      usually be). If not specified, it will be inferred with extra computation.
    aid: the agent id of the new seed.
    custom_agent_init_nutrient: the value of nutrients for *each* cell. If not
      specified, a default value that tends to work well will be used. The
      default value is intended to be used when manually placing seeds. Use a
      custom value for when reproduction happens.
  """
  type_grid = env.type_grid
  etd = config.etd
  if row_optional is None:
    # find the row yourself. This code is somewhat redundant with
    # env_logic.find_fertile_soil.
    # create a mask that checks whether 'you are earth and above is air'.
    # the highest has index 0 (it is inverted).
    # the index starts from 1 (not 0) since the first row can never be fine.
    mask = ((type_grid[1:, col] == etd.types.EARTH) &
            (type_grid[:-1, col] == etd.types.AIR))
    # only get the highest value, if it exists.
    # note that these indexes now would return the position of the 'high-end' of 
    # the seed. That is, the idx is where the top cell (leaf) would be, and idx+1 
    # would be where the bottom (root) cell would be.
    row = (mask * jp.arange(mask.shape[0]+1, 1, -1)).argmax(axis=0)
    # note that we don't check if there is a valid row at all here.
    # for that, use the more expensive env_logic.find_fertile_soil or write
    # your own variant.
  else:
    row = row_optional
  if custom_agent_init_nutrient is None:
    agent_init_nutrient = (config.dissipation_per_step * 4 +
                           config.specialize_cost)
  else:
    agent_init_nutrient = custom_agent_init_nutrient

  # this needs to use dynamic_update_slice because it needs to be jittable.
  type_grid = jax.lax.dynamic_update_slice(
      type_grid,
      jp.full((2, 1), etd.types.AGENT_UNSPECIALIZED, dtype=jp.uint32),
      (row, col))
  new_states = jax.lax.dynamic_update_slice(
      jp.zeros([2, 1, config.env_state_size]),
      jp.repeat((agent_init_nutrient)[None, None,:], 2, axis=0),
      (0, 0, EN_ST))
  state_grid = jax.lax.dynamic_update_slice(
      env.state_grid, new_states, (row, col, 0))
  agent_id_grid = jax.lax.dynamic_update_slice(
      env.agent_id_grid, jp.repeat(aid, 2)[:, None].astype(jp.uint32),
      (row, col))
  return Environment(type_grid, state_grid, agent_id_grid)


def set_nutrients_to_materials(env, etd, earth_nut_val=None, air_nut_val=None):
  """Set the nutrient values of all EARTH and AIR cells to the respective vals.
  """
  assert earth_nut_val is not None or air_nut_val is not None, (
      "At least one nutrient value must be not None.")
  state_grid = env.state_grid
  if earth_nut_val is not None:
    is_earth = (env.type_grid == etd.types.EARTH).astype(jp.float32)
    state_grid = state_grid.at[:, :, EN_ST+EARTH_NUTRIENT_RPOS].set(
        is_earth * earth_nut_val +
        (1. - is_earth) * state_grid[:, :, EN_ST+EARTH_NUTRIENT_RPOS])
  if air_nut_val is not None:
    is_air = (env.type_grid == etd.types.AIR).astype(jp.float32)
    state_grid = state_grid.at[:, :, EN_ST+AIR_NUTRIENT_RPOS].set(
        is_air * air_nut_val +
        (1. - is_air) * state_grid[:, :, EN_ST+AIR_NUTRIENT_RPOS])
  return update_env_state_grid(env, state_grid)

def create_enviroment_filled_with_type(config, h, w, env_type):
  type_grid = jp.full([h, w], env_type, dtype=jp.uint32)
  state_grid = jp.zeros([h, w, config.env_state_size])
  agent_id_grid = jp.zeros([h, w], dtype=jp.uint32)
  return Environment(type_grid, state_grid, agent_id_grid)


def create_default_environment(config, h, w, with_earth=True,
                               init_nutrient_perc=0.2):
  """Create a simple default environment.
  It is filled with air, with immovable in the bottom and sun on top.
  If with_earth is True, it also contains earth covering the bottom half of the 
  environment.
  init_nutrient_perc defines the initialized nutrient values for earth and air,
  as a percentage of config.material_nutrient_cap
  """
  etd = config.etd
  env = create_enviroment_filled_with_type(config, h, w, etd.types.AIR)
  type_grid = env.type_grid.at[-1,:].set(etd.types.IMMOVABLE)
  type_grid = type_grid.at[0,:].set(etd.types.SUN)
  if with_earth:
    type_grid = type_grid.at[-h//2:-1, :].set(etd.types.EARTH)
  env = update_env_type_grid(env, type_grid)

  env = set_nutrients_to_materials(
      env, etd,
      init_nutrient_perc * config.material_nutrient_cap[EARTH_NUTRIENT_RPOS],
      init_nutrient_perc * config.material_nutrient_cap[AIR_NUTRIENT_RPOS])
  return env


def create_multiseed_environment(h, w, config, with_earth=True,
                                 init_nutrient_perc=0.2, place_every=10):
  """Create a default environment that contains several different seeds.

  Each seed has a different agent id.
  """
  env = create_default_environment(config, h, w, with_earth, init_nutrient_perc)

  aid = 0
  for i in range(1, w//place_every):
    env = place_seed(env, place_every*i, config, aid=aid)
    aid += 1

  return env
