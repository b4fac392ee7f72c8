# Source: https://github.com/EMI-Group/evox/blob/39d9eae653920864fb3895b9183a8e66b4d081fe/src/evox/core/module.py
# Title: evox/core/module.py (jit_method and jit_class: how evox algorithms get jitted)
# Cut: kept jit, jit_method, default_cond_fun, _class_decorator and jit_class; use_state, the stateful metaclass and Module dropped.
from functools import partial, wraps

import jax
import jax.numpy as jnp


def jit(func):
    return jax.jit(func, static_argnums=(0,))


def jit_method(method):
    """Decorator for methods, wrapper the method with jax.jit, and set self as static argument.

    Parameters
    ----------
    method
        A python method

    Returns
    -------
    function
        A jit wrapped version of this method
    """
    return jax.jit(
        method,
        static_argnums=[
            0,
        ],
    )


def default_cond_fun(name):
    if name == "__call__":
        return True

    if name.startswith("_"):
        return False

    if name in ["init", "setup"]:
        return False

    return True


def _class_decorator(cls, wrapper, cond_fun=default_cond_fun):
    """A helper function used to add decorators to methods of a class

    Parameters
    ----------
    wrapper
        The decorator
    ignore
        Ignore methods in this list
    ignore_prefix
        Ignore methods with certain prefix

    Returns
    -------
    class
        a class with selected methods wrapped
    """
    for attr_name in dir(cls):
        func = getattr(cls, attr_name)
        if callable(func) and cond_fun(attr_name):
            wrapped = wrapper(func)
            setattr(cls, attr_name, wrapped)
    return cls


def jit_class(cls, cond_fun=default_cond_fun):
    return _class_decorator(cls, jit_method, cond_fun)
