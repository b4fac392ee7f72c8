# Source: https://github.com/davidkfoss/pid_controller/blob/aa4de72a04cc12681e384d09affad5f7a1d57b9d/system/consys.py
# Title: system/consys.py (General Purpose JAX-based Controller, IT-3105 NTNU spring 2025)
# Cut: kept ControlSystem (grad of run_epoch, the time-step loop) and the part of main() that builds it; plotting, config loading and the other plants' branches cut.
from plants import BathtubPlant
from controllers import PIDController, NeuralNetController
import jax
import jax.numpy as jnp
import numpy.random as rnd
rnd.seed(0)


class ControlSystem:
    def __init__(self, plant, controller, epochs, timesteps, params, disturbance_params):
        self.plant = plant
        self.controller = controller
        self.epochs = epochs
        self.timesteps = timesteps
        self.grad_fn = jax.value_and_grad(self.run_epoch, argnums=0)
        self.param_history = [params]
        self.mse_history = []
        self.disturbance_params = disturbance_params

    def run(self):
        for _ in range(self.epochs):
            mse, grads = self.grad_fn(self.param_history[-1])
            print(f"Epoch: {len(self.mse_history)+1}, MSE: {mse}")
            self.mse_history.append(mse)
            self.param_history.append(
                self.controller.update_params(self.param_history[-1], grads))

    def run_epoch(self, params):
        error_history = [0, 0]
        plant_state = self.plant.initial_state
        for _ in range(self.timesteps):
            disturbance = self.generate_disturbance()
            plant_state, error = self.run_timestep(
                params, error_history, plant_state, disturbance)
            error_history.append(error)
        error_history = [jnp.asarray(err).reshape(())
                         for err in error_history]
        return jnp.mean(jnp.square(jnp.array(error_history)))

    def run_timestep(self, params, error_history, plant_state, disturbance):
        control_signal = self.controller.control_signal(
            params, error_history)
        new_plant_state = self.plant.update(
            control_signal, plant_state, disturbance)
        return new_plant_state, self.plant.get_error(new_plant_state)

    def generate_disturbance(self):
        # This is whats in disturbance_params: disturbance_range = -0.01, 0.01
        return rnd.uniform(low=self.disturbance_params["disturbance_range"][0], high=self.disturbance_params["disturbance_range"][1])


def main(config, disturbance_params, training_epochs, controller_type):
    # config.ini: timesteps_per_epoch = 50, training_epochs = 100
    timesteps_per_epoch = 50
    plant = BathtubPlant(config["BathtubPlant"])
    if controller_type == "classic":
        controller = PIDController(config["ClassicPID"])
        params = jnp.array([config["ClassicPID"]["kp"],
                           config["ClassicPID"]["ki"], config["ClassicPID"]["kd"]])
    elif controller_type == "nn":
        controller = NeuralNetController(config["NeuralNetwork"])
        params = controller.gen_jaxnet_params()

    consys = ControlSystem(plant, controller, epochs=training_epochs,
                           timesteps=timesteps_per_epoch, params=params, disturbance_params=disturbance_params)
    consys.run()
