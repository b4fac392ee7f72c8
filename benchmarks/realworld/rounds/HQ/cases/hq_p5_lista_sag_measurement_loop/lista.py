# Source: https://github.com/tomMoral/adopty/blob/a0ae5f697968fba6b8106d3b7cdbe897d4db2a69/adopty/autograd/lista.py
# Title: adopty/autograd/lista.py -- learned ISTA (LISTA) with autograd, 'sag' architecture
# Cut: kept _forward_sag, make_loss and LISTA.__init__/fit (grad of the unrolled network);
#      dropped _forward, _forward_cd, the SGD/backtracking helpers, transform and docstrings.
import warnings
from copy import deepcopy

import autograd.numpy as np

from autograd import grad
from sklearn.utils import check_random_state

from functions import (l2_fit, l2_der, logreg_fit, logreg_der, l1_pen, l1_prox,
                       l2_pen, l2_prox, no_prox, no_pen)
from generation import get_lambda_max

def _forward_sag(x, weights, p, n_layers, levels, der_function, prox, lbda):
    '''
    defines the propagation in the network using sag
    '''
    if len(x.shape) == 1:
        z = np.zeros(p)
        K = len(x)
    else:
        K, n_samples = x.shape
        z = np.zeros((p, n_samples))
    n_layers = len(weights) // 2
    avg_gradient = np.zeros((p, n_samples))
    memory_gradient = np.zeros((K, p, n_samples))
    backprop = not type(weights[0]) is np.ndarray
    for i in range(n_layers):
        W1 = weights[2 * i]
        W2 = weights[2 * i + 1]
        level = levels[i] * lbda
        for k in range(K):
            old_gradient = memory_gradient[k]
            one_dim_der = der_function(np.dot(W2[k, :], z), x[k])
            new_gradient = W1[:, k][:, None] * one_dim_der[None, :]
            avg_gradient += (new_gradient - old_gradient) / K
            if backprop:
                memory_gradient[k] = new_gradient._value
            else:
                memory_gradient[k] = new_gradient
            z = prox(z - new_gradient + old_gradient - avg_gradient, level)
    return z


def make_loss(fit, pen):
    def loss(z, x, D, lbda):
        return fit(z, x, D) + lbda * pen(z)

    return loss



class LISTA(object):
    def __init__(self, D, lbda, n_layers=2, fit_loss='l2', reg='l1',
                 variables='W1', learn_levels=False, learn_steps=False,
                 architecture='pgd', one_level_each=False,
                 one_lbda_each=False, lbda_weights=None,
                 n_layers_learn=None):
        if n_layers_learn is None:
            n_layers_learn = n_layers
        self.n_layers_learn = n_layers_learn
        self.D = D
        self.k, self.p = D.shape
        self.lbda = lbda
        self.compute_lbda_path = type(lbda) in [np.ndarray, list, tuple]
        if self.compute_lbda_path:
            if lbda_weights is None:
                lbda_weights = np.ones(len(lbda))
            self.lbda_weights = lbda_weights
        self.n_layers = n_layers
        self.architecture = architecture
        if architecture == 'pgd':
            self.L = np.linalg.norm(D, ord=2) ** 2
            if fit_loss == 'logreg':
                self.L /= 4.
            self.forward = _forward
        elif architecture == 'sag':
            self.L = 3 * np.max(np.sum(D ** 2, axis=1))
            self.forward = _forward_sag
        elif architecture == 'cd':
            self.L = np.sum(D ** 2, axis=0)
            self.forward = _forward_cd
        self.learn_steps = learn_steps
        self.one_level_each = one_level_each
        if self.one_level_each:
            self.levels = np.ones((n_layers, 1)) / self.L
        else:
            self.levels = np.ones((n_layers, self.p)) / self.L
        self.steps = np.ones((n_layers, self.p))
        self.B = np.dot(D.T, D)
        self.fit_loss = fit_loss
        self.reg = reg
        fit_function, der_function = {
                                      'l2': (l2_fit, l2_der),
                                      'logreg': (logreg_fit, logreg_der)
                                      }[self.fit_loss]
        reg_function, prox = {
                              'l2': (l2_pen, l2_prox),
                              'l1': (l1_pen, l1_prox),
                              None: (no_pen, no_prox)
                              }[self.reg]
        self.fit_function = fit_function
        self.der_function = der_function
        self.reg_function = reg_function
        self.loss = make_loss(self.fit_function, self.reg_function)
        self.prox = prox
        self.weights = []
        for _ in range(n_layers):
            if self.architecture == 'cd':
                self.weights.append(self.D.T.copy() / self.L[:, None])
            else:
                self.weights.append(self.D.T.copy())
            self.weights.append(self.D.copy())
        self.one_lbda_each = one_lbda_each
        self.variables = variables
        if self.variables == 'spectrum':
            self.D_svd = np.linalg.svd(D.T, full_matrices=False)
            self.U = self.D_svd[0][:, ::-1]
            self.V = self.D_svd[2][::-1]
            self.spectra = np.array([(self.D_svd[1][::-1] / self.L)
                                     for _ in range(n_layers)])
        self.learn_levels = learn_levels
        self.logger = {}
        self.logger['loss'] = []
        self.logger['grad'] = []


    def fit(self, X, solver='sgd', *args, **kwargs):
        def full_loss(optim_vars, x):
            if self.variables == 'spectrum':
                spectra, levels = optim_vars
                weights = spectrum_to_weights(spectra, self.U, self.V, self.D)
            else:
                weights, levels, steps = optim_vars
            if self.compute_lbda_path:
                loss = 0.
                for lbda, w in zip(self.lbda, self.lbda_weights):
                    z = self.forward(x, weights, self.p, self.n_layers,
                                     levels, self.der_function, self.prox,
                                     lbda)
                    loss += w * self.loss(z, x, self.D, lbda)
                return loss
            z = self.forward(x, weights, self.p, self.n_layers, levels, steps,
                             self.der_function, self.prox, self.lbda)
            return self.loss(z, x, self.D, self.lbda)

        gradient_function = grad(full_loss)
        if self.variables == 'spectrum':
            variables = self.spectra
        else:
            variables = self.weights
        if solver == 'sgd':
            outputs, levels, steps, gradients =\
                _sgd(variables, self.levels, self.steps, X,
                     gradient_function, full_loss, self.logger, self.variables,
                     self.learn_levels, self.learn_steps, self.n_layers_learn,
                     *args, **kwargs)
        self.gradients = gradients
        if self.variables == 'spectrum':
            self.spectra = outputs
            self.weights = spectrum_to_weights(self.spectra, self.U, self.V,
                                               self.D)
        else:
            self.weights = outputs
        self.levels = levels
        self.steps = steps
        return self
