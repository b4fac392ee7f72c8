# Source: https://github.com/trevorcampbell/ubvi/blob/a71c14c9a1d588702f157f83a50619647856fd8b/ubvi/inference/boostingvi.py
# Title: ubvi/inference/boostingvi.py
# Cut: kept build() with its grad of _objective and the adam call; dropped timing, initialisation search and the error bookkeeping.
import autograd.numpy as np
from autograd import grad


class BoostingVI(object):

    def __init__(self, component_dist, opt_alg, n_init = 10, init_inflation = 100, estimate_error = True, verbose = True):
        self.N = 0 #current num of components
        self.component_dist = component_dist #component distribution object
        self.opt_alg = opt_alg #optimization algorithm function
        self.weights = np.empty(0) #weights
        self.params = np.empty((0, 0))
        self.n_init = n_init #number of times to initialize each component
        self.init_inflation = init_inflation #number of times to initialize each component
        self.verbose = verbose
        self.estimate_error = estimate_error

    def build(self, N):
        #build the approximation up to N components
        for i in range(self.N, N):
            error_flag = False

            #initialize the next component
            x0 = self._initialize()

            #if this is the first component, set the dimension of self.params
            if self.params.size == 0:
                self.params = np.empty((0, x0.shape[0]))

            #build the next component
            grd = grad(self._objective)
            try:
                new_param = self.opt_alg(x0, self._objective, grd)
                if not np.all(np.isfinite(new_param)):
                    raise
            except: #bbvi can run into bad degeneracies; if so, just revert to initialization and set weight to 0
                error_flag = True
                new_param = x0

            #add it to the matrix of flattened parameters
            self.params = np.vstack((self.params, new_param))

            #compute the new weights and add to the list
            self.weights_prev = self.weights.copy()
            try:
                self.weights = np.atleast_1d(self._compute_weights())
                if not np.all(np.isfinite(self.weights)) or error_flag:
                    raise
            except: #bbvi can run into bad degeneracies; if so, just throw out the new component
                self.weights = np.hstack((self.weights_prev, 0.))

            if self.estimate_error:
                err_name, self.error = self._error()
        self.N = N
        return self._get_mixture()
