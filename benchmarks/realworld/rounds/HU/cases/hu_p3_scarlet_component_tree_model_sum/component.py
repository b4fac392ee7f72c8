# Source: https://github.com/pmelchior/scarlet/blob/9b2ed20dda0797e2e5cc9287be7e61f25ccdc164/scarlet/component.py
# Title: scarlet/component.py (Component and ComponentTree, autograd version)
# Cut: constructors, properties, priors, flags and update hooks removed; get_model of both classes
#      kept as written; the shared-Frame assertion from ComponentTree.__init__ kept.
import autograd.numpy as np


class Component():

    def get_model(self, sed=None, morph=None):
        """Get the model for this component.

        Returns
        -------
        model: array or tensor
            (Bands, Height, Width) image of the model
        """
        if sed is not None and morph is not None:
            return sed[:, None, None] * morph[None, :, :]
        elif sed is None and morph is None:
            return self._sed[:, None, None] * self._morph[None, :, :]
        raise ValueError("You need to supply `sed` and `morph` or neither")


class ComponentTree():

    def __init__(self, components):
        self._tree = tuple(components)
        for i, c in enumerate(self._tree):
            assert c.frame is self.frame, "All components need to share the same Frame"
            c._index = i
            c._parent = self

    def get_model(self, seds=None, morphs=None):
        """Get the model this component tree

        Returns
        -------
        model: array
            (Bands, Height, Width) data cube
        """
        model = np.zeros(self.frame.shape)
        for k in range(self.K):
            if seds is not None and morphs is not None:
                _model = self.components[k].get_model(seds[k], morphs[k])
                model = model + _model
            else:
                model = model + self.components[k].get_model()

        return model
