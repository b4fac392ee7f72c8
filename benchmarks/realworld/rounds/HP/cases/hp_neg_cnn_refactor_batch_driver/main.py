# Source: https://github.com/dnbt777/ml/blob/5b29ce745bd71178be336beea5efab983c0b0fcd/FINISHED/CNN_REFACTOR/main.py
# Title: FINISHED/CNN_REFACTOR/main.py ("3x convolution speedup + fixed batch logic")
# Cut: kept the imports, train setup and the epoch/batch driver (the author's note: jitting the
#      batch loop took too much memory); data-loading timing, stats printing and rendering cut.
import jax.numpy as jnp
import jax.random as jrand 
import optax
import time

from train_utils import get_accuracy, grad_update_step
from cnn_utils import init_cnn_params
from data_loading_utils import load_MNIST


classes, x_train, y_train, x_test, y_test = load_MNIST()

##               ##

# initialize parameters
input_shape = (1, 28, 28)
output_shape = (10,)
model_dtype = jnp.float32 # breaks if not float32 :(
rolling_key = jrand.PRNGKey(29383)
cnn_params = init_cnn_params(rolling_key, output_shape, dtype=model_dtype)
rolling_key, _ = jrand.split(rolling_key, 2)

# initialize adam optimizer
learning_rate = 3e-3
optimizer = optax.adam(learning_rate)
opt_state = optimizer.init(cnn_params)

# train loop params
epochs = 1 
train_batch_size = 512 



## ############## ##
### ~~ TRAIN ~~  ###
## ############## ##

start = time.time()
#########################


# Train!
for epoch in range(epochs):
  train_batches = x_train.shape[0] // train_batch_size
  total_samples = train_batches*train_batch_size
  # prep train data - randomize and reshape into batches
  train_indices = jrand.permutation(rolling_key, x_train.shape[0])
  rolling_key, _ = jrand.split(rolling_key, 2)
  x_train_randomized = x_train[train_indices][:total_samples] # make sure sample size is a multiple of batch size
  y_train_randomized = y_train[train_indices][:total_samples] # same indices, same x->y pairs
  reshape_to_batch = lambda arr, batches: jnp.reshape(arr, (batches, arr.shape[0]//batches, *arr.shape[1:])) 
  x_train_batches = reshape_to_batch(x_train_randomized, train_batches)
  y_train_batches = reshape_to_batch(y_train_randomized, train_batches)
  # train over each batch
  # i attempted to jit this part, but the compute graph took up too much memory.
  print("training on batches")
  for batch_idx in range(train_batches):
    print(batch_idx)
    # get grads  from train data
    cnn_params, opt_state, loss = grad_update_step(cnn_params, x_train_batches[batch_idx], y_train_batches[batch_idx], opt_state, optimizer)
  # randomize test set, then get val loss and accuracy
  test_indices = jrand.permutation(rolling_key, x_test.shape[0])
  rolling_key, _ = jrand.split(rolling_key, 2)
  test_batch_size = train_batch_size//4
  val_loss, val_accuracy = get_accuracy(cnn_params, x_test[test_indices][:test_batch_size], y_test[test_indices][:test_batch_size])
  # print epoch results
  print(f"epoch{epoch}/{epochs}|batch{batch_idx}/{train_batches}|loss={loss:0.4f}|val_loss={val_loss:0.4f}|val_accuracy={val_accuracy:0.5f}")

