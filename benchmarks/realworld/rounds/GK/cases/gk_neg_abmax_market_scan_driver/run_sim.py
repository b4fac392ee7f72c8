# Source: https://github.com/i-m-iron-man/abmax/blob/736b7020cd46c4ab03881ba92813d06b22542dc1/examples/finance_markets/sim.ipynb
# Title: abmax - examples/finance_markets/sim.ipynb (multi-LOB market with noise traders), cells 5, 16-17
# Cut: parameters cell reduced to the values used here; the three plotting blocks reduced to one.
import jax
import jax.numpy as jnp
import matplotlib.pyplot as plt

from market_step import Market
from agents import Market_create_params

KEY = jax.random.PRNGKey(1) # Random key for JAX
NUM_STEPS = 100 # Number of steps to simulate
NUM_LOBS = 5


def run_scan(market, num_steps):
    ts = jnp.arange(num_steps)
    def scan_step(market, t):
        return Market.step_market(market, t)
    market, plot_data = jax.lax.scan(scan_step, market, ts)
    return market, plot_data

def main():

    # Create the market
    market = Market.create_market(Market_create_params, KEY)

    # Run the market simulation for a number of steps
    market, plot_data = run_scan(market, NUM_STEPS)

    price_history, num_buy_orders, num_sell_orders = plot_data
    price_history = price_history.reshape(-1, NUM_LOBS)  # Transpose to shape (num_steps, num_lobs)
    price_history = price_history[1:, :]  # Remove the initial price entry

    # plot the price history
    fig, ax = plt.subplots(figsize=(15,10))
    for i in range(NUM_LOBS):
        ax.plot(price_history[:, i], label=f"LOB {i}")
    ax.set_xlabel("time step", fontsize=50)
    ax.set_ylabel("market price", fontsize=50)
    plt.savefig('./figs/LOB_prices.svg', bbox_inches='tight')
    plt.show()

main()
