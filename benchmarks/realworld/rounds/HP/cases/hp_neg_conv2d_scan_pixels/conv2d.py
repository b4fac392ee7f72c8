# Source: https://github.com/spcl/npbench/blob/bbc546e41088e9051e980ffd2e5d78587ef8fc65/npbench/benchmarks/deep_learning/conv2d_bias/conv2d.py
# Title: npbench/benchmarks/deep_learning/conv2d_bias/conv2d.py
# Cut: whole file: the input generator (NHWC images, KxK kernels); sizes from bench_info/conv2d_bias.json in the comment.

# Copyright 2021 ETH Zurich and the NPBench authors. All rights reserved.

import numpy as np


def initialize(C_in, C_out, H, K, N, W):
    from numpy.random import default_rng
    rng = default_rng(42)
    # NHWC data layout
    input = rng.random((N, H, W, C_in), dtype=np.float32)
    # Weights
    weights = rng.random((K, K, C_in, C_out), dtype=np.float32)
    bias = rng.random((C_out, ), dtype=np.float32)
    return input, weights, bias

# bench_info/conv2d_bias.json: M {N: 8, C_in: 3, C_out: 8, K: 5, H: 64, W: 64}, L {K: 10, H: 128, W: 128}
