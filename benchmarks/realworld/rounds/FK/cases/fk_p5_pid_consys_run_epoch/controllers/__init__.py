# Source: https://github.com/davidkfoss/pid_controller/blob/aa4de72a04cc12681e384d09affad5f7a1d57b9d/controllers/__init__.py
# Title: controllers/__init__.py
# Cut: reconstructed the two exports used by consys.py.
from .pid import PIDController
from .nn import NeuralNetController
