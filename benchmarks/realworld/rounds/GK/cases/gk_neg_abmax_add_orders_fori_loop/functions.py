# Source: https://github.com/i-m-iron-man/abmax/blob/736b7020cd46c4ab03881ba92813d06b22542dc1/abmax/functions.py
# Title: abmax - functions.py (set/select helpers used by the finance order books)
# Cut: kept set_agents_sci, sort_agents and select_agents with their jits; docstrings shortened.
import jax
import jax.numpy as jnp
from abmax.structs import *


def set_agents_sci(set_func:callable, set_params:Params, num_agents_set:jnp.int32, set:Set)->Set:
    """
    apply unique updates to agents following the sort-count-iterate algorithm
    set_params SHOULD HAVE 'set_indx' key in the content which contains the ids of the agents to set
    """
    def set_data(idx, agents):
        set_indx = set_params.content['set_indx']
        new_agent = jax.jit(set_func)(agents, idx, set_params)
        new_agents = jax.tree_util.tree_map(lambda x,y:x.at[set_indx[idx]].set(y), agents, new_agent)
        return new_agents

    new_agents = jax.lax.fori_loop(0, num_agents_set, set_data, set.agents)
    return set.replace(agents=new_agents)
jit_set_agents_sci = jax.jit(set_agents_sci, static_argnums=(0,))


def sort_agents(quantity:jnp.array, agents:Agent)->Agent:
    """Sort the agents based on the quantity."""
    quantity = jnp.reshape(quantity, (-1,))
    sorted_indx = jnp.argsort(quantity)
    new_agents = jax.tree_util.tree_map(lambda x: jnp.take(x, sorted_indx, axis=0), agents)
    return new_agents, sorted_indx

jit_sort_agents = jax.jit(sort_agents)


def select_agents(select_func:bool, select_params:Params, set:Set)->tuple:
    """
    Select agents based on the select function; returns the number selected and the indexes
    sorted so that selected agents come first.
    """
    selected_indx = jnp.where(jax.jit(select_func)(set.agents, select_params), 1.0, 0.0)
    selected_indx = jnp.reshape(selected_indx,(-1,))

    sort_selected_indx = jnp.argsort(-1*selected_indx) # logic: 1 is greater than 0, so everywhere there is 1 will bubble up
    selected_indx_len = jnp.sum(selected_indx, dtype=jnp.int32) # logic: sum of 1s is the number of selected agents
    return selected_indx_len, sort_selected_indx

jit_select_agents = jax.jit(select_agents, static_argnums=(0,))
