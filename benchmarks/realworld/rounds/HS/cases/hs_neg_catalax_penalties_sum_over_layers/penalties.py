# Source: https://github.com/JR-1991/Catalax/blob/234d0fd1470abc4fbe23aa5577fb1593b6045196/catalax/neural/penalties/penalties.py
# Title: Catalax catalax/neural/penalties/penalties.py
# Cut: kept imports, Penalties constructor, add_penalty and __call__ without docstrings; Penalty model and alpha updates dropped
from __future__ import annotations

from copy import deepcopy
import inspect
from typing import Any, Callable, Dict, List, Optional, Type
from pydantic import BaseModel, Field, field_validator

import jax
import jax.numpy as jnp

from catalax.neural.neuralbase import NeuralBase
from catalax.neural.penalties.uode import (
    l1_reg_alpha,
    l1_reg_gate,
    l2_reg_alpha,
    l2_reg_gate,
)
from catalax.neural.penalties.weight import l1_regularisation, l2_regularisation
# ...
class Penalties:
# ...
    def __init__(
        self,
        penalties: Optional[List[Penalty]] = None,
    ):
# ...
        if penalties is None:
            self.penalties = []
        else:
            self.penalties = penalties

    def add_penalty(
        self,
        name: str,
        fun: Callable,
        alpha: float,
        **kwargs,
    ) -> Penalties:
# ...
        self.penalties.append(
            Penalty(
                name=name,
                fun=fun,
                alpha=alpha,
                **kwargs,
            )
        )
        return self

    def __call__(self, model: Type[NeuralBase]) -> jax.Array:
# ...
        return jnp.sum(jnp.array([penalty(model) for penalty in self.penalties]))
