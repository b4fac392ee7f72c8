# Source: https://github.com/PyAutoLabs/PyAutoGalaxy/blob/506f153e52019504debd946dd86f7863ebc7f0b4/autogalaxy/galaxy/galaxies.py
# Title: autogalaxy/galaxy/galaxies.py (Galaxies: the galaxies of one plane)
# Cut: only deflections_yx_2d_from and traced_grid_2d_from; decorators and docstrings dropped. With xp=jax.numpy these run
#      inside the jitted likelihood of PyAutoLens fits.
import numpy as np


class Galaxies(list):

    def deflections_yx_2d_from(self, grid, xp=np, **kwargs) -> np.ndarray:
        return sum(map(lambda g: g.deflections_yx_2d_from(grid=grid, xp=xp), self))

    def traced_grid_2d_from(self, grid, xp=np):
        """
        Trace this plane's grid_stacks to the next plane, using its deflection angles.
        """
        return grid - self.deflections_yx_2d_from(grid=grid, xp=xp)
