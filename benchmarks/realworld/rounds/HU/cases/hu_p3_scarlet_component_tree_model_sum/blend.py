# Source: https://github.com/pmelchior/scarlet/blob/9b2ed20dda0797e2e5cc9287be7e61f25ccdc164/scarlet/blend.py
# Title: scarlet/blend.py (Blend: the scene fitted by autograd gradients)
# Cut: fit() reduced to the gradient call per iteration; _backward and _loss as written;
#      Lipschitz and convergence helpers removed.
import autograd.numpy as np
from autograd import grad

from .component import ComponentTree


class Blend(ComponentTree):

    def fit(self, max_iter=200, e_rel=1e-2, approximate_L=False):
        for step in range(max_iter):
            # Back propagate the gradients
            self._backward()
            self.update()

    def _backward(self):
        """Backpropagate the gradients for the seds and morphs
        """
        seds = [src.sed for src in self.sources]
        morphs = [src.morph for src in self.sources]
        parameters = seds + morphs
        # This calculates the partial derivatives wrt
        # all the seds and morphologies
        gradients = grad(self._loss, tuple(range(len(parameters))))(*parameters)
        sed_gradients = gradients[:self.K]
        morph_gradients = gradients[self.K:]
        # set the sed and morphology gradients for each source
        for k in range(self.K):
            src = self.sources[k]
            src.sed_grad = sed_gradients[k]
            src.morph_grad = morph_gradients[k]

    def _loss(self, *parameters):
        """Loss function for autograd
        """
        # Unpack the seds and morphologies
        seds = parameters[:self.K]
        morphs = parameters[self.K:]

        model = self.get_model(seds, morphs)
        # Caculate the total loss function from all of the observations
        total_loss = 0
        for observation in self.observations:
            total_loss = total_loss + observation.get_loss(model)
        self.mse.append(total_loss._value)
        return total_loss
