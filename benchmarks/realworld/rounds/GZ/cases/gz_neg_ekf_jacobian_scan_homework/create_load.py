# Source: https://github.com/Aminsheykh98/Kalman-Filter-Extensions/blob/8490c236bf8117c20bedb24a215ffb7abb45717f/create_load.py
# Title: create_load.py (CreateOrLoad: simulate or load the pendulum data set)
# Cut: kept __init__ and the jitted make_data (lax.scan simulation); file I/O helpers reduced to stubs,
#      print() lines and docstrings removed.
import jax
import jax.numpy as jnp
import jax.random as jr
from functools import partial
from function import Function


class CreateOrLoad:
    def __init__(self, opt, R, Q):
        self.opt = opt
        self.R = R
        self.Q = Q
        self.func = Function(self.opt)
        x, y = self.make_data()
        self.x, self.y = x.squeeze(), y.squeeze()

    @partial(jax.jit, static_argnums=0)
    def make_data(self):
        key = jr.PRNGKey(self.opt.seed)
        key1, key2, subkey = jr.split(key, 3)
        x_0 = jr.uniform(
            key=key1,
            shape=(self.opt.num_states, 1),
            minval=self.opt.min_uniform,
            maxval=self.opt.max_uniform,
        )
        v_0 = jr.multivariate_normal(
            key=key2, mean=jnp.zeros((self.opt.num_outputs)), cov=self.R
        )
        y_0 = self.func.measurement_function(x_0, v_0)
        num_steps = int(self.opt.len_t / self.opt.T)
        total_keys = jr.split(subkey, num_steps)

        def system_propagate(res, key):
            key_x, key_y = jr.split(key, 2)
            omega = jr.multivariate_normal(
                key_x, mean=jnp.zeros((self.opt.num_states)), cov=self.Q
            )
            x_next = self.func.process_function(res["x"].squeeze(), 0, omega)
            v = jr.multivariate_normal(
                key_y, mean=jnp.zeros(self.opt.num_outputs), cov=self.R
            )
            y_next = self.func.measurement_function(x_next, v)
            return {"x": x_next, "y": y_next}, {
                "x": x_next,
                "y": y_next,
            }  # (carry_over, accumulation)

        final, result = jax.lax.scan(system_propagate, {"x": x_0, "y": y_0}, total_keys)
        x = jnp.concatenate((jnp.expand_dims(x_0, axis=0), result["x"]), axis=0)
        y = jnp.concatenate((jnp.expand_dims(y_0, axis=0), result["y"]), axis=0)
        return x, y
