# Source: https://github.com/spcl/npbench/blob/fea3c9cf50bbca3ce69d678928d938c69d0d3fbd/npbench/benchmarks/azimint_naive/azimint_naive.py
# Title: npbench/benchmarks/azimint_naive/azimint_naive.py
# Cut: whole file: the input generator (flattened detector image and pixel radii).

# Copyright 2021 ETH Zurich and the NPBench authors. All rights reserved.


def initialize(N):
    from numpy.random import default_rng
    rng = default_rng(42)
    data, radius = rng.random((N, )), rng.random((N, ))
    return data, radius

# bench_info/azimint_naive.json parameters: S {N: 400000, npt: 1000}, M {N: 4000000, npt: 1000}, L {N: 40000000, npt: 1000}
