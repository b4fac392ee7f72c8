# Source: https://github.com/JeremiasKnoblauch/GVIPublic/blob/d0299c670fe902eef6f46ec4ee1d098b10b4a9e3/BayesianNN/GVI_BNN.py
# Title: BayesianNN/GVI_BNN.py (Generalized Variational Inference, Bayesian neural network)
# Cut: kept fit_q, WeightsParser, make_batches and from make_functions the predict, log_likelihood_factor (standard loss only), draw_samples, get_parameters_q and the KL branch of energy; the other divergences and inner docstrings are dropped and get_error_and_ll is shortened to the RMSE.
from __future__ import absolute_import
from __future__ import print_function
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd.scipy.misc import logsumexp
from autograd import grad

import sys

import math
def fit_q(X, y, hidden_layer_size, batch_size, epochs, K, location, scale, 
          alpha = 1.0, 
          learning_rate = 1e-2, v_prior = 1.0, Dtype="AR", losstype = None, 
          beta_L = None, gamma_L = None,
          beta_D = -0.3, m_prior = 0.0, 
          X_validation=None, y_validation=None
          ):
    
    """This function wraps everything. It can be broken up into three parts: 
        (1) Setting up the BNN model;
        (2) Creating the functional counterparts of the BNN;
        (3) Running stochastic optimization for the BNN.
    """


    """STEP (1) + (2): Set up the BNN model and create the relevant functional
                        objects via 'make_functions' 
    """
    hidden_layer_size = [ hidden_layer_size ]
    hidden_layer_size = np.array([ X.shape[ 1 ] ] + hidden_layer_size + [ 1 ])
    shapes = zip(hidden_layer_size[ : -1 ], hidden_layer_size[ 1 : ])
    w, energy, get_error_and_ll, get_predictive_distribution = make_functions(
            X.shape[ 1 ], shapes, alpha, Dtype, 
            losstype, beta_L, gamma_L, beta_D)
    
    #Obtain the gradient of our objective function (will depend on Dtype etc.)
    energy_grad = grad(energy)

    print("    Epoch      |    Error  |   Log-likelihood  ")

    def print_perf(epoch, w):
        error, ll = get_error_and_ll(w, v_prior, X, y, K, 0.0, 1.0)
        print("{0:15}|{1:15}|{2:15}".format(epoch, error, ll))
        sys.stdout.flush()


    """STEP (3) Iterate #epoch=500 times with baches of size 32 and learning
                rate 0.001. Use ADAM with default settings for the optimization
    """
    # Train with sgd
    batch_idxs = make_batches(X.shape[0], batch_size)

    m1 = 0
    m2 = 0
    beta1 = 0.9
    beta2 = 0.999
    epsilon = 1e-8
    t = 0

    #for each epoch, loop over all the batches in your permutation
    for epoch in range(epochs):
        permutation = np.random.choice(range(X.shape[ 0 ]), X.shape[ 0 ], replace = False)
        print_perf(epoch, w)
        
        #For each batch, do one step
        for idxs in batch_idxs:
            
            #Learn parameters with ADAM.
            t += 1
            grad_w = energy_grad(w, X[ permutation[ idxs ] ], y[ permutation[ idxs ] ], 
                                 v_prior, m_prior, K, X.shape[ 0 ], alpha)
            m1 = beta1 * m1 + (1 - beta1) * grad_w
            m2 = beta2 * m2 + (1 - beta2) * grad_w**2
            m1_hat = m1 / (1 - beta1**t)
            m2_hat = m2 / (1 - beta2**t)
            w -= learning_rate * m1_hat / (np.sqrt(m2_hat) + epsilon)
            

    return w, v_prior, get_error_and_ll, get_predictive_distribution



"""AUXILIARY OBJECT. Purpose is to provide wrapper for all params"""
class WeightsParser(object):
    """A helper class to index into a parameter vector."""
    def __init__(self):
        self.idxs_and_shapes = {}
        self.num_weights = 0

    def add_shape(self, name, shape):
        start = self.num_weights
        self.num_weights += np.prod(shape)
        self.idxs_and_shapes[ name ] = (slice(start, self.num_weights), shape)

    def get(self, vect, name):
        idxs, shape = self.idxs_and_shapes[name]
        return np.reshape(vect[ idxs ], shape)

    def get_indexes(self, vect, name):
        idxs, shape = self.idxs_and_shapes[name]
        return idxs
 
"""AUXILIARY FUNCTION. Purpose is to slice the data into batches (for fit_q)"""
def make_batches(N_data, batch_size):
    return [ slice(i, min(i + batch_size, N_data)) for i in range(0, N_data, batch_size) ]



"""WRAPPER FUNCTION. 
    Responsible for the creation of all functions that make
    inference possible in the BNN. Creates functions according
    to specifications passed down from 'fit_q'.
                     
    Legend: Since some functions are only used for certain F-VI methods,
        we label each function according to which inference method
        relies on it.
        'UNIVERSAL': all inference methods rely on a function.
        'A-APPROX': Only Hernandez-Lobato et al. '16 (black box alpha-div)
        'AR/AB-APPROX': Only Li & Turner '16; Regli & Silva '18 
                        (Renyi-alpha-div; scaled alpha-beta-div)
        'GVI': Only needed for Dtype = AR (i.e., alpha-renyi uncertainty quantification)
"""
def make_functions(d, shapes, alpha, Dtype="AR", 
                   losstype = None, beta_L = None, gamma_L = None, beta_D = -0.3):
    N = sum((m + 1) * n for m, n in shapes)
    parser = WeightsParser()
    parser.add_shape('mean', (N, 1))
    parser.add_shape('log_variance', (N, 1))
    parser.add_shape('log_v_noise', (1, 1))
    parser.add_shape('log_v_noise', (1, 1))

    w = 0.1 * np.random.randn(parser.num_weights)
    w[ parser.get_indexes(w, 'log_variance') ] = w[ parser.get_indexes(w, 'log_variance') ] - 10.0
    w[ parser.get_indexes(w, 'log_v_noise') ] = np.log(1.0)

    def predict(samples_q, X):

        # First layer

        K = samples_q.shape[ 0 ]
        (m, n) = shapes[ 0 ]
        W = samples_q[ : , : m * n ].reshape(n * K, m).T
        b = samples_q[ : , m * n : m * n + n ].reshape(1, n * K)
        a = np.dot(X, W) + b
        h = np.maximum(a, 0)

        # Second layer

        samples_q = samples_q[ : , m * n + n : ]
        (m, n) = shapes[ 1 ]
        b = samples_q[ : , m * n : m * n + n ].T
        a = np.sum((samples_q[ : , : m * n ].reshape(1, -1) * h).reshape((K * X.shape[ 0 ], m)), 1).reshape((X.shape[ 0 ], K)) + b

        return a

    def log_likelihood_factor(samples_q, v_noise, X, y):
        outputs = predict(samples_q, X)
        log_prior_noise_factor = -0.5 * np.log(2 * math.pi * v_noise)
        log_obs_factor = - 0.5 * (np.tile(y, (1, samples_q.shape[ 0 ])) - outputs)**2 / v_noise
        log_lkl = log_prior_noise_factor + log_obs_factor
        return np.mean(log_lkl, 0)

    def draw_samples(q, K):
        return npr.randn(K, len(q[ 'm' ])) * np.sqrt(q[ 'v' ]) + q[ 'm' ]

    def get_parameters_q(w, v_prior, scale = 1.0):
        v = 1.0 / (scale * np.exp(-parser.get(w, 'log_variance'))[ :, 0 ] + 1.0 / v_prior)
        m = scale * parser.get(w, 'mean')[ :, 0 ] * np.exp(-parser.get(w, 'log_variance')[ :, 0 ]) * v
        return { 'm': m, 'v': v }

    def energy(w, X, y, v_prior, m_prior, K, N, alpha):
        q = get_parameters_q(w, v_prior)
        v_noise = np.exp(parser.get(w, 'log_v_noise')[ 0, 0 ])

        samples_q = draw_samples(q, K)
        log_factor_value = 1.0 * N * log_likelihood_factor(samples_q, v_noise, X, y)

        if Dtype == "KL":
            KL = np.sum(-0.5 * np.log(2 * math.pi * v_prior) - 0.5 * ((q[ 'm' ]-m_prior)**2 + q[ 'v' ]) / v_prior) - \
                np.sum(-0.5 * np.log(2 * math.pi * q[ 'v' ] * np.exp(1)))
            vfe = -(np.mean(log_factor_value) + KL)
        return vfe

    def get_error_and_ll(w, v_prior, X, y, K, location, scale):
        q = get_parameters_q(w, v_prior)
        samples_q = draw_samples(q, K)
        outputs = predict(samples_q, X) * scale + location
        error = np.sqrt(np.mean((y * scale + location - np.mean(outputs, 1, keepdims = True))**2))
        return error, 0.0

    return w, energy, get_error_and_ll, None
