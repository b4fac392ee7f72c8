# Source: https://github.com/pmelchior/scarlet/blob/9b2ed20dda0797e2e5cc9287be7e61f25ccdc164/scarlet/blend.py
# Title: scarlet/blend.py (Blend: the scene fitted by autograd gradients)
# Cut: only _backward and _loss, which differentiate Observation.get_loss through autograd.grad.
import autograd.numpy as np
from autograd import grad


class Blend():

    def _backward(self):
        seds = [src.sed for src in self.sources]
        morphs = [src.morph for src in self.sources]
        parameters = seds + morphs
        gradients = grad(self._loss, tuple(range(len(parameters))))(*parameters)
        sed_gradients = gradients[:self.K]
        morph_gradients = gradients[self.K:]
        for k in range(self.K):
            src = self.sources[k]
            src.sed_grad = sed_gradients[k]
            src.morph_grad = morph_gradients[k]

    def _loss(self, *parameters):
        seds = parameters[:self.K]
        morphs = parameters[self.K:]
        model = self.get_model(seds, morphs)
        total_loss = 0
        for observation in self.observations:
            total_loss = total_loss + observation.get_loss(model)
        self.mse.append(total_loss._value)
        return total_loss
