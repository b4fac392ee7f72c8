# Source: https://github.com/hudsonchen/conditional_bayesian_quadrature/blob/9cf901971b9c6f25f4b99401ebbdb73555fcacf5/utils/SIR_utils.py
# Title: utils/SIR_utils.py (conditional Bayesian quadrature, SIR simulator)
# Cut: kept time_step and generate_data; dropped plotting comments, standardise and save helpers.
import jax
import jax.numpy as jnp


@jax.jit
def time_step(beta, gamma, population, St, It, Rt, dt, rng_key):
    dS = -beta * St * It * dt / population
    dI = (beta * St * It / population - gamma * It) * dt
    dR = gamma * It * dt
    St = St + dS
    It = It + dI
    Rt = Rt + dR
    return St, It, Rt


def generate_data(beta, gamma, Time, dt, population, rng_key):
    """
    :return: array T*3, the first is number of Susceptible,
    the second is Infected, the third is Recoverdd
    """
    It, Rt = 50., 0.
    St = population - It - Rt

    iter_ = int(Time / dt)

    S_array = jnp.zeros([iter_])
    I_array = jnp.zeros([iter_])
    R_array = jnp.zeros([iter_])

    for i in range(iter_):
        S_array = S_array.at[i].set(St)
        I_array = I_array.at[i].set(It)
        R_array = R_array.at[i].set(Rt)
        St, It, Rt = time_step(beta, gamma, population, St, It, Rt, dt, rng_key)

    D = {'S': S_array, 'I': I_array, 'R': R_array}
    return D['I']
