# Source: https://github.com/davidkfoss/pid_controller/blob/aa4de72a04cc12681e384d09affad5f7a1d57b9d/plants/__init__.py
# Title: plants/__init__.py
# Cut: reconstructed the one export used by consys.py.
from .bathtub import BathtubPlant
