# Source: https://github.com/MLGlobalHealth/neuralsurv/blob/9116c9be1f96d4ffc11e05e058c055e4643dd610/map/integrals.py
# Title: map/integrals.py (NeuralSurv MAP/EM integrals over follow-up time)
# Cut: kept Integrals.__init__, get_integrals_w_theta, _compute_integrals, _compute_integral and
#      _get_integral_fn; the custom_vjp integral and the integral-function cache are shortened
#      to one entry each.
import jax
import jax.numpy as jnp


class Integrals:
    def __init__(self, num_points, batch_size):
        self.integrals = {}
        self.num_points = num_points
        self.batch_size = batch_size

    def get_integrals_w_theta(self, theta):
        "Integrals for Q function that does depend on theta"
        self._cache_integral_fns()
        self._compute_integrals("Q_function", theta)

    def _compute_integrals(self, type, theta=None):

        if type == "Q_function_fixed":
            keys = ["L", "baseline_hazard_constant"]
        elif type == "Q_function":
            keys = [
                "L_g",
                "L_g_2_E_omega_previous",
            ]

        for key in keys:
            self.integrals[key] = self._compute_integral(key, theta)

    def _compute_integral(self, key, theta):

        results = 0
        for i in range(0, len(self.time), self.batch_size):
            t_batch = self.time[i : i + self.batch_size]
            x_batch = self.x[i : i + self.batch_size]
            if theta is not None:
                results += jnp.sum(
                    jax.vmap(self.integral_fn[key], in_axes=(0, 0, None))(
                        t_batch, x_batch, theta
                    )
                )
            else:
                results += jnp.sum(
                    jax.vmap(self.integral_fn[key], in_axes=(0, 0))(t_batch, x_batch)
                )
        return results

    def _get_integral_theta_fn(self, func):

        def integral_fn(time, x, theta):
            times = jnp.linspace(1e-16, time, self.num_points)
            return jnp.squeeze(
                jax.scipy.integrate.trapezoid(
                    jax.vmap(func, in_axes=(0, None, None))(times, x, theta),
                    times,
                    axis=0,
                )
            )

        return jax.jit(integral_fn)

    def _cache_integral_fns(self):
        self.integral_fn = {
            "L_g": self._get_integral_theta_fn(
                lambda t, x, theta: self.Lambda(t, x) * self.g(t, x, theta)
            ),
            "L_g_2_E_omega_previous": self._get_integral_theta_fn(
                lambda t, x, theta: self.Lambda(t, x)
                * self.g(t, x, theta) ** 2
                / jnp.abs(self.g_current(t, x))
                * jnp.tanh(jnp.abs(self.g_current(t, x)) / 2)
            ),
        }
