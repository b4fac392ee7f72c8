# Source: https://github.com/iqubit-org/supergrad/blob/baf01402e34303d32155eae31ee96f8f3d8a8503/supergrad/time_evolution/ode.py
# Title: supergrad/time_evolution/ode.py (ode_expm: matrix-exponential propagator solver)
# Cut: docstring of ode_expm shortened; custom_vjp forward/reverse rules and the KronObj
#      helpers (_expm_mul_y etc.) removed; ode_expm and the jitted _ode_expm kept.
from functools import partial
import operator

import jax
import jax.numpy as jnp
from jax.scipy.linalg import expm, eigh
from jax.numpy import interp
from jax.tree_util import tree_map
from jax.experimental.ode import odeint

import supergrad
from supergrad.quantum_system import KronObj, LindbladObj
from supergrad.utils.progress_bar import scan_tqdm


def _check_compatibility_mode(compatibility_mode, dim):
    if compatibility_mode:
        return jnp.eye(dim)
    else:
        return 0.

def ode_expm(func, y0, ts, *args, astep=100, trotter_order=None, progress_bar=False,
             custom_vjp=None, pb_fwd_ad=False, compatibility_mode=False):
    """ODE solver using the matrix exponentiation for the propagators at each time step."""
    # convert the func to closure to make it custom_vjp compatible
    converted, consts = jax.custom_derivatives.closure_convert(
        func, y0, ts[0], *args)
    y_eye = _check_compatibility_mode(compatibility_mode, y0.shape[0])
    # compute optimal contraction path
    evo_term = func(y_eye, ts[0], *args)
    if trotter_order is not None and isinstance(evo_term,
                                                (KronObj, LindbladObj)):
        tn_expr = evo_term.compute_contraction_path(trotter_order=trotter_order)
    else:
        tn_expr = None
    if custom_vjp is not None:
        assert not pb_fwd_ad, 'Forward mode automatic differentiation is not supported.'
        _custom_ode_expm = jax.custom_vjp(_ode_expm,
                                          nondiff_argnums=(0, 1, 2, 3, 4, 5, 6))
        if custom_vjp is True or custom_vjp == 'LCAM':
            _custom_ode_expm.defvjp(_ode_expm_fwd, _ode_expm_rev)
        elif custom_vjp == 'CAM':
            _custom_ode_expm.defvjp(_ode_expm_fwd, _ode_expm_rev_continuous)
        else:
            raise ValueError('Invalid custom_vjp type.')
        return _custom_ode_expm(converted, astep, trotter_order, tn_expr,
                                progress_bar, False, compatibility_mode, y0, ts,
                                *args, *consts)
    else:
        return _ode_expm(converted, astep, trotter_order, tn_expr, progress_bar,
                         pb_fwd_ad, compatibility_mode, y0, ts, *args, *consts)


@partial(jax.jit, static_argnums=(0, 1, 2, 3, 4, 5, 6))
def _ode_expm(func, astep, trotter_order, tn_expr, progress_bar, pb_fwd_ad,
              compatibility_mode, y0, ts, *args):
    """The private function of the matrix exponentiation ODE solver.
    Operations that only depend on static arguments will be constant-folded in
    Python (during tracing), and so the corresponding argument values can be
    any Python object.
    """
    if isinstance(y0, KronObj):
        # convert y0 to the dense form
        y0 = y0.full()

    def scan_func(carry, target_t):
        """Evolve the propagator K to evaluation state at time point in ts."""

        def body_fun(state, next_nest_t):
            """Evolution of the discrete time sequence."""
            nest_y, nest_t = state
            # it's reasonable to choose the middle point of every time slice
            evo_term = func(y_eye, (nest_t + next_nest_t) / 2, *args)
            # evolution a timestep for each timepoint
            next_nest_y = _expm_mul_y(evo_term * (next_nest_t - nest_t), nest_y,
                                      trotter_order, tn_expr)
            # normalize exp(-iHt)
            # if nest_y.shape[1] == 1:
            #     norm = jnp.linalg.norm(next_nest_y)
            #     next_nest_y = next_nest_y / norm**2
            # elif nest_y.shape[0] == nest_y.shape[1]:
            #     norm = jnp.trace(next_nest_y)
            #     next_nest_y = next_nest_y / norm
            # else:
            #     raise ValueError('Shape is not compatible.')
            carry = [next_nest_y, next_nest_t]
            return carry, next_nest_t

        y, t = carry
        # decompose the total propagator K to the propagator U for the short time
        nest_ts = jnp.linspace(t, target_t, astep)
        state = [y, t]
        if progress_bar:
            wrapped_body_fun, wrapped_nest_ts = scan_tqdm(body_fun,
                                                          nest_ts[1:],
                                                          fwd_ad=pb_fwd_ad)
            final_state, _ = jax.lax.scan(wrapped_body_fun, state,
                                          wrapped_nest_ts)
        else:
            final_state, _ = jax.lax.scan(body_fun, state, nest_ts[1:])
        next_y = final_state[0]

        return final_state, next_y

    # initialize evolution
    init_carry = [y0, ts[0]]
    # check compatible mode
    y_eye = _check_compatibility_mode(compatibility_mode, y0.shape[0])
    _, ys = jax.lax.scan(scan_func, init_carry, ts[1:])

    return jnp.concatenate((y0[None], ys))
