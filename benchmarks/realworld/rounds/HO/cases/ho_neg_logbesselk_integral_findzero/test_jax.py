# Source: https://github.com/tk2lab/logbesselk/blob/0ecc1a058a22162c374380dafa1f2bd9a617815e/tests/test_jax.py
# Title: tests/test_jax.py (jit, vmap and grad of the log K_v wrappers)
# Cut: module head kept (jax.grad of the integral and series log K_v); fixtures and data checks removed.
import functools
import os
os.environ["JAX_ENABLE_X64"] = "True"

import pytest
import jax
import jax.numpy as jnp
import jax.lax as lax
import numpy as np

from logbesselk.jax.sca import log_bessel_k as logk_sca
from logbesselk.jax.integral import log_bessel_k as logk_int

dlogkdv_int = jax.grad(logk_int, 0)
dlogkdx_sca = jax.grad(logk_sca, 1)
dlogkdx_int = jax.grad(logk_int, 1)

from logbesselk.jax.sca import bessel_ke as ke_sca
from logbesselk.jax.integral import bessel_ke as ke_int

from logbesselk.jax.integral import log_abs_deriv_bessel_k as logdk_int

logdkdv_int = lambda v, x: logdk_int(v, x, 1, 0)
logdkdx_int = lambda v, x: logdk_int(v, x, 0, 1)
