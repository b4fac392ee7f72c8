# Source: https://github.com/Bearwick/IT3105_General_purpose_JAX_Controller/blob/40e6d494579b124d0d5f433207e2dd41436ef644/bathtub.py
# Title: bathtub.py (Bearwick/IT3105_General_purpose_JAX_Controller)
# Cut: config.ini values inlined (A, C, H0, g).
import jax.numpy as jnp


class Bathtub():

    def __init__(self):
        self.A = 100
        self.C = 1
        self.H = 0.3
        self.g = 9.8

    # Receives error and disturbance, and returns the new water height.
    def update(self, U, D):
        Q = self.compute_flow_rate()
        B = self.compute_bathtub_volume(U, D, Q)
        height_change = self.compute_water_height_change(B)
        self.H += height_change
        return self.H

    def compute_water_height_change(self, B):
        return B/self.A

    def compute_bathtub_volume(self, U, D, Q):
        return  U + D - Q

    def compute_velocity(self):
        return jnp.sqrt(2*self.g*self.H)

    def compute_flow_rate(self):
        return self.compute_velocity() * self.C
