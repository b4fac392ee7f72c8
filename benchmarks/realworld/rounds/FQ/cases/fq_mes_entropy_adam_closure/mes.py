# Source: https://github.com/makskliczkowski/pyqusolver/blob/4c18bff874d637952780e11f2189e23e193ab060/Python/QES/Algebra/Properties/mes.py
# Title: Python/QES/Algebra/Properties/mes.py (minimally entangled states finder; parent of "Optimize JAX gradient descent using jax.lax.scan")
# Cut: module-level jitted helpers and MESFinder._minimize_jax_grad kept; the class reduced to the
#      attributes the method reads (V: (Ns, m) matrix of degenerate ground states, S_func, m); the
#      other optimisation methods, the dataclasses and the logging cut.
from    __future__ import annotations

import  numpy as np
from    functools import partial
from    typing import Callable, List, Tuple, Optional

import jax
import jax.numpy as jnp
import optax


@jax.jit
def _normalize_jax(c):
    return c / jnp.maximum(jnp.linalg.norm(c), 1e-15)

@jax.jit
def _gauge_fix_jax(c):
    """Gauge-fix so c[0] is real and non-negative."""
    abs0    = jnp.abs(c[0])
    phase   = jnp.where(abs0 > 1e-15, jnp.exp(-1j * jnp.angle(c[0])), 1.0 + 0j)
    c       = c * phase
    c       = jnp.where(jnp.real(c[0]) < 0, -c, c)
    return c.at[0].set(jnp.real(c[0]) + 0j)

@partial(jax.jit, static_argnums=(2,))
def _project_jax(c, C_stack, n_constraints: int):
    """Project onto orthogonal complement of constraints."""
    def _do(x):
        C = jax.lax.dynamic_slice(C_stack, (0, 0), (n_constraints, c.shape[0]))
        return _normalize_jax(c - C.T.conj() @ (C @ c))
    return jax.lax.cond(n_constraints > 0, _do, lambda _: c, None)

@partial(jax.jit, static_argnums=(2, 3))
def _params_to_c(theta, C_stack, m: int, n_constraints: int):
    c = theta[:m] + 1j * theta[m:]
    c = _normalize_jax(c)
    c = _project_jax(c, C_stack, n_constraints)
    return _gauge_fix_jax(c)


class MESFinder:

    def __init__(self, V: np.ndarray, S_func: Callable, S_func_c: Optional[Callable] = None):
        self.V          = V                 # (Ns, m): degenerate ground-state manifold, Ns = Hilbert-space size
        self.m          = V.shape[1]
        self.S_func     = S_func            # Renyi entropy of a full state psi (Ns,)
        self._S_func_c  = S_func_c

    def normalize(self, c):
        return c / np.linalg.norm(c)

    def _minimize_jax_grad(
        self,
        c0                  : np.ndarray,
        max_iter            : int = 200,
        tol                 : float = 1e-10,
        lr                  : float = 0.05,
        beta1               : float = 0.9,
        beta2               : float = 0.999,
        adam_eps            : float = 1e-8,
        patience            : int = 30,
        c_constraints       : Optional[List[np.ndarray]] = None,
        verbose             : bool = False,
        **kwargs,
    ) -> Tuple[np.ndarray, float, int]:
        c_constraints = [] if c_constraints is None else c_constraints

        m       = self.m
        c0      = self.normalize(c0)
        params              = jnp.concatenate([jnp.real(c0), jnp.imag(c0)])
        c_constraints_jax   = [jnp.asarray(c_prev) for c_prev in c_constraints]

        use_fast_path = self._S_func_c is not None
        if not use_fast_path:
            Vj = jnp.asarray(self.V)

        n_constraints = len(c_constraints_jax)
        if n_constraints > 0:
            C_stack = jnp.stack(c_constraints_jax, axis=0)
            max_constraints = max(10, n_constraints)  # reasonable upper bound
            if n_constraints < max_constraints:
                pad_rows    = max_constraints - n_constraints
                C_stack     = jnp.concatenate([C_stack, jnp.zeros((pad_rows, m), dtype=C_stack.dtype)], axis=0)
        else:
            C_stack = jnp.zeros((10, m), dtype=jnp.complex128)

        if use_fast_path:
            S_func_c_local = self._S_func_c
            def _loss(theta: "jnp.ndarray") -> "jnp.ndarray":
                c   = _params_to_c(theta, C_stack, m, n_constraints)
                val = S_func_c_local(c)
                return jnp.real(jnp.asarray(val))
        else:
            S_func_local = self.S_func
            def _loss(theta: "jnp.ndarray") -> "jnp.ndarray":
                c   = _params_to_c(theta, C_stack, m, n_constraints)
                psi = Vj @ c
                val = S_func_local(psi)
                return jnp.real(jnp.asarray(val))

        optimizer = optax.adam(learning_rate=lr, b1=beta1, b2=beta2, eps=adam_eps)
        opt_state = optimizer.init(params)
        
        @jax.jit
        def step(params, opt_state):
            loss, grads         = jax.value_and_grad(_loss)(params)
            updates, new_state  = optimizer.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), new_state, loss
        
        params, opt_state, val  = step(params, opt_state)
        best_val                = float(val)
        best_params             = params
        prev_val                = best_val
        nfev                    = 1
        
        stall       = 0
        _stall_rtol = max(tol * 1e6, 1e-6)
        _stall_atol = tol
        check_every = int(kwargs.get('check_every', 10))
        
        # Optimization loop
        for step_idx in range(2, max_iter + 1):
            params, opt_state, val = step(params, opt_state)
            nfev += 1
            
            if step_idx % check_every == 0 or step_idx == max_iter:
                valf = float(val)
                if valf < best_val:
                    best_val    = valf
                    best_params = params
                
                improvement = abs(valf - prev_val)
                if improvement < _stall_atol + _stall_rtol * abs(prev_val):
                    stall += check_every
                else:
                    stall = 0
                prev_val = valf
                
                if stall >= patience:
                    break
        
        best_c = np.asarray(_params_to_c(best_params, C_stack, m, n_constraints))
        return self.normalize(best_c), float(best_val), nfev
