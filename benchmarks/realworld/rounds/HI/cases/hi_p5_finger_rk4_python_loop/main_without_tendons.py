# Source: https://github.com/killianstorm/simulated-anthropomorphic-finger/blob/af1b73acb06024425d0198cfc1a96ac9a86f38fc/finger_model/main_without_tendons.py
# Title: finger_model/main_without_tendons.py
# Cut: kept the interval set-up and the call of simulate_sin_RK4; dropped the commented-out
#      CTRNN block and the plotting/animation that follows.
from simulation.optimizer import *
from simulation.loss_functions import *

import jax.numpy as np
import matplotlib.pyplot as plt
from tools import plots

import numpy as num

# Interval.
tmax, dt = 1., 0.1

refresh_rate = tmax/dt
interval = num.arange(0, tmax + dt, dt)


### SINE
p_sine = {
    'amplitudes': np.array([1., -1., -.5]),
    'phases': np.array([2.5, 5., 5.]),
    'interval': interval
}
reference = simulate_sin_RK4(p_sine)
