# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/d7b488e91ccab5df936d292637e7f3a2e9c0cdb3/finger_model/hopf.py
# Title: finger_model/hopf.py (Hopf-oscillator CPG: parameter indices)
# Cut: kept the imports and the parameter-index constants; dropped hopf_solve and create_CPG.
# Include Required Libraries
import matplotlib.pyplot as plt
import jax.numpy as np
from jax.experimental.ode import odeint as odeint_jax

ALPHA = 0
BETA = 1
W_SWING = 2
W_STANCE = 3
THETA = 4
SCALE1 = 5
SCALE2 = 6
MU = 7
K = 8
N_OF_PARAMS = 9

