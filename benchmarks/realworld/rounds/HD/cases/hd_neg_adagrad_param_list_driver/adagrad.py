# Source: https://github.com/nipunbatra/blog/blob/1ea767d923236575d9ba60ca2a4bd4e208c3acf7/posts/2017-08-12-linear-regression-adagrad-vs-gd.ipynb
# Title: 2017-08-12-linear-regression-adagrad-vs-gd.ipynb (Adagrad vs gradient descent with autograd)
# Cut: cells 3, 6, 11, 15, 19, 26, 27 converted to a module; pandas plots, the learning-rate
#      grid and the animation cells are dropped; the %matplotlib magic is removed.
import autograd.numpy as np
from autograd import grad

np.random.seed(0)
n_samples = 50
X = np.linspace(1, 50, n_samples)
Y = 10*X + 6 + 2*np.random.randn(n_samples)


def cost(param_list):
    w, b = param_list
    pred = w*X+b
    return np.sqrt(((pred - Y) ** 2).mean(axis=None))/(2*len(Y))


def adagrad_gd(param_init, cost, niter=5, lr=1e-2, eps=1e-8, random_seed=0):
    """
    param_init: List of initial values of parameters
    cost: cost function
    niter: Number of iterations to run
    lr: Learning rate
    eps: Fudge factor, to avoid division by zero
    """
    from copy import deepcopy
    import math
    # Fixing the random_seed
    np.random.seed(random_seed)

    # Function to compute the gradient of the cost function
    grad_cost = grad(cost)
    params = deepcopy(param_init)
    param_array, grad_array, lr_array, cost_array = [params], [], [[lr for _ in params]], [cost(params)]
    # Initialising sum of squares of gradients for each param as 0
    sum_squares_gradients = [np.zeros_like(param) for param in params]
    for i in range(niter):
        out_params = []
        gradients = grad_cost(params)
        # At each iteration, we add the square of the gradients to `sum_squares_gradients`
        sum_squares_gradients= [eps + sum_prev + np.square(g) for sum_prev, g in zip(sum_squares_gradients, gradients)]
        # Adapted learning rate for parameter list
        lrs = [np.divide(lr, np.sqrt(sg)) for sg in sum_squares_gradients]
        # Paramter update
        params = [param-(adapted_lr*grad_param) for param, adapted_lr, grad_param in zip(params, lrs, gradients)]
        param_array.append(params)
        lr_array.append(lrs)
        grad_array.append(gradients)
        cost_array.append(cost(params))

    return params, param_array, grad_array, lr_array, cost_array


def gd(param_init, cost,  niter=5, lr=0.01, random_seed=0):
    np.random.seed(random_seed)
    from copy import deepcopy
    grad_cost = grad(cost)
    params = deepcopy(param_init)
    param_array, grad_array, cost_array = [params], [], [cost(params)]
    for i in range(niter):
        out_params = []
        gradients = grad_cost(params)
        params = [param-lr*grad_param for param, grad_param in zip(params, gradients)]
        param_array.append(params)
        grad_array.append(gradients)
        cost_array.append(cost(params))
    return params, param_array, grad_array, cost_array


# Fixing the random seed for reproducible init params for `W` and `b`
np.random.seed(0)
param_init = [np.random.randn(), np.random.randn()]
lr = 0.01
eps=1e-8
niter=1000
ada_params, ada_param_array, ada_grad_array, ada_lr_array, ada_cost_array = adagrad_gd(param_init, cost, niter=niter, lr=lr, eps=eps)
gd_params, gd_param_array, gd_grad_array, gd_cost = gd(param_init, cost, niter=niter, lr=lr)
