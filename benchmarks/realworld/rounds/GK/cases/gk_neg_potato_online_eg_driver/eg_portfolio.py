# Source: https://github.com/jialinyi94/online_pyfolio_opt/blob/fe033b2c5794dab8c7ddaefc60efa2b6da06676e/examples/eg_portfolio.ipynb
# Title: online_pyfolio_opt - examples/eg_portfolio.ipynb (exponentiated-gradient online portfolio on BTC/ETH)
# Cut: cells 1, 8, 14-16 converted to a script; the yfinance download and polars return table are
#      reduced to a returns array argument; plotting cells dropped.
import numpy as np
import jax
import jax.numpy as jnp
import optax
from potato.optimizer import egd
from potato.loss import kelly_loss


def run(returns):
    eta = 0.1
    optimizer = egd(learning_rate=eta)
    opt_state = optimizer.init(returns[0])

    @jax.jit
    def step(params, rs, state):
        loss, grad = jax.value_and_grad(kelly_loss)(params, rs)
        updates, state = optimizer.update(grad, state, params)
        params = optax.apply_updates(params, updates)
        return params, state, loss

    params = jnp.ones(returns.shape[1]) / returns.shape[1]
    weights = []
    for i in range(returns.shape[0]):
        weights.append(params)
        params, opt_state, loss = step(params, returns[i], opt_state)
        # print(f"Step {i}: loss={loss}, params={params}")

    weights = np.array(weights)
    return weights
