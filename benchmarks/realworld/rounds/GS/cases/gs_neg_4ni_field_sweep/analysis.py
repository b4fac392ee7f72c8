# Source: https://github.com/javinoram/4Ni/blob/bfd6c85f612042804e25a5f8eab031c49e611d2d/Analysis.ipynb
# Title: Analysis.ipynb (specific-heat phase diagram, JAX vs NumPy)
# Cut: cells 0 and 6 converted to a .py file (the JAX phase-diagram sweep); timing and
#      plotting cells dropped.
from JAXbase import *
import time

Hz = jnp.linspace(0.0, 10, 1501)
T = jnp.linspace(1, 10, 1001)

PhaseJAXIso = []
for l,h in enumerate(Hz):
    H = JAXhamiltoniano([1.49, 0.5, h])
    ee1, vv1= JAXget_eigen(H)
    aux = vec_JAXSpecific_heat(ee1, T)
    PhaseJAXIso.append( aux )
