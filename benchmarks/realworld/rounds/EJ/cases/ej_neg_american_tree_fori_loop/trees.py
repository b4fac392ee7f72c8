# Source: https://github.com/SeanEaster/jax_russell/blob/2e23612a077610bb9d482b91dcc195ad5d0a0d28/jax_russell/trees.py
# Title: jax_russell jax_russell/trees.py (AmericanDiscounter / CRRBinomialTree)
# Cut: kept AmericanDiscounter.__call__ and a condensed CRRBinomialTree.value; typeguard and
#      jaxtyping annotations, the exercise-valuer classes and the European discounter omitted.
from functools import partial

import jax
from jax import numpy as jnp


def max_valuer(unadjusted_values, strike, is_call):
    return jnp.maximum(jnp.where(is_call, unadjusted_values - strike, strike - unadjusted_values), 0.0)


class AmericanDiscounter:
    def __init__(self, steps: int, exercise_valuer=max_valuer) -> None:
        self.steps = steps
        self.exercise_valuer = exercise_valuer

    def __call__(self, end_underlying_values, strike, time_to_expiration, risk_free_rate,
                 is_call, p_up, up_factor):
        """Calculate discounted value of an American option."""
        underlying_values = end_underlying_values
        delta_t = time_to_expiration / self.steps
        values = self.exercise_valuer(underlying_values, strike, is_call)

        def next_value(_, values_tuple):
            values, underlying_values = values_tuple
            discounted_value = jnp.exp(-risk_free_rate * delta_t) * (
                (1 - p_up) * values[..., :-1] + p_up * values[..., 1:]
            )
            underlying_values = underlying_values * up_factor
            values = values.at[..., :-1].set(
                self.exercise_valuer(underlying_values[..., :-1], strike, is_call)
            )
            values = values.at[..., :-1].set(jnp.maximum(discounted_value, values[..., :-1]))
            return values, underlying_values

        values, underlying_values = jax.lax.fori_loop(0, self.steps, next_value, (values, underlying_values))

        return values[..., 0] if len(values.shape) != 0 else jnp.expand_dims(values, -1)


class CRRBinomialTree:
    def __init__(self, steps: int) -> None:
        self.steps = steps
        self.discounter = AmericanDiscounter(steps)

    @partial(jax.jit, static_argnums=0)
    def value(self, start_price, volatility, time_to_expiration, risk_free_rate, cost_of_carry,
              is_call, strike):
        up = jnp.exp(volatility * jnp.sqrt(time_to_expiration / self.steps))
        down = 1 / up
        up_steps = jnp.arange(self.steps + 1)
        end_values = jnp.exp(
            jnp.log(jnp.expand_dims(start_price, -1))
            + up_steps * jnp.log(jnp.expand_dims(up, -1))
            + (self.steps - up_steps) * jnp.log(jnp.expand_dims(down, -1))
        )
        p_up = (jnp.exp(cost_of_carry * (time_to_expiration / self.steps)) - down) / (up - down)
        ex = lambda a: jnp.expand_dims(a, -1)
        return self.discounter(end_values, ex(strike), ex(time_to_expiration), ex(risk_free_rate),
                               ex(is_call), ex(p_up), ex(up))

    @partial(jax.jit, static_argnums=0)
    def first_order(self, *args):
        return jax.jacfwd(self.value, range(len(args)))(*args)
