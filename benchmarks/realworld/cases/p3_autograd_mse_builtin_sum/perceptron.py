# Source: https://github.com/HIPS/autograd/issues/421
# Title: HIPS/autograd#421 "1 layer perceptron for MNIST gives memoryerror"
# Cut: kept the author's loss and training loop; the MNIST loading is replaced by arrays of the same shape.
import autograd.numpy as np
import autograd.numpy.random as npr
from autograd import grad

# The data has a shape 60000x784 and output has shape 60000,1
x_train = npr.rand(60000, 784)
y_train = npr.rand(60000, 1)

w1 = np.zeros([784, 1])

def loss(w):
    return sum((np.dot(x_train, w) - y_train)**2)

for i in range(50):
    w1 -= grad(loss)(w1)*0.001
    print(loss(w1))
