# Source: https://github.com/bshapiro/bbvi-framework/blob/eb6e46456d9d5abc2675dda9cdff847aba9437c0/vi_helpers.py
# Title: vi_helpers.py
# Cut: kept size, softplus, threshold and regularize; plotting and cluster-generation helpers dropped.
import autograd.numpy as np

def size(item):
    try:
        return max(item.shape[0], item.shape[1])
    except:
        try:
            return len(item)
        except:
            return 1


def softplus(value):
    if size(value) > 1:
        # import pdb; pdb.set_trace()
        return np.array([softplus(item) for item in value])
    else:
        return threshold(value)


def hardplus(value):
    if value <= 0:
        return 0
    else:
        return value


def regularize(item, diagonal=False):
    if diagonal:
        return item + np.identity(item.shape[0]) * 0.000001
    else:
        return item + 0.000001


def threshold(item):
    if item < 600:
        return np.log(np.exp(item) + 1)
    else:
        return item
