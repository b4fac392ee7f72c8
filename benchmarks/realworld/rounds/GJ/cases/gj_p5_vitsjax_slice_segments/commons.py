# Source: https://github.com/hyunwoo3235/vits-jax/blob/e1d98dc7326852df9e40a1cbe580f157ab887416/commons.py
# Title: vits-jax commons.py (slice_segments, rand_slice_segments)
# Cut: generate_path and the other helpers dropped.
import jax
import jax.numpy as jnp


def convert_pad_shape(pad_shape):
    l = pad_shape[::-1]
    pad_shape = [item for sublist in l for item in sublist]
    return pad_shape


def intersperse(lst, item):
    result = [item] * (len(lst) * 2 + 1)
    result[1::2] = lst
    return result


def slice_segments(x, ids_str, segment_size=4):
    ret = jnp.zeros_like(x[:, :segment_size, :])
    for i in range(x.shape[0]):
        idx = jnp.add(jnp.arange(segment_size), ids_str[i])
        ret = ret.at[i].set(jnp.take(x[i], idx, axis=0))
    return ret


def rand_slice_segments(x, x_lengths=None, segment_size=4, rng=jax.random.PRNGKey(0)):
    b, t, d = x.shape
    if x_lengths is None:
        x_lengths = t
    ids_str_max = x_lengths - segment_size - 1
    ids_str = jax.random.uniform(rng, [b], minval=0, maxval=ids_str_max).astype(
        jnp.int32
    )
    ret = slice_segments(x, ids_str, segment_size)
    return ret, ids_str

