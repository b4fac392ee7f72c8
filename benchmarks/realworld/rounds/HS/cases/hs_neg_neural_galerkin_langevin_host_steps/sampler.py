# Source: https://github.com/FraBet29/Neural_Galerkin/blob/bb86c77ee092370765fd2195724477ceff83dd20/src/Sampler.py
# Title: Neural_Galerkin src/Sampler.py (residual-driven adaptive sampling with a high-order Langevin integrator)
# Cut: kept imports, high_order_runge_kutta, high_order_sampler and predictor_corrector; the other samplers dropped
import jax
import jax.numpy as jnp
from functools import partial
import scipy
from Assemble import *
from Diagnostic import *
# ...
def high_order_runge_kutta(x0, log_mu_dx, T=100, h=0.05, alpha=1.0, key=jax.random.key(0), diagnostic_on=False):
    
    x0 = x0.squeeze()
    x = jnp.copy(x0)

    if diagnostic_on:
        x_old = jnp.copy(x)
        wass = []
    
    sigma = jnp.sqrt(2 * alpha)
    f = lambda x: alpha * log_mu_dx(x) # f = - alpha * grad(V) = alpha * grad(log(mu))

    def runge_kutta_step(x, t, h, key):
        csi = jax.random.normal(key, (x.shape[0], ))
        y1 = x + jnp.sqrt(2 * h) * sigma * csi
        y2 = x - 3/8 * h * f(y1) + jnp.sqrt(2 * h) * sigma * csi / 4
        x = x - 1/3 * h * f(y1) + 4/3 * h * f(y2) + sigma * jnp.sqrt(h) * csi
        return x, jax.random.split(key)[0]
    
    # def runge_kutta_step(x, t, h, key):
    #     csi = jax.random.normal(key, (x.shape[0],))
    #     y1 = x + sigma * jnp.sqrt(h) * csi
    #     y2 = x - h/2 * f(y1) + sigma/2 * jnp.sqrt(h) * csi
    #     y3 = x + 3 * h * f(y1) - 2 * h * f(y2) + sigma * jnp.sqrt(h) * csi
    #     x = x - 3/2 * h * f(y1) + 2 * h * f(y2) + h/2 * f(y3) + sigma * jnp.sqrt(h) * csi
    #     return x, jax.random.split(key)[0]

    for t in range(T):
        x, key = runge_kutta_step(x, t, h, key)
        # h = h / jnp.sqrt(t + 1) # Robbins-Monro
        # h = 0.9 * h # annealing
        if diagnostic_on:
            wass.append(wasserstein_1d(x_old.squeeze(), x.squeeze(), p=2))
            x_old = jnp.copy(x)
    
    if diagnostic_on:
        plt.plot(jnp.cumsum(jnp.array(wass)) / (jnp.arange(len(wass)) + 1))
        plt.title('Wasserstein distance (cumsum)')
        plt.xlabel('SVGD iters')
        plt.ylabel('Wasserstein distance (cumsum)')
        plt.show()

    return x.reshape(-1, 1)


def high_order_sampler(u_fn, rhs, theta_flat, problem_data, x, t, gamma=1.0, h=0.01, steps=500, key=jax.random.key(0), diagnostic_on=False):
    '''
    Adaptive sampling with high-order Runge-Kutta-like method.
    '''
    # Define the scaling parameter
    # alpha = problem_data.dt / h
    alpha = 5e-3 * min(problem_data.dt / h, 1.0)

    # Predictor-corrector scheme
    delta_theta_flat = predictor_corrector(u_fn, rhs, theta_flat, x, t)

    # The target measure is proportional to the residual scaled by a tempering parameter
    mu = lambda y: jnp.abs(r_fn(u_fn, rhs, theta_flat, delta_theta_flat, y, t)) ** (2 * gamma) # sample from residual
    log_mu = lambda y: jnp.log(mu(y)) # log(mu) = - V
    log_mu_dx = jax.vmap(jax.grad(log_mu), 0)

    x = high_order_runge_kutta(x, log_mu_dx, T=steps, h=h, alpha=alpha, key=key, diagnostic_on=diagnostic_on)
    
    # Constrain the particles in the spatial domain
    x = jnp.clip(x, problem_data.domain[0], problem_data.domain[1])

    return x


@partial(jax.jit, static_argnums=(0,1,))
def predictor_corrector(u_fn, rhs, theta_flat, x, t):
    '''
    Predictor-corrector scheme based on forward Euler.
    '''
    return jnp.linalg.lstsq(M_fn(u_fn, theta_flat, x), F_fn(u_fn, rhs, theta_flat, x, t))[0]
    # M = M_fn(u_fn, theta_flat, x)
    # F = F_fn(u_fn, rhs, theta_flat, x, t)
    # theta_flat_pred = theta_flat + dt * jnp.linalg.lstsq(M, F)[0]
    # return theta_flat_pred
