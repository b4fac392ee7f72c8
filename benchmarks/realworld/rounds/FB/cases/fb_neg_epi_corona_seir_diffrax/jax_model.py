# Source: https://github.com/Systems-Theory-in-Systems-Biology/EPI/blob/c610a3236ab1adcdb6a7b036f3ebbd362bed51ab/eulerpi/core/models/jax_model.py
# Title: eulerpi/core/models/jax_model.py (JaxModel base class: jitted forward and jacobian)
# Cut: docstrings removed; value_and_jacrev (eulerpi/core/models/jax_extension.py) replaced by an equivalent jax.vjp-based helper; BaseModel reduced.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import jacrev, jit, vmap


def value_and_jacrev(fun):
    def value_and_jacrev_fun(x):
        y, pullback = jax.vjp(fun, x)
        jac = jax.vmap(pullback)(jnp.eye(y.shape[0], dtype=y.dtype))[0]
        return y, jac
    return value_and_jacrev_fun


def add_autodiff(_cls):
    _cls.init_fw_and_bw()
    return _cls


class JaxModel:
    def __init__(self, central_param: np.ndarray, param_limits: np.ndarray, name=None, **kwargs) -> None:
        self.central_param = central_param
        self.param_limits = param_limits
        type(self).forward = partial(JaxModel.forward_method, self)

    def __init_subclass__(cls, **kwargs):
        return add_autodiff(super().__init_subclass__(**kwargs))

    @classmethod
    def init_fw_and_bw(cls):
        cls.fw = jit(cls.forward)
        cls.bw = jit(jacrev(cls.forward))
        cls.vj = jit(value_and_jacrev(cls.forward))

    @staticmethod
    def forward_method(self, param: np.ndarray) -> np.ndarray:
        return type(self).fw(param)

    def jacobian(self, param: np.ndarray) -> np.ndarray:
        return type(self).bw(param)

    def forward_and_jacobian(self, param: np.ndarray):
        return type(self).vj(param)

    def forward_vectorized(self, params: np.ndarray) -> np.ndarray:
        return vmap(self.forward, in_axes=0)(params)

    def param_is_within_domain(self, param: np.ndarray) -> bool:
        return True
