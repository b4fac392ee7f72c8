# Source: https://github.com/dominicrufa/aquaregia/blob/d190f8417f97ff7454f369e5dc9cf0baba29a2e7/aquaregia/cnf.py
# Title: aquaregia/cnf.py, SequentialVectorModule (SE(3)-equivariant tensor field network steps under hk.scan)
# Cut: kept __init__ (layer construction + scan body) and __call__ (hk.scan over iterations);
#      the tfn module is imported from the repository; the input-validation branch of __call__ trimmed.
from typing import Iterable, Optional

import haiku as hk
import jax
import jax.numpy as jnp
from jax.numpy import array as Array

from aquaregia import tfn


class SequentialVectorModule(hk.Module):
    """
    a sequential vector module for SE(3) equivariance
    """
    def __init__(self,
                 feature_dictionary : dict,
                 conv_dict_list : Iterable,
                 mlp_dict_list : Iterable,
                 SinusoidalBasis_kwargs : dict,
                 time_convolution_kwargs : dict,
                 epsilon : Optional[float] = tfn.DEFAULT_EPSILON,
                 mask_value : Optional[float] = 0.,
                 name : Optional[str] = f"vector",
                 t : Optional[float] = 0.,
                 num_iters : Optional[int] = 2):
        super().__init__(name=name)
        self.SinusoidalBasis_module = tfn.SinusoidalBasis(**SinusoidalBasis_kwargs)
        num_particles, input_L0_channel_dimension = feature_dictionary[0].shape[:2]
        self._num_particles = num_particles
        self._input_L0_channel_dimension = input_L0_channel_dimension
        self._epsilon = epsilon
        self._mask_value = mask_value
        self._feature_dictionary = feature_dictionary
        self._t = t
        self._num_iters = num_iters

        # time convolution
        self.time_convolution_module = hk.nets.MLP(**time_convolution_kwargs)

        # setup the for loop
        layers = {}
        num_layers = len(conv_dict_list)
        for layer in range(num_layers):
            conv_module = tfn.Convolution(**conv_dict_list[layer])
            tfn_module_dict = {_L: tfn.TensorFieldMLP(**mlp_dict_list[layer][_L]) for _L in mlp_dict_list[layer].keys()}
            layers[layer] = {'conv': conv_module, 'mlp': tfn_module_dict}
        self.layers = layers

        def _scan_fn(carry, _iter):
            (positions, key, out_ys) = carry
            if out_ys is not None:
                positions, out_y = out_ys[_iter], out_ys[_iter+1]
            r_ij = tfn.DEFAULT_VDISPLACEMENT_FN(positions, positions)
            unit_r_ij, norms = tfn.unit_vectors_and_norms(r_ij) # compute unit vectors and norms
            norms = tfn.mask_tensor(norms, mask_val = self._mask_value)
            norms = jnp.squeeze(norms)
            rbf_inputs = self.SinusoidalBasis_module(r_ij = norms, epsilon=self._epsilon, mask_val=self._mask_value)
            time_convolution = self.time_convolution_module(Array([(_iter+1.)/self._num_iters]))
            repeated_time_convolution = jnp.repeat(time_convolution[jnp.newaxis, ..., jnp.newaxis], repeats=self._num_particles, axis=0)
            aug_L0 = jnp.hstack([self._feature_dictionary[0], repeated_time_convolution])
            in_tensor_dict = {L : _tensor for L, _tensor in self._feature_dictionary.items()}
            in_tensor_dict[0] = aug_L0
            for layer_idx in range(len(self.layers)):
                out_tensor_dict = {}
                layer_dict = self.layers[layer_idx]
                conv_dict = layer_dict['conv'](in_tensor_dict=in_tensor_dict, rbf_inputs=rbf_inputs, unit_vectors=unit_r_ij, r_ij = norms, epsilon = self._epsilon)
                for _L in conv_dict.keys(): #iterate over the mlps/angular numbers
                    mlp = layer_dict['mlp'][_L]
                    p_array = mlp(inputs=conv_dict[_L], epsilon=self._epsilon) # pass convolved arrays through mlp
                    out_tensor_dict[_L] = p_array # populate out dict
                in_tensor_dict = out_tensor_dict

            sigmas = jnp.repeat(jnp.exp(in_tensor_dict[0][:,0,:]), repeats=3, axis=-1)
            translations = in_tensor_dict[1][:,1,:]
            mu = positions + translations

            # generate the normal vectors
            if out_ys is not None: # we just need to report the logp
                logp = jax.scipy.stats.norm.logpdf(out_y, loc=mu, scale=sigmas).sum()
            else:
                key, hutch_key = jax.random.split(key)
                N = jax.random.normal(hutch_key, shape=(self._num_particles, 3))
                out_y = mu + N * sigmas
                logp = jax.scipy.stats.norm.logpdf(out_y, loc=mu, scale=sigmas).sum()
            aux_dict = {'mu': positions+translations, 'sigmas': sigmas, 'translations': translations, 'logp': logp, 'out_ys': out_y}
            if out_ys is not None: # generator, so the first arg is None
                out_y=None
            return (out_y, key, out_ys), aux_dict

        self._scan_fn = _scan_fn

    def __call__(self,
                 in_y : Array,
                 out_ys : Optional[Array] = None,
                 hutch_key : Optional[Array] = None
                 ):
        positions = in_y
        generator_bool=True if positions is not None else False
        in_carry = (positions, hutch_key, out_ys)
        out_carry, aux_dict = hk.scan(self._scan_fn, in_carry, jnp.arange(self._num_iters))

        out_positions, _, out_ys = out_carry
        if generator_bool:
            aux_dict['out_ys'] = jnp.concatenate([positions[jnp.newaxis, ...], aux_dict['out_ys']])
        else:
            aux_dict['out_ys'] = out_ys
        return out_positions, jnp.sum(aux_dict['logp']), aux_dict
