# Source: https://github.com/nipunbatra/blog/blob/1ea767d923236575d9ba60ca2a4bd4e208c3acf7/posts/2020-03-29-param-learning.ipynb
# Title: 2020-03-29-param-learning.ipynb (learning GP kernel parameters with autograd)
# Cut: cells 7, 9, 17, 19 converted to a module; GPy comparison and plotting cells dropped,
#      the %matplotlib magic is removed.
import autograd.numpy as np

from matplotlib import pyplot as plt


def rbf(x1, x2, sigma, l):
    return (sigma**2)*(np.exp(-(x1-x2)**2/(2*(l**2))))


# lambda function, call f(x) to generate data
f = lambda x: 0.4*x**2 - 0.15*x**3 + 0.5*x**2 - 0.002*x**5 + 0.0002*x**6 +0.5*(x-2)**2
n = 20
np.random.seed(0)
X = np.linspace(0.05, 4.95, n)[:,None]
Y = f(X) + np.random.normal(0., 0.1, (n,1)) # note that np.random.normal takes mean and s.d. (not variance), 0.1^2 = 0.01


def nll(sigma=1, l=1, noise_std=1):
    n = X.shape[0]
    cov = rbf(X, X.T, sigma, l) + (noise_std**2)*np.eye(X.shape[0])
    nll_ar =  0.5*(Y.T@np.linalg.inv(cov)@Y) + 0.5*n*np.log(2*np.pi) + 0.5*np.log(np.linalg.det(cov))
    return nll_ar[0,0]
