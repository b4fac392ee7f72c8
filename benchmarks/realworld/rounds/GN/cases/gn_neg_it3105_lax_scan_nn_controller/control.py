# Source: https://github.com/Zulejman/PID-ML_controller/blob/f825d65ad303d5537cfa61023761adfa236387ff/src/control.py
# Title: src/control.py (NTNU IT3105 project 1, PID and neural controllers)
# Cut: config-file loading in Controller replaced by keyword defaults; NN parameter initialisation loop dropped; PID and NN.nn_forward/pid_step kept verbatim.
import jax
import jax.numpy as jnp


class PID:
    def __init__(self, k_p=1.0, k_i=0.1, k_d=0.01):
        self.params = jnp.array([k_p, k_i, k_d], dtype=jnp.float32)

    def pid_step(self, ctrl_state, error, params):
        prev_error, integral_sum = ctrl_state
        P = params[0] * error
        new_integral = integral_sum + error
        I = params[1] * new_integral
        D = params[2] * (error - prev_error)
        control = P + I + D
        new_ctrl_state = (error, new_integral)
        return control, new_ctrl_state

    def run(self, errors, init_state=(0.0, 0.0)):
        errors = jnp.array(errors, dtype=jnp.float32)

        def step_fn(state, error):
            new_state, control = self.pid_step(state, error, self.params)
            return new_state, control

        final_state, controls = jax.lax.scan(step_fn, init_state, errors)
        return controls


class NN:
    def __init__(self, params, activation=jax.nn.relu):
        self.params = params
        self.activation = activation

    def nn_forward(self, x, params=None):
        if params is None:
            params = self.params
        out = x
        if len(params) == 1:
            W, b = params[0]
            y = jnp.dot(out, W) + b[0]
            return jnp.squeeze(y) 
        else:
            for layer in params[:-1]:
                W, b = layer
                out = jnp.dot(out, W) + b
                out = self.activation(out)
            W, b = params[-1]
            y = jnp.dot(out, W) + b[0]
            return jnp.squeeze(y)  

    def pid_step(self, ctrl_state, error, params):
        prev_error, integral_sum = ctrl_state
        new_integral = integral_sum + error
        derivative = error - prev_error
        error_vector = jnp.array([error, new_integral, derivative], dtype=jnp.float32)
        control = self.nn_forward(error_vector, params)
        new_ctrl_state = (error, new_integral)
        return control, new_ctrl_state

    def get_trainable_params(self):
        return self.params
