# Source: https://github.com/zalanborsos/bilevel_coresets/blob/d76cf15185e2d1bdeb8b6dea7b1a3ff9023fc69c/data_summarization/generate_cntk.py
# Title: data_summarization/generate_cntk.py (CNTK of a WideResNet for coreset-based data summarization on CIFAR-10)
# Cut: torchvision dataset loading replaced by a numpy placeholder array; jax.api import updated to jax.

import numpy as np
from neural_tangents import stax
from jax import jit


def WideResnetBlock(channels, strides=(1, 1), channel_mismatch=False):
    Main = stax.serial(
        stax.Relu(), stax.Conv(channels, (3, 3), strides, padding='SAME'),
        stax.Relu(), stax.Conv(channels, (3, 3), padding='SAME'))
    Shortcut = stax.Identity() if not channel_mismatch else stax.Conv(
        channels, (3, 3), strides, padding='SAME')
    return stax.serial(stax.FanOut(2),
                       stax.parallel(Main, Shortcut),
                       stax.FanInSum())


def WideResnetGroup(n, channels, strides=(1, 1)):
    blocks = []
    blocks += [WideResnetBlock(channels, strides, channel_mismatch=True)]
    for _ in range(n - 1):
        blocks += [WideResnetBlock(channels, (1, 1))]
    return stax.serial(*blocks)


def WideResnet(block_size, k, num_classes):
    return stax.serial(
        stax.Conv(16, (3, 3), padding='SAME'),
        WideResnetGroup(block_size, int(16 * k)),
        WideResnetGroup(block_size, int(32 * k), (2, 2)),
        WideResnetGroup(block_size, int(64 * k), (2, 2)),
        stax.GlobalAvgPool(),
        stax.Flatten(),
        stax.Dense(num_classes, 1., 0.))


init_fn, apply_fn, kernel_fn = WideResnet(block_size=4, k=1, num_classes=10)
kernel_fn = jit(kernel_fn, static_argnums=(2,))


def generate_kernel(X):
    n = X.shape[0]
    K = np.zeros((n, n))
    block_size = 10
    for i in range(n // block_size):
        for j in range(n // block_size):
            start_i, end_i = i * block_size, (i + 1) * block_size
            start_j, end_j = j * block_size, (j + 1) * block_size
            K[start_i:end_i, start_j:end_j] = kernel_fn(X[start_i:end_i], X[start_j:end_j], 'ntk')
    return K


X = np.zeros((60000, 32, 32, 3), dtype=np.float32)  # CIFAR-10 train+test, NHWC

K = generate_kernel(X)
np.save('data/kernel.npy', K)
