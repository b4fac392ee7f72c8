# Source: https://github.com/MLGlobalHealth/neuralsurv/blob/9116c9be1f96d4ffc11e05e058c055e4643dd610/inference/optimal_VI.py
# Title: inference/optimal_VI.py (NeuralSurv: deep survival analysis with Bayesian uncertainty)
# Cut: kept compile_G and compile_s_fn of class OptimalVIParams; other compile_* methods and
#      the CAVI update methods removed. self.g, self.time_all, self.x_all, self.batch_size,
#      self.theta_MAP and self.Sigma_mul are set by the surrounding CAVI class.
import jax
import jax.numpy as jnp


class OptimalVIParams:

    def compile_G(self):

        @jax.jit
        def G(theta):
            return jax.vmap(lambda t, x: self.g(t, x, theta))(
                self.time_all, self.x_all
            ).squeeze()

        self.G = G

    def compile_s_fn(self):

        def get_batch_eval(w_B, mu):

            @jax.jit
            def batch_eval(t, x):

                f_g = lambda theta: self.g(t, x, theta)

                # JVP for mean shift
                g_map, j_delta = jax.jvp(f_g, (self.theta_MAP,), (mu - self.theta_MAP,))

                b = jax.jacfwd(f_g)(self.theta_MAP).squeeze()

                # Quadratic term
                quad = jnp.dot(b, self.Sigma_mul(w_B, b))
                quad = jnp.where(quad < 0, 0.0, quad)

                return jnp.sqrt((g_map + j_delta) ** 2 + quad) + 1e-6

            return batch_eval

        @jax.jit
        def compute_s(w_B, mu):
            batch_eval = get_batch_eval(w_B, mu)
            s = []
            for i in range(0, len(self.time_all), self.batch_size):
                t_batch = self.time_all[i : i + self.batch_size]
                x_batch = self.x_all[i : i + self.batch_size]
                s.append(
                    jax.vmap(batch_eval, in_axes=(0, 0))(t_batch, x_batch).squeeze()
                )

            return jnp.concatenate(s)

        self.compute_s = compute_s

    def get_m_and_s(self):
        mu_fixed = self.mu
        w_B_fixed = self.w_B
        s = self.compute_s(w_B_fixed, mu_fixed)
        self.s = s
