# Source: https://github.com/martiningram/paired-comparison-gp-laplace/blob/a41ed86a24f26d961743e34ea2e6fedc465f48fe/tgp/summed_kernel.py
# Title: tgp/summed_kernel.py (sum over a list of kernel objects)
# Cut: kept whole

import numpy as np
from tgp.kernel import Kernel


class SummedKernel(Kernel):

    def __init__(self, kernels):

        super(SummedKernel, self).__init__(active_dims=None)

        assert(len(kernels) > 0)

        self.kernels = kernels

    def calculate(self, X1, X2):

        result = np.zeros((X1.shape[0], X2.shape[0]))

        for cur_kernel in self.kernels:

            result += cur_kernel.calculate(X1, X2)

        return result
