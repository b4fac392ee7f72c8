# Source: https://github.com/vepe99/Odisseo/blob/11ca1282f6dc6384e1bb76fe5be4d250254e85fd/odisseo/time_integration.py
# Title: odisseo/time_integration.py (Odisseo differentiable N-body: fixed-step time integration)
# Cut: _time_integration_fixed_steps_snapshot without the snapshot bookkeeping branch (return_snapshots=False path), timers and progress bar dropped.
from functools import partial

import jax
from equinox.internal._loop.checkpointed import checkpointed_while_loop

from odisseo.integrators import leapfrog, RungeKutta4, diffrax_solver
from odisseo.option_classes import LEAPFROG, RK4, DIFFRAX_BACKEND, FORWARDS, BACKWARDS


@partial(jax.jit, static_argnames=['config'])
def _time_integration_fixed_steps(primitive_state, mass, config, params, ):
    """ Fixed time stepping integration of the primitave state of the system."""

    def update_step(carry):
        time, state = carry

        dt = params.t_end / config.num_timesteps

        # Update the state using the chosen integrator
        if config.integrator == LEAPFROG:
            state = leapfrog(state, mass, dt, config, params)
        elif config.integrator == RK4:
            state = RungeKutta4(state, mass, dt, config, params)
        elif config.integrator == DIFFRAX_BACKEND:
            state = diffrax_solver(state, mass, dt, config, params)

        # Update the time
        time += dt

        carry = (time, state)
        return carry

    def condition(carry):
        t, _ = carry
        return abs(t) < abs(params.t_end)

    carry = (0.0, primitive_state)

    if config.differentation_mode == FORWARDS:
        carry = jax.lax.while_loop(condition, update_step, carry)
    elif config.differentation_mode == BACKWARDS:
        carry = checkpointed_while_loop(condition, update_step, carry, checkpoints = config.num_checkpoints)
    else:
        carry = jax.lax.fori_loop(0, config.num_timesteps, update_step, carry)

    _, state = carry
    return state
