# Source: https://github.com/meom-group/tunax/blob/8405417a372fd80aa8d4ca274d992f0d16d5190a/tunax/model.py
# Title: tunax/model.py (SingleColumnModel, before the lax.scan rewrite of commit 24782ad)
# Cut: docstrings shortened; constructor reduced to the attributes used; diagnostics,
#      netCDF output and the tracer/momentum solvers (advance_tra_ed, advance_dyn_cor_ed) cut.
from __future__ import annotations
from typing import Tuple, List
from functools import partial

import equinox as eqx
import jax.numpy as jnp
from jax import lax, jit, vmap

from tunax.case import Case
from tunax.space import Grid, State, Trajectory
from tunax.closure import ClosureParametersAbstract, ClosureStateAbstract, Closure
from tunax.closures_registry import CLOSURES_REGISTRY


class SingleColumnModel(eqx.Module):
    nt: int
    dt: float
    n_out: int
    init_state: State
    case: Case
    closure: Closure

    def compute_trajectory_with(
            self,
            closure_parameters: ClosureParametersAbstract
        ) -> Trajectory:
        """Run the model with a specific set of closure parameters: calls nt
        times the function step and regulary writes the output."""
        # initialize the model
        states_list: List[State] = []
        closure_states_list: List[ClosureStateAbstract] = []
        state = self.init_state
        closure_state = self.closure.state_class(
            self.init_state.grid, closure_parameters
        )

        # loop the model
        cur_time = 0
        for i_t in range(self.nt):
            if i_t % self.n_out == 0:
                states_list.append(state)
                closure_states_list.append(closure_state)
            state, closure_state = step(
                self.dt, self.case, self.closure, state, closure_state,
                closure_parameters, cur_time
            )
            cur_time += self.dt
        time = jnp.arange(0, self.nt*self.dt, self.n_out*self.dt)

        # generate trajectory
        u_list = [s.u for s in states_list]
        v_list = [s.v for s in states_list]
        # state tracers
        tra_dict = {}
        for tracer in self.case.eos_tracers:
            tra_list = [getattr(s, tracer) for s in states_list]
            tra_dict[tracer] = jnp.vstack(tra_list)
        trajectory = Trajectory(
            self.init_state.grid, time, jnp.vstack(u_list), jnp.vstack(v_list),
            **tra_dict
        )
        return trajectory


@partial(jit, static_argnames=('dt', 'case', 'closure'))
def step(
        dt: float,
        case: Case,
        closure: Closure,
        state: State,
        closure_state: ClosureStateAbstract,
        closure_parameters: ClosureParametersAbstract,
        time: float
    ) -> Tuple[State, ClosureStateAbstract]:
    """Run one time-step of the model."""
    # advance closure state (compute eddy-diffusivity and viscosity)
    closure_state = closure.step_fun(
        state, closure_state, dt, closure_parameters, case
    )
    # advance tracers
    state = advance_tra_ed(
        state, closure_state.akt, dt, case, time
    )
    # advance velocities
    state = advance_dyn_cor_ed(
        state, closure_state.akv, dt, case
    )
    return state, closure_state


def advance_tra_ed(state, akt, dt, case, time):
    ...  # implicit vertical diffusion of tracers (cut)


def advance_dyn_cor_ed(state, akv, dt, case):
    ...  # implicit vertical viscosity and Coriolis (cut)
