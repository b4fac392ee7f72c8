# Source: https://github.com/rgiordan/LinearResponseVariationalBayes.py/blob/5305d7e204481e518c5ef82bbed065ec627a4a9e/LinearResponseVariationalBayes/test_variational_bayes.py
# Title: LinearResponseVariationalBayes/test_variational_bayes.py
# Cut: kept test_pos_def_matrix_vector only; execute_required_methods (which checks autograd gradients of free_to_vector) is not reproduced.
import unittest

import autograd.numpy as np
from autograd import grad
import numpy.testing as np_test

from MatrixParameters import PosDefMatrixParamVector


class TestParameterMethods(unittest.TestCase):
    def test_pos_def_matrix_vector(self):
        single_mat = np.diag([ 1.0, 2.0 ]) + np.full((2, 2), 0.1)
        mat = np.tile(single_mat, (2, 1, 1)) * np.random.random((2, 1, 1))
        execute_required_methods(self,
            PosDefMatrixParamVector(
                val=mat, length=mat.shape[0], matrix_size=2),
            test_autograd=True, test_sparse_transform=True)


