# Source: https://github.com/spcl/npbench/blob/eed0974783f7321c1360cd46951e4b7fd5ecf2c7/npbench/benchmarks/azimint_naive/azimint_naive.py
# Title: npbench/benchmarks/azimint_naive/azimint_naive.py
# Cut: whole file: the input generator.

# Copyright 2021 ETH Zurich and the NPBench authors. All rights reserved.


def initialize(N):
    from numpy.random import default_rng
    rng = default_rng(42)
    data, radius = rng.random((N, )), rng.random((N, ))
    return data, radius
