# Source: https://github.com/siddharth-prabhu/BiLevelParameterEstimation/blob/efc46c2f05551f768b1881becb04c0b22387c5af/pe_km.py
# Title: pe_km.py (interpolated states for the delay ODE)
# Cut: data generation with ddeint and plotting dropped; Interpolation classes, the pure_callback wrappers with
# custom_jvp and the ODE right-hand side kept.
import jax
import jax.numpy as jnp
from scipy.interpolate import CubicSpline

class Interpolation():

    def __init__(self, solution, time_span):
        self.time_span = time_span
        self.interpolations = [CubicSpline(time_span, sol) for sol in solution.T]

    def __call__(self, t):
        return jnp.stack([interp(jnp.clip(t, min = self.time_span[0], max = None)) for interp in self.interpolations])

class InterpolationDerivative():

    def __init__(self, interpolation : Interpolation, order : int = 1):
        self.derivatives = [interp.derivative(order) for interp in interpolation.interpolations]
        self.time_span = interpolation.time_span

    def __call__(self, t):
        derivative = jnp.stack([interp(t) for interp in self.derivatives])
        return jnp.where(t < time_span[0], jnp.zeros_like(derivative[0]), derivative)
    

interpolations = Interpolation(solution, time_span)
interpolations_derivative = lambda t, order : InterpolationDerivative(interpolations, order)(t)

# https://github.com/jax-ml/jax/discussions/13282
@jax.custom_jvp
def _interp(t):
    return jax.pure_callback(interpolations, jax.ShapeDtypeStruct((len(xinit), *t.shape), xinit.dtype), t)

@jax.custom_jvp
def _interp_der(t):
    return jax.pure_callback(interpolations_derivative, jax.ShapeDtypeStruct((len(xinit), *t.shape), xinit.dtype), t, 1)

@_interp.defjvp
def _interp_fwd(primals, tangents):
    
    dt, = tangents
    output = _interp(*primals)
    output_tangent = _interp_der(*primals) * dt
    return output, output_tangent

@_interp_der.defjvp
def _interp_der_fwd(primals, tangents):

    t, = primals
    dt, = tangents 
    output = _interp_der(t)
    output_tangent = jax.pure_callback(interpolations_derivative, jax.ShapeDtypeStruct((len(xinit), *t.shape), xinit.dtype), t, 2) * dt
    return output, output_tangent

def _foo_interp(z, t, px):

    (tau1, tau2), (k1, k2, k3, k4, k5, k6) = px 
    z = _interp(t)
    z1 = _interp(t - tau1)
    z2 = _interp(t - tau2)

    return jnp.array([
        - k1 * z[0] * z1[1] + k2 * z2[1],
        k3 * z[0] * z1[1] - k4 * z[1],
        k5 * z[1] - k6 * z2[1]
    ])
