# Source: https://github.com/pmelchior/scarlet/blob/9b2ed20dda0797e2e5cc9287be7e61f25ccdc164/scarlet/observation.py
# Title: scarlet/observation.py (Observation and LowResObservation, autograd version)
# Cut: Frame, constructors and match() (which builds the per-band difference kernels / resampling
#      operators on the host) removed; render/_render/get_loss kept as written.
import autograd.numpy as np
from scipy import fftpack


def _centered(arr, newshape):
    newshape = np.asarray(newshape)
    currshape = np.array(arr.shape)
    startind = (currshape - newshape) // 2
    endind = startind + newshape
    myslice = [slice(startind[k], endind[k]) for k in range(len(endind))]
    return arr[tuple(myslice)]


class Observation():

    def _convolve_band(self, model, diff_kernel_fft):
        """Convolve the model in a single band
        """
        model_fft = np.fft.rfftn(model, self._fftpack_shape)
        convolved = np.fft.irfftn(model_fft * diff_kernel_fft, self._fftpack_shape)[self._slices]
        return _centered(convolved, model.shape)

    def render(self, model):
        """Convolve a model to the observation frame
        """
        model_ = model[self._band_slice,:,:]
        if self._diff_kernels_fft is not None:
            model_ = np.array([self._convolve_band(model_[c], self._diff_kernels_fft[c]) for c in range(self.frame.C)])

        return model_

    def get_loss(self, model):
        """Computes the loss/fidelity of a given model wrt to the observation
        """
        model = self.render(model)

        return 0.5 * np.sum((self.weights * (model - self.images)) ** 2)


class LowResObservation(Observation):

    def _render(self, model):
        """Resample and convolve a model in the observation frame
        """
        model_ = model[self._band_slice,:,:]
        model_ = np.array([np.dot(model_[c].flatten(), self._resconv_op[c]) for c in range(self.frame.C)])

        return model_

    def get_loss(self, model):
        """Computes the loss/fidelity of a given model wrt to the observation
        """
        model_ = self._render(model)
        return 0.5 * np.sum((self.weights * (
                model_ - self.images[:, self._coord_lr[0].astype(int), self._coord_lr[1].astype(int)])) ** 2)
