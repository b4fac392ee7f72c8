# Source: https://github.com/gcucurull/jax-gcn/blob/b048fc9af5cc5bda0eaae118a6ae9a91a3fef4a1/test.py
# Title: test.py
# Cut: two of the eight tests kept.
import jax
from jax.config import config
config.update("jax_enable_x64", True)

import numpy
import jax.numpy as np

from sparse_matmul import sp_matmul

tolerance = 1e-10
sparsity = 0.95

def distance(A, B):
    diff = np.abs(A-B).mean()
    return diff

def test_square_sparse_matrix_1():
    rows = 2000
    mask  = numpy.random.rand(rows, rows) < sparsity
    A = numpy.random.rand(rows, rows)
    A[mask] = 0.0
    B = numpy.random.rand(rows, 1)

    indexes = A.nonzero()
    values = A[indexes]
    sp_A = (indexes, values)

    sp_res = sp_matmul(sp_A, B, A.shape[0])
    res = np.matmul(A, B)

    diff = distance(sp_res, res)
    print(diff)
    assert diff < tolerance

def test_square_sparse_matrix_2():
    rows = 2000
    mask  = numpy.random.rand(rows, rows) < sparsity
    A = numpy.random.rand(rows, rows)
    A[mask] = 0.0
    B = numpy.random.rand(rows, 128)

    indexes = A.nonzero()
    values = A[indexes]
    sp_A = (indexes, values)

    sp_res = sp_matmul(sp_A, B, A.shape[0])
    res = np.matmul(A, B)

    diff = distance(sp_res, res)
    print(diff)
    assert diff < tolerance
