# Source: https://github.com/jax-ml/jax/issues/14080
# Title: jax-ml/jax#14080 "jit compilation with large inlined arrays crashes JAX." (simplified from deepmind/acme acme/datasets/tfds.py)
# Cut: kept the author's snippet.
import jax
import jax.numpy as jnp
import numpy as np

batch_size = 256
dataset_size = 5000

def sample(data, key):
    key1, key2 = jax.random.split(key)
    indices = jax.random.randint(
        key1, (batch_size,),
        minval=0,
        maxval=dataset_size)
    data_sample = jax.tree_map(lambda d: jnp.take(d, indices, axis=0), data)
    return data_sample, key2

dataset = np.random.randint(0, 10, (dataset_size, 84, 84, 9), dtype=jnp.uint8)
dataset = jax.device_put(dataset)
sample_fn = jax.jit(lambda key: sample(dataset, key))

sample_fn(jax.random.PRNGKey(0))
