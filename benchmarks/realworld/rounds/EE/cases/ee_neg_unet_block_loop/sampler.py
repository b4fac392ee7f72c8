# Source: https://github.com/sandreza/JaxDiffusion/blob/de1e82d6b0f0969a02b720c789515886b86bf8e1/jaxdiffusion/process/sampler.py
# Title: jaxdiffusion/process/sampler.py
# Cut: kept the ODESampler (filter_jit'd drift wrapping the UNet, diffrax solve, vmapped sample);
#      the SDE Sampler class cut.
import diffrax as dfx
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import functools as ft
import math

class ODESampler:
    def __init__(self, schedule, model, data_shape, * , solver = dfx.Tsit5()):
        @eqx.filter_jit
        def drift_precursor(model, schedule, t, y, args):
            g2 = schedule.g2(t)
            scaling = 1 + schedule.sigma(t)
            s = - g2 * model(t, y / scaling, None) / schedule.sigma(t) / 2 
            return s
        
        @eqx.filter_jit
        def score_model_precursor(model, data_shape, t, y, args): 
            yr = jnp.reshape(y, data_shape)
            s = model(t, yr)
            return jnp.reshape(s, (math.prod(data_shape)))
        
        score_model = ft.partial(score_model_precursor, model, data_shape)
        drift = ft.partial(drift_precursor, score_model, schedule)
        self.schedule = schedule
        self.score_model = score_model
        self.data_shape = data_shape
        self.drift = drift
        self.solver = solver

    @eqx.filter_jit
    def precursor_desolver(self, dt0, y0, key):
        f = dfx.ODETerm(self.drift)
        sol = dfx.diffeqsolve(f, self.solver, self.schedule.tmax, self.schedule.tmin, dt0=dt0, y0=y0)
        return sol.ys
    
    @eqx.filter_jit
    def sample(self, N, *, key = jr.PRNGKey(12345), steps = 300):
        subkey = jax.random.split(key, N)
        y0 = jr.normal(subkey[0], (N, math.prod(self.data_shape))) * self.schedule.sigma(1.0) 
        dt0 = (self.schedule.tmin - self.schedule.tmax)/steps
        desolver = ft.partial(self.precursor_desolver, dt0)
        samples = jax.vmap(desolver)(y0, subkey)
        samples = jnp.reshape(samples, (N,  *self.data_shape))
        return samples
