# Source: https://github.com/FZJ-PGI-12/paraqeet/blob/020d8ce1f6e574c0eaef185cffd119446955b5c1/paraqeet/signal/pwc_generator.py
# Title: paraqeet/signal/pwc_generator.py (convert a complex envelope to a PWC pulse)
# Cut: properties/setters, docstrings and the gradient helpers removed; envelope summation,
#      per-envelope partial derivatives and the vmapped PWC signal kept.
from functools import partial

import jax.numpy as jnp
from jax import jit, vmap

from paraqeet.quantity import Quantity
from paraqeet.signal.generator import Generator


class PWCGenerator(Generator):
    def __init__(self, envelopes, tlist, max_amplitude=None):
        self.__envs = envelopes or []
        self.__tlist = tlist
        if max_amplitude is None:
            env = self.__compute_shape()
            self.__max_amplitude = 2 * float(jnp.max(jnp.abs(env)))
        else:
            self.__max_amplitude = max_amplitude
        dt = tlist[1] - tlist[0]
        self.__tlist = tlist[:-1] + dt / 2
        self.__setup_inphase_and_outofphase()

    def __compute_shape(self):
        env = jnp.zeros_like(self.__tlist)
        for dev in self.__envs:
            env += dev.compute_output(self.__tlist)
        return env

    def __setup_inphase_and_outofphase(self) -> None:
        env = self.__compute_shape()
        max_component = self.__max_amplitude / jnp.sqrt(2)
        bound = max_component * jnp.ones_like(self.__tlist)
        self.__inphase = Quantity(jnp.real(env), min_value=-bound, max_value=bound, name="Inphase")
        self.__outofphase = Quantity(jnp.imag(env), min_value=-bound, max_value=bound, name="out-of-phase")

    def _get_partial_derivatives(self):
        env_grads = []
        for dev in self.__envs:
            grad = dev.compute_gradient(self.__tlist)
            dev_grad = jnp.concat([jnp.real(grad), jnp.imag(grad)])
            env_grads.append(dev_grad)
        return jnp.hstack(env_grads)

    @partial(jit, static_argnums=(0,))
    def __pwc_signal(self, inphase, outofphase, tlist, t):
        index = jnp.argmin(jnp.abs(tlist - t))
        return inphase[index] + 1j * outofphase[index]

    def generate_signal(self, times):
        tlist = self.__tlist
        t_arr = jnp.array(times, ndmin=1)
        inphase = self.__inphase.get_value()
        outofphase = self.__outofphase.get_value()
        shape = jnp.squeeze(vmap(self.__pwc_signal, in_axes=(None, None, None, 0))(inphase, outofphase, tlist, t_arr))
        return shape
