# Source: https://github.com/PyAutoLabs/PyAutoGalaxy/blob/506f153e52019504debd946dd86f7863ebc7f0b4/autogalaxy/galaxy/galaxy.py
# Title: autogalaxy/galaxy/galaxy.py (Galaxy: a redshift plus a collection of light and mass profiles)
# Cut: only deflections_yx_2d_from; the to_vector_yx decorator and docstring dropped; __init__, has() and cls_list_from() simplified (reconstructed from aa.util.misc.cls_list_from).
import numpy as np

from autogalaxy.profiles.mass.abstract.abstract import MassProfile


class Galaxy:
    def __init__(self, redshift, **kwargs):
        self.redshift = float(redshift)
        for name, val in kwargs.items():
            setattr(self, name, val)

    def cls_list_from(self, cls):
        return [value for value in self.__dict__.values() if isinstance(value, cls)]

    def has(self, cls) -> bool:
        return len(self.cls_list_from(cls=cls)) > 0

    def deflections_yx_2d_from(self, grid, xp=np, **kwargs) -> np.ndarray:
        if self.has(cls=MassProfile):
            return sum(
                map(
                    lambda p: p.deflections_yx_2d_from(grid=grid, xp=xp),
                    self.cls_list_from(cls=MassProfile),
                )
            )

        return xp.zeros((grid.shape[0], 2))
