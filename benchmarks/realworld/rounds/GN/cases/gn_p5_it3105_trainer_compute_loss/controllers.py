# Source: https://github.com/Ulrikberge/KI_progg_project1/blob/f304344e6c13ff454a0d9f0f5b3cd7eaeee146fa/controllers.py
# Title: controllers.py (NTNU IT3105 project 1, controller implementations)
# Cut: Controller base and PIDController kept verbatim; NeuralController dropped.
import jax.numpy as jnp


class Controller:
    # Base controller med feilsporing

    INTEGRAL_LIMIT = 50.0  # Anti-windup bound

    def __init__(self):
        self._errors = []

    def _compute_error_terms(self, e):
        # Beregn P, I, D fra current error
        self._errors.append(e)

        p_term = e
        d_term = e - self._errors[-2] if len(self._errors) > 1 else 0.0
        i_term = jnp.clip(sum(self._errors), -self.INTEGRAL_LIMIT, self.INTEGRAL_LIMIT)

        return jnp.array([p_term, d_term, i_term])

    def calculate_control_signal(self, params, error):
        raise NotImplementedError


class PIDController(Controller):
    # PID controller: U = Kpc*ce + Kic*cintegral(e) + Kd*de/dt

    def calculate_control_signal(self, params, error):
        pid_input = self._compute_error_terms(error)
        return jnp.dot(params, pid_input)
