# Source: https://github.com/meom-group/tunax/blob/ad4e691ec625ad8d30a903d86e93b72f60060ca8/tunax/model.py
# Title: tunax/model.py (SingleColumnModel.run_partial / run, lax.scan version)
# Cut: docstrings shortened; constructor, step body and trajectory conversion reduced;
#      the loop over VARIABLE_NAMES (a handful of state fields) kept.
from typing import Tuple

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax, jit

from tunax.space import State, Trajectory, VARIABLE_NAMES

StatesTime = Tuple[State, object, float]


class SingleColumnModel(eqx.Module):
    nt: int
    dt: float
    p_out: int
    start_time: float
    init_state: State
    closure: object
    case_tracable: object
    checkpoint: bool

    def step(self, state, closure_state, time, closure_parameters) -> StatesTime:
        dt = self.dt
        closure_state = self.closure.step_fun(
            state, closure_state, dt, closure_parameters, self.case_tracable
        )
        time += self.dt
        return state, closure_state, time

    @jax.checkpoint
    def step_check(self, state, closure_state, time, closure_parameters) -> StatesTime:
        return self.step(state, closure_state, time, closure_parameters)

    def run_partial(self, state0, closure_state0, time0, n_steps: int,
                    closure_parameters) -> StatesTime:
        if self.checkpoint:
            step_fun = self.step_check
        else:
            step_fun = self.step
        def scan_fn(carry: StatesTime, _) -> Tuple[StatesTime, None]:
            state, closure_state, time = carry
            state, closure_state, time = step_fun(state, closure_state, time, closure_parameters)
            return (state, closure_state, time), None
        carry, _ = lax.scan(scan_fn, (state0, closure_state0, time0), jnp.arange(n_steps))
        (state, closure_state, time) = carry
        return state, closure_state, time

    def _state_concat_to_traj(self, states: State, times) -> Trajectory:
        var_dict = {}
        for var in VARIABLE_NAMES:
            if getattr(states, var) is not None:
                var0 = jnp.expand_dims(getattr(self.init_state, var), 0)
                var_computed = getattr(states, var)
                var_dict[var] = jnp.concat([var0, var_computed])
        times = jnp.concat([jnp.array([self.start_time]), times])
        return Trajectory(self.init_state.grid, times, **var_dict)

    def run(self, closure_parameters) -> Trajectory:
        init_closure_state = self.closure.state_class(self.init_state.grid, closure_parameters)

        def scan_fn(carry: StatesTime, _) -> Tuple[StatesTime, StatesTime]:
            state, closure_state, time = carry
            state, closure_state, time = self.run_partial(
                state, closure_state, time, self.p_out, closure_parameters
            )
            return (state, closure_state, time), (state, closure_state, time)

        n_steps_out = self.nt//self.p_out
        (_, _, _), (states, _, times) = lax.scan(
            scan_fn, (self.init_state, init_closure_state, self.start_time), jnp.arange(n_steps_out)
        )
        return self._state_concat_to_traj(states, jnp.array(times))

    @jit
    def jit_run(self, closure_parameters) -> Trajectory:
        return self.run(closure_parameters)
