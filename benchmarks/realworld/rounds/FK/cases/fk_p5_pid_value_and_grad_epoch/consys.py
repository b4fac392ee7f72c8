# Source: https://github.com/NoahLundSyrdal/kiProgg1/blob/6b1650693f0005e33010fa5ccd7090be44418aab/systems/consys.py
# Title: systems/consys.py
# Cut: plot_results and the commented-out alternative runs cut; imports of the Cournot/Lotka-Volterra plants and neural controller dropped; __main__ uses the bathtub run the author left in the docstring block.
from jax import value_and_grad
import jax.numpy as jnp
import numpy as np
from bathtub_plant import BathtubPlant
from classic_controller import ClassicPIDController


class ControlSystem:
    def __init__(self, plant, controller, params, target, num_epochs=20, num_timesteps=200):
        self.plant = plant
        self.controller = controller
        self.target = target
        self.num_epochs = num_epochs
        self.num_timesteps = num_timesteps
        self.params_history = [params]
        self.mse_history = []

    def calculate_mse(self, error_history):
        return jnp.mean(jnp.square(jnp.array(error_history)))

    def run_epoch(self, params):
        error_history = []
        d_error = 0
        i_error = 0
        prev_error = 0
        plant_state = self.plant.initial_state

        for _ in range(self.num_timesteps):
            error = self.target - plant_state[0]
            d_error = error - prev_error
            i_error += error
            prev_error = error
            error_history.append(error)

            control_input = self.controller.update(params, error, i_error, d_error)
            plant_state = self.plant.update(control_input, plant_state)

        return self.calculate_mse(error_history)

    def run_epochs(self):
        for epoch in range(self.num_epochs):
            params = self.params_history[-1]
            mse, gradients = value_and_grad(self.run_epoch)(params)
            self.mse_history.append(np.abs(mse))
            new_params = self.controller.update_params(params, gradients)
            self.params_history.append(new_params)
            print(f'Epoch: {epoch+1}/{self.num_epochs} - MSE: {round(float(np.abs(mse)), 4)}')


if __name__ == "__main__":
    plant = BathtubPlant([110], 4, 3)
    params = [0.5, 0.5, 0.5]
    controller = ClassicPIDController()
    system = ControlSystem(plant, controller, params, target=100)
    system.run_epochs()
