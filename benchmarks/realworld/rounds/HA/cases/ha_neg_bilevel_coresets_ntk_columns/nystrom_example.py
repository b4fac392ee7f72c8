# Source: https://github.com/zalanborsos/bilevel_coresets/blob/d76cf15185e2d1bdeb8b6dea7b1a3ff9023fc69c/batch_active_learning/nystrom_example.py
# Title: batch_active_learning/nystrom_example.py (Nystrom NTK proxy for batch active learning with bilevel coresets)
# Cut: torchvision transforms, data loaders, coreset construction and training removed; the WideResnet
#      NTK kernel_fn (jit) and its host-side chunked evaluation kept; jax.api import updated.
import numpy as np
from jax import jit
from neural_tangents import stax
import ntk_generator


if __name__ == '__main__':
    num_classes = 10


    # create kernel fn
    def WideResnet(block_size, k, num_classes):
        return stax.serial(
            stax.Conv(16, (3, 3), padding='SAME'),
            ntk_generator.ResnetGroup(block_size, int(16 * k)),
            ntk_generator.ResnetGroup(block_size, int(32 * k), (2, 2)),
            ntk_generator.ResnetGroup(block_size, int(64 * k), (2, 2)),
            stax.Flatten(),
            stax.Dense(num_classes, 1., 0.))


    _, _, kernel_fn = WideResnet(block_size=4, k=1, num_classes=num_classes)
    kernel_fn = jit(kernel_fn, static_argnums=(2,))


    def kernel_fn_ntk(x, y, step=64):
        K = np.zeros((x.shape[0], y.shape[0]))
        x = x.transpose(0, 2, 3, 1)
        y = y.transpose(0, 2, 3, 1)
        for i in range(x.shape[0] // step + 1):
            K[i * step:(i + 1) * step] = np.array(kernel_fn(x[i * step:(i + 1) * step], y, 'ntk'))
        return K

