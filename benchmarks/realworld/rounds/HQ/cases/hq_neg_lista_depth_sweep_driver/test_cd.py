# Source: https://github.com/tomMoral/adopty/blob/a0ae5f697968fba6b8106d3b7cdbe897d4db2a69/adopty/autograd/Test%20CD.ipynb
# Title: adopty/autograd/Test CD.ipynb -- learned coordinate descent vs depth
# Cut: code cells 0, 2 and 3 converted to a script (plotting cells and the 10000-layer reference cell dropped).

# %% cell 0
from autograd import grad
import autograd.numpy as np
import matplotlib.pyplot as plt
from lista import LISTA, make_loss
from functions import *
from scipy.linalg import hadamard
from copy import deepcopy

n_samples = 2000
n_test = 100
k = 10
p = 50
rng = np.random.RandomState(0)

fit_loss = 'logreg'
reg = 'l1'

fit_function, der_function = {
                              'l2': (l2_fit, l2_der),
                              'logreg': (logreg_fit, logreg_der)
                              }[fit_loss]
reg_function, prox = {
                      'l2': (l2_pen, l2_prox),
                      'l1': (l1_pen, l1_prox),
                      None: (no_pen, no_prox)
                      }[reg]
loss = make_loss(fit_function, reg_function)


K = np.eye(p)
z_true = rng.randn(p, n_samples)
D = rng.randn(k, p).dot(K)
D /= np.linalg.norm(D, axis=0, keepdims=True)

sigma = 0.1
eps = rng.randn(k, n_samples)

z_test = rng.randn(p, n_test)
eps_test = rng.randn(k, n_test)
X = np.dot(D, z_true) + eps
X_test = np.dot(D, z_test) + eps_test
if fit_loss == 'logreg':
    X = 2 * (X > 0) - 1
    X_test = 2 * (X_test > 0) - 1

lbda_max = np.max(np.abs(D.T.dot(X)))
lbda = 0.1 * lbda_max
print(X.shape)

# %% cell 2
lista_init = LISTA(D, lbda, 1, fit_loss, reg, variables='both', learn_levels=False, architecture='cd')
lista_init.fit(X, l_rate=0.01, max_iter=1000, verbose=10, backtrack=True, thres=1e-6)
init_weights = deepcopy(lista_init.weights)

# %% cell 3
loss_untrained = []
loss_trained = []
layers = [1, 2, 3, 4, 8, 16]
l_rates = [1e-4, ] * len(layers)
for j, (l_rate, n_layers) in enumerate(zip(l_rates, layers)):
    print(n_layers)
    lista = LISTA(D, lbda, n_layers, fit_loss, reg, variables='both', learn_levels=False, architecture='cd')
    lista.weights[:2] = init_weights
    loss_untrained.append(lista.compute_loss(X_test))
    if j > 0:
        lista.weights[:len(old_weights)] = old_weights
        lista.levels[:len(old_levels)] = old_levels
    lista.fit(X, l_rate=l_rate, max_iter=201, verbose=100, backtrack=True, thres=0, l_rate_min=1e-6)
    old_weights = deepcopy(lista.weights)
    old_levels = deepcopy(lista.levels)
    loss_trained.append(lista.compute_loss(X_test))
