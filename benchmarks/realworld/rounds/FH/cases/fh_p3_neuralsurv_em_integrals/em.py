# Source: https://github.com/MLGlobalHealth/neuralsurv/blob/9116c9be1f96d4ffc11e05e058c055e4643dd610/map/em.py
# Title: map/em.py (NeuralSurv EM algorithm for the MAP estimate)
# Cut: kept __init__ and e_step (the jitted, differentiated Q function that calls
#      get_integrals_w_theta); m_step, fit and the q(omega) updates removed.
import jax
import jax.numpy as jnp

from integrals import Integrals


class EMAlgorithm(Integrals):
    def __init__(self, time, event, x, alpha_prior, beta_prior, rho, g, Z,
                 theta_init, phi_init, num_points, batch_size, max_iter):
        Integrals.__init__(self, num_points=num_points, batch_size=batch_size)

        self.alpha_prior, self.beta_prior = alpha_prior, beta_prior
        self.g = g
        self.rho, self.Z = rho, Z
        self.time, self.event, self.x = time, event, x
        self.max_iter = max_iter
        self.theta_current = theta_init
        self.theta_dim = len(self.theta_current)

    def unpack_params(self, params):
        d = self.theta_dim
        theta = params[:d]
        phi = jnp.exp(params[d:])
        return theta, phi

    def e_step(self):
        g_current_i = self.g_current(self.time, self.x)

        @jax.jit
        def q_function(params):
            theta, phi = self.unpack_params(params)

            # Update integrals that depend on theta
            self.get_integrals_w_theta(theta)

            # g(y_i, x_i;theta)
            g_i = self.g(self.time, self.x, theta)

            # q function
            return (
                jnp.sum(
                    self.event * (g_i / 2)
                    - g_i**2 / (4 * jnp.abs(g_current_i)) * self.tanh_c_over_2
                )
                - 1 / 2 * self.integrals["L_g"]
                - 1 / 4 * self.integrals["L_g_2_E_omega_previous"]
                - 1 / 2 * jnp.sum(theta**2)
            )

        self.q_function = q_function
        self.q_grad = jax.jit(jax.grad(self.q_function))
