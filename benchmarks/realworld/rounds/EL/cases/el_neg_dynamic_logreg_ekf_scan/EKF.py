# Source: https://github.com/SuzuSys/KalmanPaper/blob/703228845192dbe92611a58cc2fe41cc8f543962/KalmanPaper/EKF.py
# Title: KalmanPaper/EKF.py - Extended Kalman filter derived for dynamic logistic regression (nbdev export of nbs/EKF/01_EKF.ipynb)
# Cut: docstrings (Japanese LaTeX) and nbdev markers removed; sp.losi / sp.dxlosi from KalmanPaper/simple.py inlined as sigmoid and its derivative
import jax.numpy as jnp
import jax.lax as lax
import jax
from jaxtyping import Array, Float
from typing import Tuple, NamedTuple
from functools import partial


def losi(x):
  return jax.nn.sigmoid(x)


def dxlosi(x):
  s = jax.nn.sigmoid(x)
  return s * (1 - s)


@jax.jit
def Ptt(
    Ptm: Float[Array, "N N"], # $\mathbf P_{t/t-1}$
    w: Float[Array, "N"], 
    x: Float[Array, "N"], 
) -> Float[Array, "N N"]: 
  dsigma = dxlosi(w @ x)
  Ptmx = Ptm @ x
  return Ptm - (dsigma / (1 + dsigma * (x @ Ptmx))) * jnp.outer(Ptmx, Ptmx)

@jax.jit
def wtt(
    Ptm: Float[Array, "N N"], # $\mathbf P_{t/t-1}$
    w: Float[Array, "N"], 
    x: Float[Array, "N"], 
    y: Float[Array, "N"], 
) -> Float[Array, "N"]: # $\hat{\mathbf w}_{t/t}$
  dsigma = dxlosi(w @ x)
  Ptmx = Ptm @ x
  return w + ((y - losi(w @ x)) / (1 + dsigma * (x @ Ptmx))) * Ptmx

class EKF_out(NamedTuple):
  W: Float[Array, "T N"]
  P: Float[Array, "T N N"]


@partial(jax.jit, static_argnames=['N', 'T'])
def EKF(
    N: int, # $N$
    T: int, # $T$
    x: Float[Array, "{T} {N}"], # $\{ \mathbf x_t \}_{t=0,\ldots,T-1}$
    y: Float[Array, "{T} {N}"], # $\{ y_t \}_{t=0,\ldots,T-1}$
    G: Float[Array, "{N} {N}"], # $\boldsymbol\Gamma$
    w0: Float[Array, "{N}"], # $\hat{\mathbf w}_{0/-1}$
    P0: Float[Array, "{N} {N}"], # $\mathbf P_{0/-1}$
) -> EKF_out:
  
    class Carry(NamedTuple):
        Ptm: Float[Array, "{N} {N}"]
        wtm: Float[Array, "{N}"]
    
    class Input(NamedTuple):
        xt: Float[Array, "{N}"]
        yt: Float[Array, ""]

    class Output(NamedTuple):
        wtt_: Float[Array, "{N}"]
        Ptt_: Float[Array, "{N} {N}"]

    def step(carry: Carry, inputs: Input) -> Tuple[Carry, Output]:
        Ptm, wtm = carry
        xt, yt = inputs
        Ptt_ = Ptt(Ptm, wtm, xt)
        wtt_ = wtt(Ptm, wtm, xt, yt)
        return Carry(Ptt_ + G, wtt_), Output(wtt_, Ptt_)
    
    _, (W, P) = lax.scan(
        step,
        Carry(P0, w0),
        Input(x, y),
        length=T
    )
    return EKF_out(W, P)

