# Source: https://github.com/tdinelli/diffPLOG2TROE/blob/4d63a45f3907326c51864c420b944c8d29ef90ce/source/PressureLogarithmic.py
# Title: source/PressureLogarithmic.py and source/ArrheniusBase.py -- jitted PLOG and modified-Arrhenius rate constants
# Cut: the two modules joined into one file (kinetic_constant_base, arrhenius_loss, arrhenius_fit
#      from ArrheniusBase.py, kinetic_constant_plog from PressureLogarithmic.py); docstring of
#      kinetic_constant_plog shortened.
from jax import jit, lax
import jax.numpy as jnp
from jax.scipy.optimize import minimize


@jit
def kinetic_constant_base(params: jnp.ndarray, T: jnp.float64) -> jnp.float64:
    R = jnp.float64(1.987)
    A, b, Ea = params
    return A * T**b * jnp.exp(-Ea/R/T)


def arrhenius_loss(params, T_range, ln_k0):
    ln_k0_fit = params[0] + params[1] * jnp.log(T_range) - params[2] / 1.987 / T_range
    return jnp.sum((ln_k0 - ln_k0_fit) ** 2)  # Sum of the squared errors


def arrhenius_fit(k: jnp.ndarray, T_range: jnp.ndarray):
    """Fitting Arrhenius law using JAX, this not jitted since optimize apparently is not compatible"""
    ln_k0 = jnp.log(k)

    # First guess for the parameters to be used for optimization
    initial_guess = jnp.array([ln_k0[0], 0.0, 10000.0])

    # Minimze the objective function
    result = minimize(arrhenius_loss, initial_guess, args=(T_range, ln_k0), method='BFGS')

    popt = result.x

    # Estrai i parametri
    A = jnp.exp(popt[0])
    b = popt[1]
    Ea = popt[2]

    # Commpute the R2
    ln_k_fit = popt[0] + b * jnp.log(T_range) - Ea / 1.987 / T_range
    R2 = 1 - jnp.sum((ln_k0 - ln_k_fit) ** 2) / jnp.sum((ln_k0 - jnp.mean(ln_k0)) ** 2)

    # Compute the adjusted R2
    R2adj = 1 - (1 - R2) * (len(T_range) - 1) / (len(T_range) - 1 - 2)

    # Control the floating point precision for A (Maybe in this case is not needed (?))
    A = lax.cond(
        jnp.less_equal(A, jnp.finfo(float).eps) or jnp.isclose(A, 0),
        lambda: jnp.inf,
        lambda: A
    )

    return A, b, Ea, R2adj


@jit
def kinetic_constant_plog(params: jnp.ndarray, T: jnp.float64, P: jnp.float64) -> jnp.float64:
    """Kinetic constant of a PLOG reaction by logarithmic interpolation between pressure levels."""

    n = len(params)  # Number of pressure levels
    _P = jnp.array([i[0] for i in params])  # Convert to jax array
    _P = jnp.sort(_P)  # Sort using JAX version

    lnP = jnp.log(_P)

    # Function to find the index of the pressure interval inside the PLOG definition
    def find_index(pIndex, i):
        """Function needed to identify the pressure index of the current pressure level"""
        return lax.cond(P <= _P[i], lambda _: i, lambda _: pIndex,  None)
    pIndex = lax.fori_loop(0, n, find_index, 0)

    # Definition of the common input structure for the subfunctions
    operand = (params, T, P, pIndex, lnP)

    def low_pressure_case(operand):
        """Function that handles the case where the pressure is lower or equal to the lowest pressure level."""
        params, T, _, _,  _ = operand
        params_array = jnp.array([params[0][1], params[0][2], params[0][3]])
        return kinetic_constant_base(params_array, T)

    def high_pressure_case(operand):
        """Function that handles the case where the pressure is higher or equal to the highest pressure level."""
        params, T, _, _, _ = operand
        params_array = jnp.array([params[-1][1], params[-1][2], params[-1][3]])
        return kinetic_constant_base(params_array, T)

    def mid_pressure_case(operand):
        """
        Handles the case where the pressure falls between two pressure levels. It performs logarithmic interpolation
        between the two kinetic constants corresponding to the pressure levels.
        """
        params, T, P, pIndex, lnP = operand
        params1_array = jnp.array([params[pIndex - 1][1], params[pIndex - 1][2], params[pIndex - 1][3]])
        params2_array = jnp.array([params[pIndex][1], params[pIndex][2], params[pIndex][3]])
        log_k1 = jnp.log(kinetic_constant_base(params1_array, T))
        log_k2 = jnp.log(kinetic_constant_base(params2_array, T))

        # Logarithmic Interpolation
        return jnp.exp(log_k1 + (log_k2 - log_k1) * (jnp.log(P) - lnP[pIndex - 1]) / (lnP[pIndex] - lnP[pIndex - 1]))

    return lax.cond(
        P <= _P[0],
        low_pressure_case,
        lambda operand: lax.cond( P >= _P[-1], high_pressure_case, mid_pressure_case, operand),
        operand
    )
