# Source: https://github.com/nipunbatra/blog/blob/1ea767d923236575d9ba60ca2a4bd4e208c3acf7/posts/2020-02-28-xor-relu-vector.ipynb
# Title: 2020-02-28-xor-relu-vector.ipynb (XOR with a 2-2-1 network, vectorised backprop)
# Cut: cells 1, 2, 4, 7, 12, 15, 17-19 converted to a module; plotting cells and the manual
#      backprop training loop are dropped; the %matplotlib magic is removed.
import autograd.numpy as np

X = np.array([[0, 0],
             [0, 1],
             [1, 0],
             [1, 1]
             ])

y = np.array([[0], [1], [1], [0]])

N, N_0 = X.shape
N, N_2 = y.shape
N_1 = 2


def relu(z):
    temp = z.copy()
    temp[temp < 0] = 0
    return temp


def sigmoid(z):
    return 1./(1+np.exp(-z))


shapes = [X.shape[1], 2, 1]
activations = ['empty', 'sigmoid', 'sigmoid']

activation_func = {'sigmoid': sigmoid, 'relu': relu}


W = [None]*(len(shapes))
b = [None]*(len(shapes))

np.random.seed(0)
# Dummy
W[0] = np.array([0])
b[0] = np.array([0])

for i in range(1, len(shapes)):
    W[i] = np.random.randn(shapes[i], shapes[i-1])
    b[i] = np.random.randn(shapes[i], 1)

Z = [None]*(len(W))
Z[0] = np.array([0])

A = [X]
A.extend([None]*(len(W)-1))


def objective(W, b):
    for i in range(1, len(W)):
        Z[i] = A[i-1]@(W[i].T) + b[i].T
        A[i] = activation_func[activations[i]](Z[i])
    y_hat = A[2]
    loss = (-y.T@np.log(y_hat) - (1-y).T@np.log(1-y_hat)).squeeze()
    return loss


objective(W, b)

from autograd import elementwise_grad as egrad
from autograd import grad

grad_objective = grad(objective, argnum=[0, 1])

(del_W0_auto, del_W1_auto, del_W2_auto), (del_b0_auto, del_b1_auto, del_b2_auto) = grad_objective(W, b)
