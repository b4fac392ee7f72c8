# Source: https://github.com/i-m-iron-man/abmax/blob/736b7020cd46c4ab03881ba92813d06b22542dc1/abmax/contexts/finance/algorithms.py
# Title: abmax - contexts/finance/algorithms.py (turning trader quotes into new book orders)
# Cut: kept select_traders, the price/size gathers and get_order_add_params_SCI; Order.add_agent_sci
#      is copied from examples/finance_markets/sim.ipynb (cell 7) so the fori_loop body is visible;
#      add_buy_orders is reconstructed from step 5 of Market.step_market (cell 13).
import jax
import jax.numpy as jnp
from abmax.structs import *
from functions import jit_select_agents, jit_set_agents_sci


def select_traders(trading_flags):
    trading_flags = trading_flags.reshape(-1)
    selected_mask = jnp.where(trading_flags , 1, 0)
    sort_selected_indx = jnp.argsort(-1*selected_mask)
    num_selected = jnp.sum(selected_mask)
    return num_selected, sort_selected_indx
jit_select_traders = jax.jit(select_traders)

def get_price_list(price_list_arr, indx):
    '''
    Get the price list for the given indices
    '''
    return jnp.take(price_list_arr, indx).reshape(-1, 1)

def get_num_shares_list(num_shares_arr, indx):
    '''
    Get the number of shares list for the given indices
    '''
    return jnp.take(num_shares_arr, indx).reshape(-1, 1)

def get_empty_orders(orders:Agent, select_params:Params):
    return jnp.logical_not(orders.active_state)  # Selects the slots where orders are not active


def get_order_add_params_SCI(trader_set, buy_LOB, sell_LOB):
    num_buy_orders, buy_trader_id = jax.vmap(jit_select_traders, in_axes=(1))(trader_set.agents.state.content["buy_flag"])

    buy_price_list = jax.vmap(get_price_list, in_axes=(1,0))(trader_set.agents.state.content["buy_price"], buy_trader_id)
    buy_num_shares_list = jax.vmap(get_num_shares_list, in_axes=(1,0))(trader_set.agents.state.content["buy_num_shares"], buy_trader_id)

    num_sell_orders, sell_trader_id = jax.vmap(jit_select_traders, in_axes=(1))(trader_set.agents.state.content["sell_flag"])
    
    sell_price_list = jax.vmap(get_price_list, in_axes=(1,0))(trader_set.agents.state.content["sell_price"], sell_trader_id)
    sell_num_shares_list = jax.vmap(get_num_shares_list, in_axes=(1,0))(trader_set.agents.state.content["sell_num_shares"], sell_trader_id)

    num_empty_buy_orders, inactive_buy_order_index = jax.vmap(jit_select_agents, in_axes=(None, None, 0))(get_empty_orders, None, buy_LOB)
    num_empty_sell_orders, inactive_sell_order_index = jax.vmap(jit_select_agents, in_axes=(None, None, 0))(get_empty_orders, None, sell_LOB)

    num_buy_orders = jnp.minimum(num_buy_orders, num_empty_buy_orders)
    num_sell_orders = jnp.minimum(num_sell_orders, num_empty_sell_orders)

    buy_add_params = Params(content={"set_indx": inactive_buy_order_index,
                                     "price_list": buy_price_list,
                                     "num_shares_list": buy_num_shares_list, 
                                     "trader_id_list": buy_trader_id})

    sell_add_params = Params(content={"set_indx": inactive_sell_order_index,
                                      "price_list": sell_price_list,
                                      "num_shares_list": sell_num_shares_list,
                                      "trader_id_list": sell_trader_id})
    
    return buy_add_params, sell_add_params, num_buy_orders, num_sell_orders
jit_get_order_add_params = jax.jit(get_order_add_params_SCI)

class Order(Agent):

    @staticmethod
    def add_agent_sci(agents, idx, add_params) -> Agent:
        set_indx = add_params.content["set_indx"]

        order_to_add = jax.tree_util.tree_map(lambda x: x[set_indx[idx]], agents)

        trader_id = add_params.content["trader_id_list"][idx] # which trader has placed the order
        price = add_params.content["price_list"][idx] # whats the price of the order
        num_shares = add_params.content["num_shares_list"][idx] # how many shares in the order

        polarity = order_to_add.params.content["polarity"]

        remove_flag = jnp.array([0])
        agent_state = State(content={"num_shares": num_shares, "remove_flag": remove_flag})

        agent_params = Params(content = {"polarity": polarity, "price": price, "trader_id": trader_id})

        return order_to_add.replace(state=agent_state, params=agent_params, active_state=1, age=0.0)


def add_buy_orders(trader_set, buy_lobs, sell_lobs):
    buy_add_params, sell_add_params, num_buy_orders, num_sell_orders = jit_get_order_add_params(trader_set, buy_lobs, sell_lobs)
    return jax.vmap(jit_set_agents_sci, in_axes=(None, 0, 0, 0))(Order.add_agent_sci, buy_add_params, num_buy_orders, buy_lobs)
