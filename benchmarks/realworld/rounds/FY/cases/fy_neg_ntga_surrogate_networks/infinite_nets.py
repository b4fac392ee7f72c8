# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/models/dnn_infinite.py
# Title: models/dnn_infinite.py and models/cnn_infinite.py (NTGA surrogate networks)
# Cut: both files as written, concatenated (blocks built in a Python loop over layers).
from neural_tangents import stax


def DenseBlock(neurons, W_std, b_std):
    return stax.serial(stax.Dense(neurons, W_std, b_std), 
                       stax.Erf())

def DenseGroup(n, neurons, W_std, b_std):
    """
    :param n: int. Number of layers.
    :param neurons: int. Number of neurons in each layer (finite-width case).
            For the infinite-width neuron network, this parameter is meaningless.
    :param W_std: float. Standard deviation of weights at initialization.
    :param b_std: float. Standard deviation of biases at initialization.
    :return: a callable fully-connected neural network.
    """
    blocks = []
    for _ in range(n):
        blocks += [DenseBlock(neurons, W_std, b_std)]
    return stax.serial(*blocks)


def ConvBlock(channels, W_std, b_std, strides=(1, 1)):
    return stax.serial(stax.Conv(out_chan=channels, filter_shape=(5, 5), strides=strides, 
                                 padding='SAME', W_std=W_std, b_std=b_std), 
                       stax.Relu(do_backprop=True))

def ConvGroup(n, channels, stride, W_std, b_std):
    """
    :param n: int. Number of layers.
    :param channels: int. Number of channels in each layer (finite-width case).
            For the infinite-width neuron network, this parameter is meaningless.
    :param: stride: (int, int). Stride number used in the convolution operation.
    :param W_std: float. Standard deviation of weights at initialization.
    :param b_std: float. Standard deviation of biases at initialization.
    :return: a callable convolutional neural network.
    """
    blocks = []
    for i in range(n):
        blocks += [ConvBlock(channels, W_std, b_std, stride)]
    return stax.serial(*blocks)
