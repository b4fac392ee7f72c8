# Source: https://github.com/elibir/it3105-jax-project/blob/dd335c53850cf222908ea7659663601d8d3fa2eb/src/bathtub.py
# Title: src/bathtub.py (NTNU IT3105 project 1, bathtub plant)
# Cut: Plant base class dropped (class now stands alone); body verbatim.
import jax.numpy as jnp


class Bathtub:
    def __init__(self, area, drain_area, initial_height, gravity_constant):
        self.area = area
        self.c = drain_area
        self.height = initial_height
        self.target = initial_height
        self.g = gravity_constant
        self.height_history = []

    def output(self, control_signal, disturbance, timestep):
        # Ensure height is not negative before calculating velocity
        if self.height <= 0:
            self.height = 0
            return 0

        velocity = jnp.sqrt(2 * self.g * self.height)
        flow_rate = velocity * self.c
        volume_change = - control_signal + disturbance - flow_rate
        self.height += volume_change / self.area

        # Ensure height does not go negative after update
        if self.height <= 0:
            self.height = 0

        self.height_history.append(self.height)
        return self.height

    def reset(self):
        self.height = self.target

    def calculate_error(self, height):
        return height - self.target
