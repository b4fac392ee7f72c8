# Source: https://github.com/fancompute/legume/blob/edef021a98d5972ef52e3a65bd36ccfb742381be/legume/backend.py
# Title: legume/backend.py (numpy / autograd backend switch, monkey-patched by set_backend)
# Cut: method tables reduced to the entries gme.py uses here.
import numpy as np

try:
    import autograd.numpy as npa
    from .primitives import eigh_ag, sqrt_ag
    AG_AVAILABLE = True
except ImportError:
    AG_AVAILABLE = False


class Backend(object):
    int = np.int64
    float = np.float64
    complex = np.complex128


class NumpyBackend(Backend):
    """ Numpy Backend """
    argsort = staticmethod(np.argsort)
    sqrt = staticmethod(np.sqrt)
    abs = staticmethod(np.abs)
    eigh = staticmethod(np.linalg.eigh)
    array = staticmethod(np.array)
    ones = staticmethod(np.ones)
    eye = staticmethod(np.eye)


if AG_AVAILABLE:

    class AutogradBackend(Backend):
        """ Autograd Backend """
        argsort = staticmethod(npa.argsort)
        sqrt = staticmethod(sqrt_ag)
        abs = staticmethod(npa.abs)
        eigh = staticmethod(eigh_ag)
        array = staticmethod(npa.array)
        ones = staticmethod(npa.ones)
        eye = staticmethod(npa.eye)


backend = NumpyBackend()


def set_backend(name):
    """
    Set the backend for the simulations.
    This function monkey-patches the backend object by changing its class.
    """
    if name == 'autograd' and not AG_AVAILABLE:
        raise ValueError("Autograd backend is not available, autograd must \
            be installed.")

    # change backend by monkeypatching
    if name == 'numpy':
        backend.__class__ = NumpyBackend
    elif name == 'autograd':
        backend.__class__ = AutogradBackend
    else:
        raise ValueError(f"unknown backend '{name}'")
