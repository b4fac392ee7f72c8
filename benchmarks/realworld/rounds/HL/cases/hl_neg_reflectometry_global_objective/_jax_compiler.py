# Source: https://github.com/refnx/refnx/blob/c146a80bb6b09d03afd2ca03bc53124c74b435b6/refnx/reflect/extra/_jax_compiler.py
# Title: refnx/reflect/extra/_jax_compiler.py (compile neutron/X-ray reflectometry objectives to JAX)
# Cut: kept _make_logl and compile_global_objective's combination of per-dataset log-likelihoods and
#      forward models; _compile_single (structure -> slabs -> Abeles reflectivity) is reduced to its
#      signature, and the CompiledObjective dataclass, setp bridge and docstrings are dropped.
from typing import Callable, List, Optional

import numpy as np
import jax
import jax.numpy as jnp
from jax import config

config.update("jax_enable_x64", True)


def _make_logl(
    generative: Callable,
    y: jnp.ndarray,
    y_err: Optional[jnp.ndarray],
    use_weights: bool,
) -> Callable:
    def logl_jax(free: jnp.ndarray) -> jnp.ndarray:
        model = generative(free)

        if use_weights and y_err is not None:
            base_var = y_err**2
        else:
            base_var = jnp.ones_like(y)
        var_y = base_var

        ll = (y - model) ** 2 / var_y
        if use_weights:
            ll = ll + jnp.log(2.0 * jnp.pi * var_y)

        return -0.5 * jnp.sum(ll)

    return logl_jax


def _compile_single(objective, compiler):
    """Returns (logl_raw, generative_raw, params_to_slabs_fn, extra_potential) for one Objective."""
    ...


def compile_global_objective(global_objective, compiler):
    # ------------------------------------------------------------------
    # 2.  Compile each child objective against the shared compiler.
    #     The lambda weights are baked in as Python floats (constants in
    #     the XLA graph) because GlobalObjective.lambdas are plain floats.
    # ------------------------------------------------------------------
    weighted_logl_fns: List[tuple] = []  # (lam, logl_raw) — all pure JAX
    extra_potential_fns: List[tuple] = (
        []
    )  # (lam, extra_potential) — Python only
    generative_fns: List[Callable] = []

    for obj, lam in zip(global_objective.objectives, global_objective.lambdas):
        logl_i, generative_i, _, extra_i = _compile_single(obj, compiler)
        weighted_logl_fns.append((float(lam), logl_i))
        if extra_i is not None:
            extra_potential_fns.append((float(lam), extra_i))
        generative_fns.append(generative_i)

    # Single fused JAX function over all pure logl terms — identical to the
    # original structure so XLA can fuse across all objectives.
    def logl_global(free: jnp.ndarray) -> jnp.ndarray:
        total = jnp.zeros((), dtype=jnp.float64)
        for lam, fn in weighted_logl_fns:
            total = total + lam * fn(free)
        return total

    logl_jit = jax.jit(logl_global)
    grad_jit = jax.jit(jax.grad(logl_global))
    val_and_grad_jit = jax.jit(jax.value_and_grad(logl_global))

    if extra_potential_fns:
        # Wrap the JIT-compiled functions to add the extra Python terms
        # outside the XLA boundary.  Gradient of extra terms is zero.
        _logl_jit = logl_jit
        _val_and_grad_jit = val_and_grad_jit

        def logl_jit(free):
            free_np = np.asarray(free)
            val = float(_logl_jit(free_np))
            for lam, fn in extra_potential_fns:
                val += lam * fn(free_np)
            return val

        def val_and_grad_jit(free):
            free_np = np.asarray(free)
            val, grad = _val_and_grad_jit(free_np)
            for lam, fn in extra_potential_fns:
                val += lam * fn(free_np)
            return float(val), grad

    # ------------------------------------------------------------------
    # 3b. Generative: concatenation of per-objective forward models
    # ------------------------------------------------------------------
    def generative_global(free: jnp.ndarray) -> jnp.ndarray:
        return jnp.concatenate([fn(free) for fn in generative_fns])

    return logl_jit, grad_jit, val_and_grad_jit, generative_global
