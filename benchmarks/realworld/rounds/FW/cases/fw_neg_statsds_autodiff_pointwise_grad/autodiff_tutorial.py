# Source: https://github.com/cranmer/stats-ds-book/blob/ac4722fdc22f041495d48f28aa546bc3929c3dd7/book/autodiff-tutorial.ipynb
# Title: Statistics and Data Science (K. Cranmer), "Tutorial on Automatic Differentiation" (by Lukas Heinrich)
# Cut: JAX cells 67-80 (grad of x**3 with vmap, gradients through Python control flow evaluated point by point, custom primitive with a VJP); the numpy/pyhf cells and plotting calls omitted
import functools

import jax
import jax.numpy as jnp
import numpy as np
import scipy
from jax import core
from jax.interpreters import ad


def f(x):
    return x**3


xi = jnp.linspace(-5,5)
yi = f(xi)

try:
    jax.grad(f)(xi)
except TypeError as err:
    print(err)

g1i = jax.vmap(jax.grad(f))(xi)
g2i = jax.vmap(jax.grad(jax.grad(f)))(xi)
g3i = jax.vmap(jax.grad(jax.grad(jax.grad(f))))(xi)


def control_flow_func(x):
    if x > 2:
        return x**2
    else:
        return x**3


first_gradient_of_cflow = jax.grad(control_flow_func)

xi = jnp.linspace(-2,5,101)
yi = np.asarray([first_gradient_of_cflow(xx) for xx in xi])

xi = jnp.linspace(-2,5,11)
yi = np.asarray([first_gradient_of_cflow(xx) for xx in xi])

second_gradient_of_cflow = jax.grad(first_gradient_of_cflow)
xi = jnp.linspace(-2,5,101)
yi = np.asarray([second_gradient_of_cflow(xx) for xx in xi])


def findroot(f):
    return scipy.optimize.brentq(f,a = 0,b = 10)

def func(x,y):
    return x**2 + y**2 - 1

def y_for_x(x):
    return findroot(functools.partial(func,x))

findrootjax_p = core.Primitive('findrootjax')
findrootjax_p.def_impl(lambda x: y_for_x(x))
ad.defvjp(findrootjax_p, lambda g, x: - x / y_for_x(x))

def findrootjax(x):
    return findrootjax_p.bind(x)
jax.value_and_grad(findrootjax)(0.5)

xi = np.linspace(-1,1,21)
vg = np.asarray([np.asarray(jax.value_and_grad(findrootjax)(v)) for v in xi])
