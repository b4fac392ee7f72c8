# Source: https://github.com/llandsmeer/library/blob/a149999181866c352ffb23c9e679c73bd57d19b2/library/engine/multistep.py
# Title: library/engine/multistep.py (Multistep box: several sub-steps of an inner model per outer step)
# Cut: verbatim.
from .box import ABCBox

__all__ = ['Multistep']

class Multistep(ABCBox):
    'Multistep Box'
    def __init__(
            self, inner: ABCBox, nsteps: int
            ):
        assert nsteps >= 1
        self.initial = inner.initial
        self.params = inner.params
        self.output = inner.output
        self.nsteps = nsteps
        self.inner = inner
        self.dt = inner.dt * nsteps
        def f_step(state, params, inp):
            for _ in range(nsteps):
                state = inner.step(state, params, inp)
            return state
        self.step = f_step
