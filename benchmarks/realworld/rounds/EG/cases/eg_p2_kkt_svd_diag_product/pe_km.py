# Source: https://github.com/siddharth-prabhu/BiLevelParameterEstimation/blob/efc46c2f05551f768b1881becb04c0b22387c5af/pe_km.py
# Title: pe_km.py (bilevel parameter estimation, shooting inner problem)
# Cut: data generation, plotting, logging and the ipopt outer driver dropped; the objective and its jit(grad) kept.
import jax
import jax.numpy as jnp

from utils import differentiable_optimization, odeint_diffrax


def f(p, x, target):
    solution = odeint_diffrax(_foo_interp, xinit, time_span, (p, x), pargs.rtol, pargs.atol, pargs.mxstep) - xinit
    return jnp.mean((solution - target)**2)

def g(p, x) : return jnp.array([ ])

def simple_objective_shooting(f, g, p, states, target):
    # states shape = (nexpt, T, nx) # no of experiments, time points, states. Target values for outer optimization
    # target shape = (nexpt, T, nx) no of experiments, time points, states. Target values for inner optimization
    # p shape = (nx * F, ) # no of nonlinear decision variables
    (x_opt, v_opt), _ = differentiable_optimization(f, g, p, x_guess, (target, ))
    _loss = f(p, x_opt, target) + v_opt @ g(p, x_opt)
    return _loss, x_opt


def outer_objective_shooting(p_guess, solution, target):
    # JIT compiled objective function
    _simple_obj = jax.jit(lambda p : simple_objective_shooting(f, g, p, solution, target)[0])
    _simple_jac = jax.jit(jax.grad(_simple_obj))
    _simple_hess = jax.jit(jax.jacfwd(_simple_jac))
    return _simple_obj, _simple_jac, _simple_hess
