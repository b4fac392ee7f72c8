# Source: https://github.com/dominicrufa/aquaregia/blob/d190f8417f97ff7454f369e5dc9cf0baba29a2e7/aquaregia/rnvp.py
# Title: aquaregia/rnvp.py (haiku RealNVP-based deterministic leapfrog integrators)
# Cut: VectorModule (the TFN that returns log-scales and translations) reduced to a stub;
#      RNVPModule and TimeIncrementMLP kept as written; a transformed/jitted log-prob added at the end
#      in the shape the repository's NFFactory uses (hk.transform over the module, then jax.jit).
from typing import Callable, Optional, Sequence

import haiku as hk
import jax
import jax.numpy as jnp


class VectorModule(hk.Module):
    def __init__(self, name=None, **kwargs):
        super().__init__(name=name)
        self._mlp = hk.nets.MLP([8, 3])

    def __call__(self, t, x, aux):
        out = self._mlp(jnp.concatenate([x, jnp.full((x.shape[0], 1), t)], axis=-1))
        return out, out


class TimeIncrementMLP(hk.Module):
    """
    mlp that returns a timestep float from the (time, velocity) as an input
    """
    def __init__(self,
                 output_sizes : Optional[Sequence] = [4,4,1],
                 activation : Optional[Callable] = jax.nn.swish,
                 name : Optional[str] = None,
                 **kwargs):
        super().__init__(name=name)
        self._mlp = hk.nets.MLP(output_sizes=output_sizes, activation=activation)

    def __call__(self, t, v):
        v2 = v.dot(v)
        _input = jnp.array([t, v2])
        return self._mlp(_input)**2


class RNVPModule(hk.Module):
    """
    wrapper to run the forward/backward RNVP module
    """
    def __init__(self,
                 VectorModule_kwargs : dict,
                 num_iters : int,
                 TimeIncrementMLP_kwargs : Optional[dict] = {},
                 name : Optional[str] = f"RNVP"):
        super().__init__(name=name)
        self._num_iters = num_iters
        self._time_vector = jnp.linspace(0., 1., num_iters)
        self._VectorModule = VectorModule(**VectorModule_kwargs)
        self._TimeIncrementMLP = TimeIncrementMLP(**TimeIncrementMLP_kwargs)

        def velocity_update(x, v, t, forward_bool):
            log_scales, translations = self._VectorModule(t, x, None)
            logdetJ = log_scales.sum()
            if forward_bool:
                out_velocities = v * jnp.exp(log_scales) + translations
            else:
                out_velocities = (v - translations) * jnp.exp(-log_scales)
            return out_velocities, logdetJ

        self._velocity_update = velocity_update

        def position_update(x, v, t, forward_bool):
            timesteps = hk.vmap(self._TimeIncrementMLP, in_axes=(None, 0))(t, v)
            if forward_bool:
                out_positions = x + timesteps * v
            else:
                out_positions = x - timesteps * v
            return out_positions, 0. # logdetJ is zero

        self._position_update = position_update

    def __call__(self, in_x, in_v, forward_bool):
        logdetJ = 0.
        if forward_bool:
            time_vector = self._time_vector
        else:
            time_vector = self._time_vector[::-1]

        for t in time_vector:
            if forward_bool:
                in_v, v_logdetJ = self._velocity_update(in_x, in_v, t, forward_bool=True)
                in_x, x_logdetJ = self._position_update(in_x, in_v, t, forward_bool=True)
                logdetJ = v_logdetJ + x_logdetJ + logdetJ
            else:
                in_x, x_logdetJ = self._position_update(in_x, in_v, t, forward_bool=False)
                in_v, v_logdetJ = self._velocity_update(in_x, in_v, t, forward_bool=False)
                logdetJ = v_logdetJ + x_logdetJ + logdetJ
        return in_x, in_v, logdetJ


def make_log_prob(VectorModule_kwargs, num_iters):
    def _fn(x, v):
        return RNVPModule(VectorModule_kwargs, num_iters)(x, v, forward_bool=True)
    fn = hk.without_apply_rng(hk.transform(_fn))
    return fn.init, jax.jit(fn.apply)
