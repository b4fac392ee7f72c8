# Source: https://github.com/nipunbatra/blog/blob/1ea767d923236575d9ba60ca2a4bd4e208c3acf7/posts/2020-03-29-param-learning.ipynb
# Title: 2020-03-29-param-learning.ipynb (learning GP kernel parameters with autograd)
# Cut: cells 28, 31, 34, 35, 37 converted to a module; contour plots dropped.
import numpy as numpy
import autograd.numpy as np
from autograd import elementwise_grad as egrad
from autograd import grad

from gp_nll import nll

x_grid_2, y_grid_2 = numpy.mgrid[0.1:6:0.04, 0.1:4:0.03]

li = np.zeros_like(x_grid_2)
for i in range(x_grid_2.shape[0]):
    for j in range(x_grid_2.shape[1]):
        li[i, j] = nll(x_grid_2[i, j], y_grid_2[i, j], np.sqrt(.007573211752763481))

print(li.min())
aa, bb = np.unravel_index(li.argmin(), li.shape)
print(x_grid_2[aa, 0]**2, y_grid_2[bb, 0])

grad_objective = grad(nll, argnum=[0, 1, 2])

sigma = 2.
l = 2.
noise = 1.
lr = 1e-3
num_iter = 100
nll_arr = np.zeros(num_iter)
for iteration in range(num_iter):
    nll_arr[iteration] = nll(sigma, l, noise)
    del_sigma, del_l, del_noise = grad_objective(sigma, l, noise)
    sigma = sigma - lr*del_sigma
    l = l - lr*del_l
    noise = noise - lr*del_noise
