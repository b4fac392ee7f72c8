# Source: https://github.com/flyingblackshark/jax-bs-roformer/blob/554fef981b927b2cffadc47158ecfc293eba35b8/infer.py
# Title: jax-bs-roformer infer.py (demix_track)
# Cut: run_folder, argument parsing and file I/O dropped; demix_track kept whole.
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec


def demix_track(model, mix,mesh, hp):
    model , params = model
    #default chunk size 
    C = hp.inference.chunk_size
    N = hp.inference.num_overlap
    fade_size = C // 10
    step = int(C // N)
    border = C - step
    batch_size = hp.inference.batch_size

    x_sharding = NamedSharding(mesh,PartitionSpec('data'))
    @partial(jax.jit, in_shardings=(None,x_sharding),
                    out_shardings=x_sharding)
    def model_apply(params, x):
        return model.apply({'params': params}, x , deterministic=True)
    length_init = mix.shape[-1]

    # Do pad from the beginning and end to account floating window results better
    if length_init > 2 * border and (border > 0):
        mix = np.pad(mix, ((0,0),(border, border)), mode='reflect')
    def _getWindowingArray(window_size, fade_size):
        fadein = np.linspace(0, 1, fade_size)
        fadeout = np.linspace(1, 0, fade_size)
        window = np.ones(window_size)
        window[-fade_size:] = (window[-fade_size:]*fadeout)
        window[:fade_size] = (window[:fade_size]*fadein)
        return window
    # windowingArray crossfades at segment boundaries to mitigate clicking artifacts
    windowingArray = _getWindowingArray(C, fade_size)

   
    # if config.training.target_instrument is not None:
    req_shape = (1, ) + tuple(mix.shape)
    # else:
    #     req_shape = (len(config.training.instruments),) + tuple(mix.shape)

    result = np.zeros(req_shape, dtype=jnp.float32)
    counter = np.zeros(req_shape, dtype=jnp.float32)
    i = 0
    batch_data = []
    batch_locations = []

    while i < mix.shape[1]:
        part = mix[:, i:i + C]
        length = part.shape[-1]
        if length < C:
            if length > C // 2 + 1:
                part = np.pad(part,((0,0),(0,C-length)),mode='reflect')
            else:
                part = np.pad(part,((0,0),(0,C-length)),mode='constant')
        batch_data.append(part)
        batch_locations.append((i, length))
        i += step

        if len(batch_data) >= batch_size or (i >= mix.shape[1]):
            arr = np.stack(batch_data, axis=0)
            B_padding = max((batch_size-len(batch_data)),0)
            arr = np.pad(arr,((0,B_padding),(0,0),(0,0)))

            # infer
            with mesh:
                arr = jnp.asarray(arr)
                x = model_apply(params,arr)
            window = windowingArray
            if i - step == 0:  # First audio chunk, no fadein
                window[:fade_size] =1
            elif i >= mix.shape[1]:  # Last audio chunk, no fadeout
                window[-fade_size:] =1
            
            total_add_value = jax.jit(jnp.multiply, in_shardings=(x_sharding,None),out_shardings=x_sharding)(x[..., :C],window)
            total_add_value = total_add_value[:batch_size-B_padding]
            total_add_value = np.asarray(total_add_value)
            for j in range(len(batch_locations)):
                start, l = batch_locations[j]
                result[..., start:start+l] += total_add_value[j][..., :l]
                counter[..., start:start+l]+= window[..., :l]

            batch_data = []
            batch_locations = []

    estimated_sources = result / counter
    np.nan_to_num(estimated_sources, copy=False, nan=0.0)

    if length_init > 2 * border and (border > 0):
        # Remove pad
        estimated_sources = estimated_sources[..., border:-border]
    return estimated_sources
