# Source: https://github.com/hyunwoo3235/vits-jax/blob/d9c2c6fc4505a20986d824ee652ab9ea5e6277f8/commons.py
# Title: vits-jax commons.py (maximum_path_jax), at the parent of c6a7cba "calling original monotonic align on host"
# Cut: only convert_pad_shape and maximum_path_jax kept.
import jax
import jax.numpy as jnp


def convert_pad_shape(pad_shape):
    l = pad_shape[::-1]
    pad_shape = [item for sublist in l for item in sublist]
    return pad_shape



def maximum_path_jax(value, mask, max_neg_val=None):
    if max_neg_val is None:
        max_neg_val = -jnp.inf
    value = value * mask

    b, t_x, t_y = value.shape
    direction = jnp.zeros(value.shape, dtype=jnp.int32)
    v = jnp.zeros((b, t_x), dtype=jnp.float32)
    x_range = jnp.arange(t_x, dtype=jnp.float32).reshape(1, -1)
    for j in range(t_y):
        v0 = jnp.pad(v, ((0, 0), (0, 1)), mode="constant", constant_values=max_neg_val)[
            :, :-1
        ]
        v1 = v
        max_mask = v1 >= v0
        v_max = jnp.where(max_mask, v1, v0)
        direction = direction.at[:, :, j].set(max_mask)

        index_mask = x_range <= j
        v = jnp.where(index_mask, v_max + value[:, :, j], max_neg_val)
    direction = jnp.where(mask, direction, 1)

    path = jnp.zeros(value.shape, dtype=jnp.float32)
    index = mask[:, :, 0].sum(1).astype(jnp.int32) - 1
    index_range = jnp.arange(b)
    for j in reversed(range(t_y)):
        path = path.at[index_range, index, j].set(1)
        index = index + direction[index_range, index, j] - 1
    return path * mask
