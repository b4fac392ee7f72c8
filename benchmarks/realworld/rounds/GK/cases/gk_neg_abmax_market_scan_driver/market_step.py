# Source: https://github.com/i-m-iron-man/abmax/blob/736b7020cd46c4ab03881ba92813d06b22542dc1/examples/finance_markets/sim.ipynb
# Title: abmax - examples/finance_markets/sim.ipynb (multi-LOB market with noise traders), cell 13
# Cut: Market.step_market kept; create_market and the Order/Trader agent classes (cells 7-11) are
#      summarised by the imports. NUM_LOBS = 5 order books, MAX_NUM_ORDERS = 1000 orders per book.
import jax
import jax.numpy as jnp
from flax import struct

from abmax.structs import *
from abmax.functions import *
from abmax.contexts.finance.algorithms import *
from agents import Order, Trader, LOB, DT, MIN_ORDER_PRICE, MAX_ORDER_PRICE


@struct.dataclass
class Market:
    LOB: LOB
    traders: Set

    @staticmethod
    def get_empty_order_mask(orders:Agent):
        return orders.state.content["remove_flag"].reshape(-1)

    @staticmethod
    def get_lob_price(buy_lob, sell_lob):
        return jnp.mean(jnp.array([buy_lob.agents.params.content["price"][0], sell_lob.agents.params.content["price"][0]]), axis=0)

    @staticmethod
    @jax.jit
    def step_market(market, _t):
        # step 1: match orders in lobs, using jit_match_orders defined in contexts/finance/algorithms.py
        buy_orders, sell_orders, buy_order_step_input, sell_order_step_input, traders_cash_change, traders_shares_change  = jax.vmap(jit_match_orders,in_axes=(0,0,None))(market.LOB.buy_LOB.agents, market.LOB.sell_LOB.agents, market.traders.agents)
        buy_lobs = market.LOB.buy_LOB.replace(agents=buy_orders)
        sell_lobs = market.LOB.sell_LOB.replace(agents=sell_orders)

        lob_prices = jax.vmap(Market.get_lob_price)(buy_lobs, sell_lobs)

        # step 2: step the trader agents
        traders_cash_change = jnp.sum(traders_cash_change, axis=0).reshape(-1, 1)
        traders_shares_change = jnp.transpose(traders_shares_change)  # shape (num_traders, num_lobs)

        traders_step_input = Signal(content={"cash_diff": traders_cash_change,"shares_diff": traders_shares_change})
        step_params = Params(content={"dt": DT})
        trader_set = jit_step_agents(Trader.step_agent, input=traders_step_input, step_params=step_params, set=market.traders)

        #step 3 step orders
        buy_lobs = jax.vmap(jit_step_agents, in_axes=(None, None, 0, 0))(Order.step_agent, step_params, buy_order_step_input, buy_lobs)
        sell_lobs = jax.vmap(jit_step_agents, in_axes=(None, None, 0, 0))(Order.step_agent, step_params, sell_order_step_input, sell_lobs)

        # step 4: remove orders that are ready to be removed
        buy_orders_remove_mask = jax.vmap(Market.get_empty_order_mask)(buy_lobs.agents)
        buy_remove_mask_params = Params(content={"set_mask": buy_orders_remove_mask})
        sell_orders_remove_mask = jax.vmap(Market.get_empty_order_mask)(sell_lobs.agents)
        sell_remove_mask_params = Params(content={"set_mask": sell_orders_remove_mask})
        remove_params = Params(content={"min_order_price": MIN_ORDER_PRICE, "max_order_price": MAX_ORDER_PRICE})
        buy_lobs = jax.vmap(jit_set_agents_mask, in_axes=(None, None, 0, None, 0))(Order.remove_agent, remove_params, buy_remove_mask_params, -1, buy_lobs)
        sell_lobs = jax.vmap(jit_set_agents_mask, in_axes=(None, None, 0, None, 0))(Order.remove_agent, remove_params, sell_remove_mask_params, -1, sell_lobs)

        # step 5: add new orders to the LOBs
        buy_add_params, sell_add_params, num_buy_orders, num_sell_orders = jit_get_order_add_params(trader_set, buy_lobs, sell_lobs)

        buy_lobs = jax.vmap(jit_set_agents_sci, in_axes=(None, 0, 0, 0))(Order.add_agent_sci, buy_add_params, num_buy_orders, buy_lobs)
        sell_lobs = jax.vmap(jit_set_agents_sci, in_axes=(None, 0, 0, 0))(Order.add_agent_sci, sell_add_params, num_sell_orders, sell_lobs)

        # step 6: update the market state
        LOB = market.LOB.replace(buy_LOB=buy_lobs, sell_LOB=sell_lobs, price=lob_prices)
        return market.replace(LOB=LOB, traders=trader_set), (lob_prices, buy_lobs.num_active_agents, sell_lobs.num_active_agents)
