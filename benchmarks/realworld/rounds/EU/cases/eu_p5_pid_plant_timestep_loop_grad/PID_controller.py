# Source: https://github.com/Bearwick/IT3105_General_purpose_JAX_Controller/blob/40e6d494579b124d0d5f433207e2dd41436ef644/PID_controller.py
# Title: PID_controller.py (Bearwick/IT3105_General_purpose_JAX_Controller)
# Cut: the Controller base class (config reading) replaced by the config.ini gains.
import jax.numpy as jnp


class PID_Controller():

    def __init__(self):
        self.kp = 0.2
        self.ki = 0.1
        self.kd = 0.05

    def get_parameters(self):
        return jnp.array([self.kp, self.ki, self.kd])

    # Calculates the PID error and returns the control signal
    def update(self, error, dt, parameters, state):
        proportional = parameters[0] * error
        state['integral'] = error*dt + state.get('integral', 0)
        integral = parameters[1] * state['integral']
        derivative = parameters[2] * ((error - state.get('prev_error', 0)) / dt)
        state['prev_error'] = error
        control_signal = proportional + integral + derivative
        return control_signal
