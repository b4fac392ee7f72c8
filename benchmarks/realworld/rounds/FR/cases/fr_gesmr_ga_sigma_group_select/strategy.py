# Source: https://github.com/RobertTLange/evosax/blob/413c5ca95a97c213ad399e59590497013eff3021/evosax/strategy.py
# Title: evosax/strategy.py (Base Class for an Evolution Strategy)
# Cut: only the jitted ask and tell wrappers that call ask_strategy/tell_strategy; constructor, reshaper, fitness shaper and best-member tracking reduced to attributes or dropped.
import jax
import jax.numpy as jnp
import chex
from typing import Tuple, Optional, Union
from functools import partial


class Strategy(object):
    def __init__(self, popsize, num_dims=None, pholder_params=None, n_devices=None, **fitness_kwargs):
        self.popsize = popsize
        self.num_dims = num_dims

    @partial(jax.jit, static_argnums=(0,))
    def ask(
        self,
        rng: chex.PRNGKey,
        state,
        params=None,
    ) -> Tuple[Union[chex.Array, chex.ArrayTree], chex.ArrayTree]:
        """`ask` for new parameter candidates to evaluate next."""
        # Use default hyperparameters if no other settings provided
        if params is None:
            params = self.default_params

        # Generate proposal based on strategy-specific ask method
        x, state = self.ask_strategy(rng, state, params)
        # Clip proposal candidates into allowed range
        x_clipped = jnp.clip(x, params.clip_min, params.clip_max)

        # Reshape parameters into pytrees
        if self.use_param_reshaper:
            x_out = self.param_reshaper.reshape(x_clipped)
        else:
            x_out = x_clipped
        return x_out, state

    @partial(jax.jit, static_argnums=(0,))
    def tell(
        self,
        x: Union[chex.Array, chex.ArrayTree],
        fitness: chex.Array,
        state,
        params=None,
    ) -> chex.ArrayTree:
        """`tell` performance data for strategy state update."""
        # Use default hyperparameters if no other settings provided
        if params is None:
            params = self.default_params

        # Update the search state based on strategy-specific update
        state = self.tell_strategy(x, fitness, state, params)
        return state
