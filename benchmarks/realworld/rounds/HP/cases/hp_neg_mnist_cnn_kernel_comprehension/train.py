# Source: https://github.com/dnbt777/ml/blob/e604c5721840275c8387488b76561a61bb8e83f6/FINISHED/CNN/jax_MNIST_CNN.ipynb
# Title: FINISHED/CNN/jax_MNIST_CNN.ipynb (second version of a from-scratch JAX MNIST CNN)
# Cut: cells 3-4 converted to .py: get_accuracy and the training cell (jitted train_step,
#      per-step driver); the MNIST loading cell is replaced by its shapes; plotting cut.
import jax.numpy as jnp
import jax.random as random
import jax
import optax

from model import cnn_forward, get_loss, init_cnn_params

# (cell 1: MNIST via torchvision) x_train (60000, 1, 28, 28), y_train one-hot (60000, 10)
x_train, y_train = jnp.zeros((60000, 1, 28, 28)), jnp.zeros((60000, 10))
x_test, y_test = jnp.zeros((10000, 1, 28, 28)), jnp.zeros((10000, 10))

# yes i know its inefficient idc
def get_accuracy(cnn_params, xs, ys):
  correct = 0
  for idx in range(len(xs)):
    logits = cnn_forward(cnn_params, xs[idx])
    yhat, y = jnp.argmax(logits), jnp.argmax(ys[idx])
    if yhat == y:
      correct += 1
  return correct / len(xs)


# do training

key = random.PRNGKey(29383)
keys = random.split(key, 100)

input_shape = (1, 28, 28)
output_shape = (10,)
cnn_params = init_cnn_params(keys[0], input_shape, output_shape)

learning_rate = 0.001
optimizer = optax.adam(learning_rate)
opt_state = optimizer.init(cnn_params)

@jax.jit
def train_step(cnn_params, x, y, opt_state):
  loss, grads = jax.value_and_grad(get_loss)(cnn_params, x, y)
  updates, updated_opt_state = optimizer.update(grads, opt_state)
  updated_cnn_params = optax.apply_updates(cnn_params, updates)
  return updated_cnn_params, updated_opt_state, loss

x = x_train[0]
y = y_train[0]
import time
start = time.time()

steps = 400000
print_every = 100
train_indices = random.permutation(keys[2], len(x_train))
test_indices = random.permutation(keys[3], len(x_test))
moving_avg = []
for step in range(steps):
  idx = train_indices[step % len(x_train)]
  cnn_params, opt_state, loss = train_step(cnn_params, x_train[idx], y_train[idx], opt_state)
  test_idx = test_indices[step % len(x_test)]
  val_loss = get_loss(cnn_params, x_test[test_idx], y_test[test_idx])
  moving_avg.append([loss, val_loss])
  if step % print_every == 0:
    loss, val_loss = jnp.mean(jnp.array(moving_avg), axis=0)
    accuracy = get_accuracy(cnn_params, x_test[:print_every], y_test[:print_every])
    print(f"step {step}, loss = {loss:0.4f}, val_loss = {val_loss:0.4f}, val_accuracy={accuracy:0.5f}")
    moving_avg = []
print("total: ", time.time() - start)
