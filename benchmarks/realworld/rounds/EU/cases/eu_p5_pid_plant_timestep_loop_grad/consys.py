# Source: https://github.com/Bearwick/IT3105_General_purpose_JAX_Controller/blob/40e6d494579b124d0d5f433207e2dd41436ef644/consys.py
# Title: consys.py (Bearwick/IT3105_General_purpose_JAX_Controller)
# Cut: kept CONSYS.run_one_epoch / run_system; config reading replaced by the values in config.ini
#      (timesteps=50, epochs=100); plotting, prints and the other plants dropped.
import numpy as np
import jax
import jax.numpy as jnp

import bathtub
import PID_controller


class CONSYS():

    def __init__(self):
        self.epochs = 100
        self.timesteps = 50
        self.dt = 1
        self.min_disturbance = -0.01
        self.max_disturbance = 0.01
        self.learning_rate = 0.1
        self.target = 0.5
        self.error_history = []

    def generate_disturbance_series(self):
        return np.random.uniform(self.min_disturbance, self.max_disturbance, self.timesteps)

    def compute_MSE(self, error_history):
        error_array = jnp.array(error_history)
        MSE = jnp.mean(jnp.square(error_array))
        return MSE

    def update_parameters(self, parameters, gradients):
        updated_params = jax.tree_util.tree_map(
        lambda p, g: p - self.learning_rate * g, parameters, gradients
        )
        return updated_params

    def run_one_epoch(self, parameters, state):
        plant = bathtub.Bathtub()
        self.error_history = []

        # b) Generate a vector of random disturbance
        disturbance_series = self.generate_disturbance_series()
        U = 0

        # c) for each timestep
        for t in range(self.timesteps):
            # update the plant
            Y = plant.update(U, disturbance_series[t])
            E = self.target - Y
            # update the controller
            U = self.controller.update(E, self.dt, parameters, state)
            # save the error (E) for this timestep in an error history
            self.error_history.append(E)

        # d) Compute the MSE over the error history
        MSE = self.compute_MSE(self.error_history)
        return MSE

    def run_system(self):
        self.controller = PID_controller.PID_Controller()

        gradfunc = jax.value_and_grad(self.run_one_epoch, argnums=0)
        parameters = self.controller.get_parameters()

        for _ in range(self.epochs):
            state = {}
            avg_error, gradients = gradfunc(parameters, state)
            parameters = self.update_parameters(parameters, gradients)


if __name__ == "__main__":
    consys = CONSYS()
    consys.run_system()
