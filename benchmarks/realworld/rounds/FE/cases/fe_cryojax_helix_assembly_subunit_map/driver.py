# Source: https://github.com/michael-0brien/cryojax/blob/5d8eaf44d6537fe8ffb39c173f83e946aa3db246/tutorials/test-helix.ipynb
# Title: tutorials/test-helix.ipynb (same commit)
# Cut: notebook cells converted to a script; plotting removed; the monomer/instrument construction
#      reduced to placeholders. Shows the size (2 starts x 30 subunits) and the eqx.filter_jit transform.
import equinox as eqx

from assembly import Helix
from image import ImagePipeline

n_start = 2
n_subunits = 30


def build(monomer, pose, scattering, instrument):
    helix = Helix(subunit=monomer, pose=pose, n_start=n_start,
                  n_subunits_per_start=n_subunits)
    return ImagePipeline(specimen=helix, scattering=scattering, instrument=instrument)


def run(monomer, pose, scattering, instrument):
    optics_model = build(monomer, pose, scattering, instrument)
    jitted_optics = eqx.filter_jit(optics_model)
    return jitted_optics()
