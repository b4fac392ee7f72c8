# Source: https://github.com/davidkfoss/pid_controller/blob/aa4de72a04cc12681e384d09affad5f7a1d57b9d/plants/bathtub.py
# Title: plants/bathtub.py
# Cut: base Plant class folded in (it only stores initial_state); docstrings shortened.
import jax.numpy as jnp


class BathtubPlant:
    def __init__(self, params):
        self.initial_state = params
        self.gravity = 9.81
        self.target_height = params["water_height"]
        self.area_a = params["cross_section_a"]
        self.area_c = params["cross_section_c"]

    def update(self, control_signal, plant_state, disturbance):
        h = plant_state["water_height"]  # Current height
        A = self.area_a  # Bathtub cross-sectional area
        C = self.area_c  # Drain cross-sectional area
        V = jnp.sqrt(2 * self.gravity * h)
        Q = V * C
        db_dt = control_signal + disturbance - Q
        dh_dt = db_dt / A
        new_height = max(0, h + dh_dt)  # Prevent negative height
        return {"water_height": new_height}

    def get_error(self, state):
        return state["water_height"] - self.target_height
