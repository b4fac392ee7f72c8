# Source: https://github.com/trevorcampbell/ubvi/blob/a71c14c9a1d588702f157f83a50619647856fd8b/examples/logistic/main.py
# Title: examples/logistic/main.py
# Cut: kept the component count and the build loops; the logistic-regression target, data loading and Stan reference run are reduced to a stub logp.
import autograd.numpy as np
from autograd.scipy import stats

from gaussian import Gaussian
from bbvi import BBVI
from adam import adam as ubvi_adam


def logp(x):
    return stats.multivariate_normal.logpdf(x, np.zeros(x.shape[1]), np.eye(x.shape[1]))


d = 2
N = 10
diag = True
n_samples = 2000
adam_learning_rate= lambda itr : 1./np.sqrt(itr+1)
adam_num_iters = 10000
n_init = 10000
init_inflation = 16

gauss = Gaussian(d, diag)
adam = lambda x0, obj, grd : ubvi_adam(x0, obj, grd, adam_learning_rate, adam_num_iters)
lmb_bbvi = lambda itr : 1./np.sqrt(1.+itr)

bbvi_res = []
bbvi = BBVI(logp, gauss, adam, lmb = lmb_bbvi, n_init = n_init, n_samples = n_samples, init_inflation = init_inflation, eps=1e-3)
for n in range(1, N+1):
    bbvi_res.append(bbvi.build(n))
