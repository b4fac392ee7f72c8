# Source: https://github.com/pulse2percept/pulse2percept/blob/e160abdaa73eb0552c25f61f5d5e458cc8958905/pulse2percept/models/granley2021.py
# Title: pulse2percept/models/granley2021.py (BiphasicAxonMapSpatial, jax engine)
# Cut: kept the jax engine of BiphasicAxonMapSpatial (_build caching axon_contrib, the jitted
#      spatial prediction with static self); dropped the serial/cython engines, the brightness,
#      size and streak sub-models, parameter plumbing and docstring detail.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import jit, vmap, lax


def cond_jit(fn, static_argnums=None):
    """ Conditional decorator for jax jit"""
    if static_argnums is None:
        return jit(fn)
    else:
        return jit(fn, static_argnums=static_argnums)


class BiphasicAxonMapSpatial(AxonMapSpatial):

    def _build(self):
        super(BiphasicAxonMapSpatial, self)._build()
        if self.engine == 'jax':
            # Clear previously cached functions
            self._predict_spatial_jax = jit(self._predict_spatial_jax)
            self._predict_spatial_batched = jit(self._predict_spatial_batched)
            # Cache axon_contrib for fast access later
            self.axon_contrib = jax.device_put(
                jnp.array(self.axon_contrib), jax.devices()[0])

    def predict_one_point_jax(self, axon, eparams, x, y, rho):
        """ Predicts the brightness contribution from each axon segment for each pixel"""
        d2_el = (axon[:, 0, None] - x)**2 + (axon[:, 1, None] - y)**2
        intensities = eparams[:, 0] * jnp.exp(-d2_el / (2. * rho**2 * eparams[:, 1])) * (
            axon[:, 2, None] ** (1./eparams[:, 2]))
        return jnp.sum(intensities, axis=1)

    @partial(cond_jit, static_argnums=[0])
    def biphasic_axon_map_jax(self, eparams, x, y, axon_segments, rho, thresh_percept):
        """
        axon_segments : jnp.array with shape (n_points, n_ax_segments, 3)
            Closest axon segment to each simulated point, as returned by calc_axon_sensitivities
        """
        I = jnp.max(jax.vmap(self.predict_one_point_jax, in_axes=[0, None, None, None, None])(
            axon_segments,
            eparams, x, y,
            rho), axis=1)
        I = (I > thresh_percept) * I
        return I

    @partial(cond_jit, static_argnums=[0])
    def _predict_spatial_jax(self, elec_params, x, y):
        """
        A stripped version of _predict_spatial that takes only electrode parameters,
        and returns only a numpy array
        This is a better function to use when the stimulus is guaranteed to be safe,
        and the percept object isn't used, just the data in the percept (e.g. inside a neural network)
        """
        bright_effects = jnp.array(self.bright_model(elec_params[:, 0],
                                                     elec_params[:, 1],
                                                     elec_params[:, 2])).reshape((-1))
        size_effects = jnp.array(self.size_model(elec_params[:, 0],
                                                 elec_params[:, 1],
                                                 elec_params[:, 2])).reshape((-1))
        streak_effects = jnp.array(self.streak_model(elec_params[:, 0],
                                                     elec_params[:, 1],
                                                     elec_params[:, 2])).reshape((-1))
        eparams = jnp.stack(
            [bright_effects, size_effects, streak_effects], axis=1)

        resp = self.biphasic_axon_map_jax(eparams, x, y,
                                          self.axon_contrib,
                                          self.rho,
                                          self.thresh_percept)
        return resp

    @partial(cond_jit, static_argnums=[0])
    def _predict_spatial_batched(self, elec_params, x, y):
        """ A batched version of _predict_spatial_jax
        elec_params : np.array with shape (batch_size, n_electrodes, 3)
        """
        bright_effects = self.bright_model(elec_params[:, :, 0],
                                           elec_params[:, :, 1],
                                           elec_params[:, :, 2])
        size_effects = self.size_model(elec_params[:, :, 0],
                                       elec_params[:, :, 1],
                                       elec_params[:, :, 2])
        streak_effects = self.streak_model(elec_params[:, :, 0],
                                           elec_params[:, :, 1],
                                           elec_params[:, :, 2])
        eparams = jnp.stack(
            [bright_effects, size_effects, streak_effects], axis=2)

        def predict_one(e_params):
            return self.biphasic_axon_map_jax(e_params, x, y,
                                              self.axon_contrib,
                                              self.rho,
                                              self.thresh_percept)
        resps = lax.map(predict_one, eparams)

        return resps
