# Source: https://github.com/erwanplantec/FlowLenia/blob/dce428c6b0c5079a06e5606fb7b5ac1fe1323bc5/flowlenia/flowlenia.py
# Title: flowlenia/flowlenia.py (Flow-Lenia, an equinox module)
# Cut: kept Config, the module's __call__ step, rollout (lax.scan) and rollout_ (fori_loop); sobel and
#      growth come from utils.py (second file of this case); parameter init and ReintegrationTracking are
#      referenced, not shown.
from typing import NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp
import jax.scipy as jsp
import equinox as eqx

from utils import sobel, growth


class Config(NamedTuple):
    X: int=128
    Y: int=128
    C: int=1
    c0: list[int]=[0]
    c1: list[list[int]]=[[0]]
    k: int=10
    dd: int=5
    dt: float=0.2
    sigma: float=.65
    border: str="wall"

class State(NamedTuple):
    A: jax.Array
    fK: jax.Array

class FlowLenia(eqx.Module):
    m: jax.Array
    s: jax.Array
    h: jax.Array
    cfg: Config
    RT: eqx.Module

    def __call__(self, state: State, key: Optional[jax.Array]=None)->State:

        # --- Lenia ---
        A = state.A

        fA = jnp.fft.fft2(A, axes=(0,1))  # (x,y,c)

        fAk = fA[:, :, self.cfg.c0]  # (x,y,k)

        U = jnp.real(jnp.fft.ifft2(state.fK * fAk, axes=(0,1)))  # (x,y,k)

        U = growth(U, self.m, self.s) * self.h  # (x,y,k)

        U = jnp.dstack([ U[:, :, self.cfg.c1[c]].sum(axis=-1) for c in range(self.cfg.C) ])  # (x,y,c)

        # --- Flow ---

        nabla_U = sobel(U) #(x, y, 2, c)

        nabla_A = sobel(A.sum(axis = -1, keepdims = True)) #(x, y, 2, 1)

        alpha = jnp.clip((A[:, :, None, :]/self.cfg.C)**2, .0, 1.)

        F = nabla_U * (1 - alpha) - nabla_A * alpha
        nA = self.RT(A, F) #type:ignore

        return state._replace(A=nA)

    def rollout(self, state: State, key: Optional[jax.Array]=None,
                steps: int=100)->Tuple[State, State]:

        def _step(s, x):
            return self.__call__(s), s
        return jax.lax.scan(_step, state, None, steps)

    def rollout_(self, state: State, key: Optional[jax.Array]=None,
                 steps: int=100)->State:
        return jax.lax.fori_loop(0, steps, lambda i,s: self.__call__(s), state)
