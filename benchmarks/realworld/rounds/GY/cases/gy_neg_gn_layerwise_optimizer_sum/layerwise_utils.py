# Source: https://github.com/gmbabreu/full-gauss-newton/blob/0495d76a34443d596999bc48fbd1158a6f0b6924/EasyLM/layerwise_utils.py
# Title: EasyLM/layerwise_utils.py (one optimizer per layer for layer-wise Gauss-Newton)
# Cut: kept TrainStateLayerwise; the second variant and the parameter-partition helpers are cut
from __future__ import annotations
from typing import Sequence, Callable, Any

import jax
from flax import struct, core
import optax

from typing import Any, Dict, Union, Mapping, List
from flax import traverse_util
from flax.core import FrozenDict

import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

class TrainStateLayerwise(struct.PyTreeNode):
    """Stores *one* set of params but *multiple* optimizers / states
    (e.g. one per layer) for Gauss–Newton or other layer-wise schemes.
    """

    # — bookkeeping —
    step: int | jax.Array

    # — model —
    apply_fn: Callable = struct.field(pytree_node=False)
    params: core.FrozenDict[str, Any] = struct.field(pytree_node=True)

    # — optimiser stacks (now sequences) —
    # Each entry in `tx` is an optax.GradientTransformation (stateless functions),
    # so we keep `pytree_node=False`.  The *states*, however, contain arrays and
    # must remain part of the PyTree (`True`).
    tx: Sequence[optax.GradientTransformation] = struct.field(pytree_node=False)
    opt_state: Sequence[optax.OptState] = struct.field(pytree_node=True)
    
    warmstart_params: core.FrozenDict[str, Any] = struct.field(pytree_node=True, default=None)

    # ------------------------------------------------------------------
    # Convenience constructors / updaters
    # ------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        *,
        params: core.FrozenDict,
        tx: Sequence[optax.GradientTransformation],
        apply_fn: Callable,
    ) -> "TrainStateLayerwise":
        """Initialise each optimizer's state against the same params."""
        # opt_state = [t.init(params) for t in tx]
        opt_state = []
        for i, t in enumerate(tx):
            print(f"Initializing optimizer {i}")
            opt_state.append(t.init(params))
            
        return cls(
            step=jax.numpy.array(0, dtype=jax.numpy.int32),
            apply_fn=apply_fn,
            params=params,
            tx=tuple(tx),          # tuples are marginally safer than lists
            opt_state=tuple(opt_state),
            warmstart_params=params,  # store initial params for warm-starting
        )

    def apply_gradients(
        self,
        grads: core.FrozenDict[str, Any],
    ) -> "TrainStateLayerwise":
        """Apply layer-wise gradient updates."""
        # 1) For each (tx_i, state_i) pair, compute updates
        updates_and_new_states = [
            tx_i.update(grads, state_i, self.params)
            for tx_i, state_i in zip(self.tx, self.opt_state)
        ]
        # 2) Merge / sum the per-layer updates (simple average shown;
        #    feel free to customise aggregation rule)
        updates = optax.apply_updates(
            self.params,
            sum((u for u, _ in updates_and_new_states))  # simple reduce-sum
        )
        new_states = [ns for _, ns in updates_and_new_states]

        return self.replace(
            step=self.step + 1,
            params=updates,
            opt_state=tuple(new_states),
        )
        
