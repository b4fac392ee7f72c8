# Source: https://github.com/Waller-Lab/EncodingInformation/blob/eb90a7dc3c7b36373054bc2e0f6cce62ecd77cc7/src/encoding_information/models/pixel_cnn.py
# Title: EncodingInformation models/pixel_cnn.py: PixelCNN density model used for mutual-information estimates
# Cut: kept generate_samples of the PixelCNN wrapper class (docstring shortened) and the imports it uses;
#      the flax model, training and NLL evaluation are dropped. self._flax_model / self._state are the trained model.
import numpy as onp
from tqdm import tqdm
import jax
import jax.numpy as np


class PixelCNN:
    def generate_samples(self, num_samples, conditioning_vecs=None, sample_shape=None, ensure_nonnegative=True, seed=None, verbose=True):
        """
        Generate new images from the trained PixelCNN model by sampling pixel by pixel.
        """
        if seed is None:
            seed = 123
        key = jax.random.PRNGKey(seed)
        if sample_shape is None:
            sample_shape = self.image_shape
        if type(sample_shape) == int:
            sample_shape = (sample_shape, sample_shape)

        if conditioning_vecs is not None:
            assert conditioning_vecs.shape[0] == num_samples
            assert conditioning_vecs.shape[1] == self._flax_model.condition_vector_size

        sampled_images = onp.zeros((num_samples, *sample_shape))
        for i in tqdm(onp.arange(sample_shape[0]), desc='Generating PixelCNN samples') if verbose else np.arange(sample_shape[0]):
            for j in onp.arange(sample_shape[1]):
                i_limits = max(0, i - self.image_shape[0] + 1), max(self.image_shape[0], i+1)
                j_limits = max(0, j - self.image_shape[1] + 1), max(self.image_shape[1], j+1)

                conditioning_images = sampled_images[:, i_limits[0]:i_limits[1], j_limits[0]:j_limits[1]]
                i_in_cropped_image = i - i_limits[0]
                j_in_cropped_image = j - j_limits[0]

                assert conditioning_images.shape[1:] == self.image_shape

                key, key2 = jax.random.split(key)
                if conditioning_vecs is None:
                    mu, sigma, mix_logit = self._flax_model.apply(self._state.params, conditioning_images)
                else:
                    mu, sigma, mix_logit = self._flax_model.apply(self._state.params, conditioning_images, conditioning_vecs)
                # only sampling one pixel at a time
                # make onp arrays for range checking
                mu = onp.array(mu)[:, i_in_cropped_image, j_in_cropped_image, :]
                sigma = onp.array(sigma)[:, i_in_cropped_image, j_in_cropped_image, :]
                mix_logit = onp.array(mix_logit)[:, i_in_cropped_image, j_in_cropped_image, :]

                # mix_probs = np.exp(mix_logit - logsumexp(mix_logit, axis=-1, keepdims=True))
                component_indices = jax.random.categorical(key, mix_logit, axis=-1)
                # draw categorical sample
                sample_mus = mu[np.arange(num_samples), component_indices]
                sample_sigmas = sigma[np.arange(num_samples), component_indices]
                sample = jax.random.normal(key2, shape=sample_mus.shape) * sample_sigmas + sample_mus
                sampled_images[:, i, j] = sample

        if ensure_nonnegative:
            sampled_images = np.where(sampled_images < 0, 0, sampled_images)
        return sampled_images
