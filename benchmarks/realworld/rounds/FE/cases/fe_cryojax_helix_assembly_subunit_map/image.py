# Source: https://github.com/michael-0brien/cryojax/blob/5d8eaf44d6537fe8ffb39c173f83e946aa3db246/src/cryojax/simulator/image.py
# Title: src/cryojax/simulator/image.py (parent of commit f7c02b08 "vmap over subunits in assembly")
# Cut: kept ImagePipeline._render_assembly as written; _render_specimen body reduced to its call shape
#      (scattering + CTF); other pipeline classes, docstrings and type aliases removed.
import equinox as eqx
import jax.tree_util as jtu
from jaxtyping import Array

from .assembly import Specimen


class ImagePipeline(eqx.Module):
    specimen: eqx.Module
    scattering: eqx.Module
    instrument: eqx.Module

    def _render_specimen(self) -> Array:
        """Render an image of a single Specimen (one subunit)."""
        freqs = self.scattering.padded_freqs
        image = self.scattering(self.specimen.density, pose=self.specimen.pose)
        image *= self.specimen.pose.shifts(freqs)
        ctf = self.instrument.optics(freqs, pose=self.specimen.pose)
        return ctf * image

    def _render_assembly(self) -> Array:
        """Render an image of an Assembly from its subunits."""
        # Draw the subunits
        subunits = self.specimen.subunits
        # Compute all of the subunit images
        render = lambda subunit: eqx.tree_at(
            lambda m: m.specimen, self, subunit
        )._render_specimen()
        images = jtu.tree_map(
            render, subunits, is_leaf=lambda s: isinstance(s, Specimen)
        )
        # Sum the subunit images together
        image = jtu.tree_reduce(lambda x, y: x + y, images)

        return image

    def __call__(self) -> Array:
        return self._render_assembly()
