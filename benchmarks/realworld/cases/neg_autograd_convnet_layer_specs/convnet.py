# Source: https://github.com/HIPS/autograd/blob/bff107b8d71a444a1160deade3e1cbd0b92f4fa6/examples/convnet.py
# Title: HIPS/autograd examples/convnet.py (LeNet-5 style convnet)
# Cut: kept make_nn_funs, the maxpool layer and the grad call; WeightsParser is imported instead of
#      defined; the conv and dense layers, MNIST loading and the SGD loop are dropped.
import autograd.numpy as np
import autograd.scipy.signal
from autograd import grad

from util import WeightsParser  # a helper class to index into a parameter vector

convolve = autograd.scipy.signal.convolve


def make_nn_funs(input_shape, layer_specs, L2_reg):
    parser = WeightsParser()
    cur_shape = input_shape
    for layer in layer_specs:
        N_weights, cur_shape = layer.build_weights_dict(cur_shape)
        parser.add_weights(layer, (N_weights,))

    def predictions(W_vect, inputs):
        """Outputs normalized log-probabilities.
        shape of inputs : [data, color, y, x]"""
        cur_units = inputs
        for layer in layer_specs:
            cur_weights = parser.get(W_vect, layer)
            cur_units = layer.forward_pass(cur_units, cur_weights)
        return cur_units

    def loss(W_vect, X, T):
        log_prior = -L2_reg * np.dot(W_vect, W_vect)
        log_lik = np.sum(predictions(W_vect, X) * T)
        return -log_prior - log_lik

    return parser.N, predictions, loss


class maxpool_layer:
    def __init__(self, pool_shape):
        self.pool_shape = pool_shape

    def forward_pass(self, inputs, param_vector):
        new_shape = inputs.shape[:2]
        for i in [0, 1]:
            pool_width = self.pool_shape[i]
            img_width = inputs.shape[i + 2]
            new_shape += (img_width // pool_width, pool_width)
        result = inputs.reshape(new_shape)
        return np.max(np.max(result, axis=3), axis=4)


def train(input_shape, layer_specs, L2_reg):
    N_weights, pred_fun, loss_fun = make_nn_funs(input_shape, layer_specs, L2_reg)
    loss_grad = grad(loss_fun)
    return loss_grad
