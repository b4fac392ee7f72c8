# Source: https://github.com/FrederikMR/georce/blob/12aeb17d648e2e9a7df36829a350e82cf863b681/setup.py
# Title: setup.py (shared imports of the georce experiments)
# Cut: kept the jax/abc/typing imports; dropped tensorflow, keras, haiku, gdown and file helpers

from jax import Array
from jax import vmap, grad, jacfwd, value_and_grad, jit
from jax import lax

import jax.numpy as jnp

from abc import ABC
from typing import Callable, Tuple, NamedTuple

