# Source: https://github.com/tintun2602/Jax-Project-1/blob/0032c548e362af9a702687be2643e5d4f5f0a5a3/ControlSystem.py
# Title: ControlSystem.py (NTNU IT3105 project 1, work-in-progress control loop)
# Cut: kept disturbance_generator and ControlSystem.run_control_loop verbatim; the unfinished module-level compute_gradients/update_controller_params and the plotting method dropped (the final plot call replaced by a return).
import numpy as np
import jax.numpy as jnp


def disturbance_generator(x1=-1, x2=1):
    """

    :param x1: min value of disturbance
    :param x2: max value of disturbance
    :return: random value between min and max value
    """

    return np.random.uniform(x1, x2)


class ControlSystem:
    def __init__(self, controller, plant):
        self.controller = controller
        self.plant = plant

    def run_control_loop(self, setpoint, epochs, timesteps):
        mse_history = []

        # initializing water height history
        water_height_history = []
        ki = []
        kd = []
        kp = []

        for epoch in range(epochs):
            # resetting the plant to its initial state.
            self.plant.reset()

            # initializing error history
            error_history = []

            for timestep in range(timesteps):
                if timestep == 0:
                    continue
                disturbance = disturbance_generator()

                # computing error and control signal
                error, control_signal = self.controller.update(setpoint, self.plant.state, timestep)
                self.plant.update(control_signal, disturbance)
                error_history.append(error)

                # storing the parameters
                ki.append(self.controller.ki)
                kd.append(self.controller.kd)
                kp.append(self.controller.kp)

            mse = np.mean(np.square(np.array(error_history)))

            # adding data points to the history
            mse_history.append(mse)
            water_height_history.append(self.plant.state)

        return mse_history, ki, kd, kp
