# Source: https://github.com/Tordsg/jax-grad/blob/be4f8236f929cd61fc8c4bd8c6ab18232da08bc9/controller.py
# Title: controller.py (NTNU IT3105 project 1, PID controller with Python-side state)
# Cut: only PIDController kept, verbatim; NeuralController dropped (see gn_neg_it3105_neural_controller_layer_loop).
import jax.numpy as jnp


class PIDController():
    def __init__(self):
        self.e_prev = 0
        self.e_sum = 0
        self.e_diff = 0
        self.U = 0

    def reset(self):
        self.e_prev = 0
        self.e_sum = 0
        self.e_diff = 0
        self.U = 0

    def predict(self, e, params):
        self.e_sum += e
        self.e_diff = e - self.e_prev
        self.U = params[0] * e + params[1] * self.e_sum + params[2] * self.e_diff
        self.e_prev = e
        return self.U
