# Source: https://github.com/NoahLundSyrdal/kiProgg1/blob/a57fea557c3b5566a53b4e3fd263942eb49ea3ea/systems/control_system_classic.py
# Title: systems/control_system_classic.py
# Cut: plot_results cut; the Cournot and Lotka-Volterra branches of the temp-plant choice cut; BathtubPlant and ClassicPIDController of the same commit inlined below the system class.
import jax
import jax.numpy as jnp
from jax import random
import numpy as np
from jax import grad


class ControlSystem:
    def __init__(self, plant, controller, target, num_epochs=100):
        self.plant = plant
        self.controller = controller
        self.target = target
        self.num_epochs = num_epochs
        self.history = []
        self.mse_history = []

    def calculate_mse(self, error_history):
        return jnp.mean(jnp.square(jnp.array(error_history)))

    def run_epochs(self):
        self.history = []
        error_history = []

        def loss_fn(params):
            kp, ki, kd = params
            temp_controller = ClassicPIDController(kp, ki, kd)
            temp_plant = BathtubPlant(area=self.plant.area, current=self.plant.current)

            temp_error_history = []

            for _ in range(self.num_epochs):
                error = self.target - temp_plant.current
                control_input = temp_controller.update(error)
                temp_plant.update(control_input)
                temp_error_history.append(error)
            return self.calculate_mse(temp_error_history)

        for epoch in range(self.num_epochs):
            error = self.target - self.plant.current
            control_input = self.controller.update(error)
            self.plant.update(control_input)
            self.history.append(self.plant.current)
            error_history.append(error)

            mse = self.calculate_mse(error_history)
            self.mse_history.append(mse)
            gradients = grad(loss_fn)((self.controller.k_p, self.controller.k_i, self.controller.k_d))
            self.controller.update_params(gradients)


class BathtubPlant:
    def __init__(self, area, current):
        self.current = current
        self.area = area
        self.cross_sectional_area = area / 100
        self.g = 9.8

    def update(self, U, dt = 1):
        subkey = random.split(jax.random.PRNGKey(0))[0]
        D = random.normal(subkey) * 0.1
        V = jnp.sqrt(2 * self.g * self.current)
        Q = self.cross_sectional_area * V
        db_dt = U + D - Q
        dh_dt = db_dt / self.area

        self.current += dh_dt * dt
        self.current = jnp.maximum(self.current, 0)
        return self.current


class ClassicPIDController:
    def __init__(self, k_p, k_i, k_d, learning_rate=0.1):
        self.k_p = k_p
        self.k_i = k_i
        self.k_d = k_d
        self.prev_error = 0
        self.integral = 0
        self.learning_rate = learning_rate

    def update(self, error, dt=1):
        self.integral += error * dt
        derivative = (error - self.prev_error) / dt
        self.prev_error = error
        return self.k_p * error + self.k_i * self.integral + self.k_d * derivative

    def update_params(self, gradients):
        self.k_p -= self.learning_rate * gradients[0] * 5  # Scale updates
        self.k_i -= self.learning_rate * gradients[1] * 5
        self.k_d -= self.learning_rate * gradients[2] * 5
