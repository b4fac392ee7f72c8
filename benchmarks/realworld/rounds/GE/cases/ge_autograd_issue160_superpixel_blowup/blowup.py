# Source: https://github.com/HIPS/autograd/issues/160
# Title: More array indexing problems (HIPS/autograd issue #160)
# Cut: the minimal example, both definitions of blowup kept (the second renamed blowup_dstack), plus the grad call from the description.
from __future__ import division, print_function, absolute_import

import autograd
import autograd.numpy as np
from autograd.numpy import exp, log, sqrt


labels = np.arange(4)
superpixels = np.vstack([labels]*5)


def blowup(param):
    rval = np.where(superpixels == labels[0], param[0], 0)
    for i in range(1, labels.size):
        rval = rval + np.where(superpixels == labels[i], param[i], 0)
    return rval


def blowup_dstack(param):
    rval = np.sum(np.dstack([(superpixels == labels[i]) * param[i]
                             for i in range(labels.size)]), 2)
    return rval


def problematic(param):
    return np.sum(exp(blowup(param)))


def problematic_dstack(param):
    return np.sum(exp(blowup_dstack(param)))


autograd.grad(problematic)(labels/2)
autograd.grad(problematic_dstack)(labels/2)
