# Source: https://github.com/pulse2percept/pulse2percept/blob/e160abdaa73eb0552c25f61f5d5e458cc8958905/pulse2percept/models/tests/test_granley2021.py
# Title: pulse2percept/models/tests/test_granley2021.py (test_predict_batched)
# Cut: only the batched-vs-serial test; other tests dropped.
import numpy as np
import pytest
import numpy.testing as npt

from pulse2percept.implants import ArgusII
from pulse2percept.stimuli import Stimulus, BiphasicPulseTrain
from pulse2percept.models import BiphasicAxonMapModel

try:
    import jax
    has_jax = True
except ImportError:
    has_jax = False


@pytest.mark.parametrize('engine', ('serial', 'cython', 'jax'))
def test_predict_batched(engine):
    if not has_jax:
        pytest.skip("Jax not installed")

    # Allows mix of valid Stimulus types
    stims = [{'A5' : BiphasicPulseTrain(25, 4, 0.45),
              'C7' : BiphasicPulseTrain(50, 2.5, 0.75)},
             {'B4' : BiphasicPulseTrain(3, 1, 0.32)},
             Stimulus({'F3' : BiphasicPulseTrain(12, 3, 1.2)})]
    implant = ArgusII()
    model = BiphasicAxonMapModel(engine=engine, xystep=2)
    model.build()
    # Import error if we dont have jax
    if engine != 'jax':
        with pytest.raises(ImportError):
            model.predict_percept_batched(implant, stims)
        return

    percepts_batched = model.predict_percept_batched(implant, stims)
    percepts_serial = []
    for stim in stims:
        implant.stim = stim
        percepts_serial.append(model.predict_percept(implant))

    npt.assert_equal(len(percepts_serial), len(percepts_batched))
    for p1, p2 in zip(percepts_batched, percepts_serial):
        npt.assert_almost_equal(p1.data, p2.data)
