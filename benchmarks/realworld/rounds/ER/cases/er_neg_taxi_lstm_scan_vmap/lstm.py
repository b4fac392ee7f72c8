# Source: https://github.com/Qiaoran-M/dsa4212_lstm/blob/8e078fb2563e9b9c06417fd53468c94e69a8f0c3/model/lstm.py
# Title: model/lstm.py ("Fixed lstm data and modify model")
# Cut: the epoch driver `train` and `predict` trimmed; `from model.helper import *` replaced by the names used.
import jax
import jax.numpy as jnp
import numpy as np
from model.helper import sigmoid, init_weights

# move forwarding and gradient computation outside to avoid jax in class object issue
@jax.jit
def forward(params, states, X):
    Wf, bf, Wi, bi, Wc, bc, Wo, bo, Wy, by = params
    def step(prev_state, x):
        h_prev, c_prev = prev_state
        input = jnp.concatenate((h_prev, x))
        F = sigmoid(Wf @ input + bf)
        I = sigmoid(Wi @ input + bi)
        C = jnp.tanh(Wc @ input + bc)
        O = sigmoid(Wo @ input + bo)
        c = F * c_prev + I * C
        h = O * jnp.tanh(c)
        output = Wy @ h + by
        return (h, c), output
    states, outputs = jax.lax.scan(step, states, X[:, :, jnp.newaxis])
    return states, outputs[:, 0, 0]
forward_batch = jax.vmap(forward, in_axes=(None, 0, 0))

@jax.jit
def mse_loss(params, states, X_batch, Y_batch):
    states, Y_batch_pred = forward_batch(params, states, X_batch)
    squared_diff = (Y_batch_pred - Y_batch) ** 2
    err = jnp.mean(squared_diff, axis=1)  # N*1
    loss_value = jnp.mean(err)  # scalar
    # try L2 reg
    l2_reg = 0.5 * 0.001 * sum(jnp.sum(p**2) for p in params)
    loss_value = jnp.mean(err) + l2_reg
    return loss_value, states


class Lstm():
    def __init__(self, input_dim, hidden_dim, output_dim, 
                 num_epoches, learning_rate, batch_size):
        self.num_epoches = num_epoches
        self.learning_rate = learning_rate
        self.batch_size = batch_size
        self.dimensions = [input_dim, hidden_dim, output_dim]
        
        # initialize forget, input, candidate, output gate (same dimension)
        self.params = []
        for i in range(4):
            W = init_weights(hidden_dim, input_dim)
            b = jnp.zeros((hidden_dim, 1))
            self.params.extend([W, b])
        # initialize final gate
        self.params.append(init_weights(output_dim, hidden_dim))
        self.params.append(np.zeros((output_dim, 1)))
    
    def train_epoch(self, X, Y, num_batches, mode='TRAIN'):
        assert mode in ['TRAIN', 'EVAL'], f"{mode} mode is not recognized (use TRAIN / EVAL)!"
        epoch_losses = []
        # initialize state for each epoch
        states = (jnp.zeros((self.batch_size, self.dimensions[1], 1)), jnp.zeros((self.batch_size, self.dimensions[1], 1)))
        # batch training
        for batch in range(num_batches):
            # select batch training data 
            X_batch = X[batch * self.batch_size : (batch + 1) * self.batch_size]
            Y_batch = Y[batch * self.batch_size : (batch + 1) * self.batch_size]
            (loss, states), grads = jax.value_and_grad(mse_loss, has_aux=True)(self.params, states, X_batch, Y_batch)
            # update parameters
            if mode == 'TRAIN':
                self.params = [param - self.learning_rate * np.clip(grad, -1, 1) 
                               for param, grad in zip(self.params, grads)]
            epoch_losses.append(loss)
        return np.mean(epoch_losses)     

