# Source: https://github.com/yonesuke/jaxkuramoto/blob/9dcc3dc889bfbbd5cbe15cf067bf6a85f69df957/jaxkuramoto/ode.py
# Title: jaxkuramoto/ode.py with jaxkuramoto/kuramoto.py and solver/ode_solver.py (Kuramoto oscillators in JAX)
# Cut: kept odeint (fori_loop over time steps with .at[i].set of observables), the Kuramoto mean-field
#      vector field and the Euler solver; Solution container replaced by a tuple; docstrings trimmed.
from jax.lax import fori_loop
from jax import jit
from jax.tree_util import tree_map
import jax.numpy as jnp

_tmul = lambda a, x: tree_map(lambda _x: a * _x, x)
_tsum = lambda x, y: tree_map(lambda _x, _y: _x + _y, x, y)

def euler(func, t: float, dt: float, state: jnp.ndarray):
    diff = _tmul(dt, func(t, state))
    return _tsum(state, diff)


class Kuramoto:
    """Kuramoto model."""
    def __init__(self, omegas: jnp.ndarray, K: float) -> None:
        self.omegas = omegas
        self.K = K
        self.n_oscillator = omegas.shape[0]

    def vector_fn(self, t, thetas: jnp.ndarray) -> jnp.ndarray:
        coss, sins = jnp.cos(thetas), jnp.sin(thetas)
        rx, ry = coss.mean(), sins.mean()
        return self.omegas + self.K * (ry * coss - rx * sins)

    def orderparameter(self, t: float, thetas: jnp.ndarray) -> float:
        rx, ry = jnp.cos(thetas).mean(), jnp.sin(thetas).mean()
        return jnp.sqrt(rx * rx + ry * ry)



    # check input
    if t0 >= t1:
        raise ValueError("t0 must be smaller than t1.")
    if dt <= 0:
        raise ValueError("dt must be positive.")
    # create update function
    update_fn = jit(lambda t, state: solver(vector_fn, t, dt, state))
    ts = jnp.arange(t0, t1, dt)
    n_step = ts.shape[0]
    # check observable_fn
    if observable_fn is None:
        observable_fn = lambda _t, _x: _x
    # create observables list
    observable_1st = observable_fn(t0, init_state)
    observables = jnp.zeros(shape=(n_step, *(observable_1st.shape)), dtype=observable_1st.dtype)
    observables = observables.at[0].set(observable_1st)
    @jit
    def body_fn(i, val):
        state, _observables = val
        next_state = update_fn(ts[i], state)
        observable_i = observable_fn(ts[i], state)
        _observables = _observables.at[i].set(observable_i)
        return (next_state, _observables)
    return final_state, observables
