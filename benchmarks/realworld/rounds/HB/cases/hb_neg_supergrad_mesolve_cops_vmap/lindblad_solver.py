# Source: https://github.com/iqubit-org/supergrad/blob/baf01402e34303d32155eae31ee96f8f3d8a8503/supergrad/time_evolution/lindblad_solver.py
# Title: supergrad/time_evolution/lindblad_solver.py (mesolve: Lindblad master-equation evolution)
# Cut: long docstring shortened; the body of _mesolve after the time-list conversion replaced by
#      the call into ode_expm (reconstructed from the module's import).
import copy
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

from supergrad.quantum_system import KronObj, LindbladObj
from supergrad.time_evolution.ode import _parse_hamiltonian, ode_expm
from supergrad.utils.sharding import get_sharding


def mesolve(hamiltonian,
            rho0,
            tlist,
            c_ops=None,
            args=None,
            options={},
            solver='ode_expm'):
    """Master equation evolution of a density matrix (or a batch, through vmap)."""
    diag_ops = options.pop('diag_ops', False)
    if diag_ops:
        assert solver == 'ode_expm'

    # convert options to hashable tuple
    options = tuple(options.items())

    if isinstance(hamiltonian, (KronObj, jnp.ndarray, list)):
        h_td = _parse_hamiltonian(hamiltonian, tlist, args, diag_ops)
    else:
        raise ValueError('Invalid Hamiltonian type.')
    # Construct Liouvillian
    lind = LindbladObj()
    if c_ops is not None:
        for c_op in c_ops:
            if isinstance(c_op, LindbladObj):
                lind += c_op
            if isinstance(c_op, list):
                lind.add_lindblad_operator(*c_op)
            else:
                lind.add_lindblad_operator(c_op)
        if diag_ops:
            lind._diagonalize_super_operator()
    if rho0.ndim == 2:
        return _mesolve(rho0, tlist, h_td, lind, args, solver, options)
    elif rho0.ndim == 3:
        _simd_mesolve = jax.vmap(_mesolve,
                                 in_axes=(0, None, None, None, None, None,
                                          None))
        rho0 = jax.lax.with_sharding_constraint(rho0,
                                                get_sharding('p', None, None))
        return _simd_mesolve(rho0, tlist, h_td, lind, args, solver, options)
    else:
        raise ValueError(
            '`rho0` is array or array of arrays representing the initial density'
        )


def _mesolve(rho0, tlist, h_td, lind: LindbladObj, args, solver, options):
    """The private function of `mesolve`"""

    tlist = jnp.asarray(tlist)
    return ode_expm(lambda rho, t, *a: lind(h_td(t), rho), rho0, tlist, **dict(options))
