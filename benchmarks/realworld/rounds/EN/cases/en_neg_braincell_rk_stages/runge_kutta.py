# Source: https://github.com/chaobrain/braincell/blob/cd4c0803c28176614c90ebfff17013e9beac6312/braincell/quad/_runge_kutta.py
# Title: braincell/quad/_runge_kutta.py (_general_rk_step)
# Cut: kept ButcherTableau, _rk_update and _general_rk_step with three tableaus; dropped the
#      docstrings, the registry, the other tableaus and the public wrappers.
from dataclasses import dataclass
from typing import Sequence

import brainstate
import brainunit as u
import jax
import jax.numpy as jnp

from braincell._misc import cast_like as _cast_like
from braincell.quad.protocol import DiffEqState


@dataclass(frozen=True)
class ButcherTableau:
    A: Sequence[Sequence]  # The A matrix in the Butcher tableau.
    B: Sequence  # The B vector in the Butcher tableau.
    C: Sequence  # The C vector in the Butcher tableau.


def _array_dtype(value) -> jnp.dtype:
    return jnp.asarray(u.get_magnitude(value)).dtype


def _cast_scalar_like(value, like):
    return jnp.asarray(value, dtype=_array_dtype(like))


def _rk_update(coeff, st, y0, dt, *ks):
    assert len(coeff) == len(ks), 'The number of coefficients must be equal to the number of ks.'

    def _step(y0_, *k_):
        kds = [_cast_scalar_like(c_, k_leaf) * k_leaf for c_, k_leaf in zip(coeff, k_)]
        update = kds[0]
        for kd in kds[1:]:
            update += kd
        return y0_ + update * _cast_like(dt, y0_)

    st.value = jax.tree.map(_step, y0, *ks, is_leaf=u.math.is_quantity)


def _general_rk_step(tableau, target, t, dt, *args):
    # before one-step integration
    target.pre_integral(*args)

    # Runge-Kutta stages
    ks = []

    # k1: first derivative step
    assert len(tableau.A[0]) == 0, f'The first row of A must be empty. Got {tableau.A[0]}'
    with brainstate.environ.context(t=t), brainstate.StateTraceStack() as trace:
        # compute derivative
        target.compute_derivative(*args)

        # collection of states, initial values, and derivatives
        states = []  # states
        k1hs = []  # k1hs: k1 holder
        y0 = []  # initial values
        for st, val, writen in zip(trace.states, trace.original_state_values, trace.been_writen):
            if isinstance(st, DiffEqState):
                assert writen, f'State {st} must be written.'
                y0.append(val)
                states.append(st)
                k1hs.append(st.derivative)
            else:
                if writen:
                    raise ValueError(f'State {st} is not for integral.')
        ks.append(k1hs)

    time_like = y0[0] if y0 else dt
    t_like = _cast_like(t, time_like)
    dt_like = _cast_like(dt, time_like)

    # intermediate steps
    for i in range(1, len(tableau.C)):
        with (
            brainstate.environ.context(t=t_like + _cast_scalar_like(tableau.C[i], time_like) * dt_like),
            brainstate.check_state_value_tree(),
        ):
            for st, y0_, *ks_ in zip(states, y0, *ks):
                _rk_update(tableau.A[i], st, y0_, dt, *ks_)
            target.compute_derivative(*args)
            ks.append([st.derivative for st in states])

    # final step
    with brainstate.check_state_value_tree():
        # update states with derivatives
        for st, y0_, *ks_ in zip(states, y0, *ks):
            _rk_update(tableau.B, st, y0_, dt, *ks_)

    # after one-step integration
    target.post_integral(*args)


euler_tableau = ButcherTableau(
    A=((),),
    B=(1.0,),
    C=(0.0,),
)
midpoint_tableau = ButcherTableau(
    A=[(), (0.5,)],
    B=(0.0, 1.0),
    C=(0.0, 0.5),
)
rk4_tableau = ButcherTableau(
    A=[(), (0.5,), (0.0, 0.5), (0.0, 0.0, 1)],
    B=[1 / 6, 1 / 3, 1 / 3, 1 / 6],
    C=[0, 0.5, 0.5, 1],
)
