# Source: https://github.com/johnhw/differentiable_sorting/blob/23014e353b6913e470de44c769b42051e9f12cd6/differentiable_sorting/bitonic_loops.py
# Title: differentiable_sorting/bitonic_loops.py
# Cut: kept the two generator loops; the printing helpers dropped.
import numpy as np


def bitonic_layer_loop(n):
    """Outer loop of a bitonic sort, which 
    iterates over the sublayers of a bitonic network"""
    layers = int(np.log2(n))
    for layer in range(layers):
        for s in range(layer+1):
            m = 1 << (layer - s)
            yield n, m, layer
            
def bitonic_swap_loop(n, m, layer):
    """Inner loop of a bitonic sort,
    which yields the elements to be swapped"""
    out = 0
    for i in range(0, n, m<<1):
        for j in range(m):
            ix = i + j
            a, b = ix, ix + m
            swap = (ix >> (layer + 1)) & 1
            yield a, b, out, swap
            out += 1

