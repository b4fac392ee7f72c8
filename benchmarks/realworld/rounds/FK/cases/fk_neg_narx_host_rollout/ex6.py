# Source: https://github.com/MatzeLopi/KIT-2243070/blob/0b77f953eae61262f069fbb88a59bd0eea37aa15/Exercises/ex6.ipynb
# Title: Exercises/ex6.ipynb (Exercise 6: neural networks for system identification)
# Cut: cells 9-15 converted to a script: data windowing, free-run simulation, the nnx model (nine hidden Linear layers shortened to three), the jitted train step and the driver. Data generation (solve_ivp of the Sonnleitner model) and plotting cut; the unused rollout_loss helper cut. simulate() is only called after training, eagerly, to plot predictions.
from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx

WIN = 5


def arrange_data(u,y, window = 5):
    x = []
    y = y.flatten()

    for i in range(1,u.shape[0]):
        if i < window:
            y_ = y[0:i]
            y_ = jnp.pad(y_, (window - i, 0), mode='constant', constant_values=-1)
        else:
            y_ = y[i - window:i]

        assert len(y_) == window, f"Expected window size {window}, got {len(y_)} on iteration {i}"
        data = jnp.concatenate([y_, jnp.array([u[i]])])
        assert len(data) == window + 1, f"Expected data size {window + 1}, got {len(data)} on iteration {i}"
        x.append(data)

    return jnp.array(x)


def simulate(model, u, y0, window=5):
    y_pred = [y0]

    for t in range(1, u.shape[0]):
        # Build rolling window of past predictions (pad if needed)
        if t < window:
            past = jnp.pad(jnp.array(y_pred), (window - t, 0), constant_values=-1)
        else:
            past = jnp.array(y_pred[-window:])

        # Construct model input: [y_{t-k}, ..., y_{t-1}, u_t]
        inp = jnp.concatenate([past, jnp.array([u[t]])])
        y_t = model(inp).flatten()[0]
        y_pred.append(y_t)

    return jnp.array(y_pred[1:])  # skip initial y0


class Model(nnx.Module):
  def __init__(self, din, dmid, dout, rngs: nnx.Rngs):
    self.linear_in = nnx.Linear(din, dmid, rngs=rngs)
    self.linear1 = nnx.Linear(dmid, dmid, rngs=rngs)
    self.linear2 = nnx.Linear(dmid, dmid, rngs=rngs)
    self.linear_out = nnx.Linear(dmid, dout, rngs=rngs)

  def __call__(self, x):
    x = nnx.relu(self.linear_in(x))
    x = nnx.relu(self.linear1(x))
    x = nnx.relu(self.linear2(x))
    x = self.linear_out(x)
    return x


def mean_absolute_error(y_true, y_pred):
    return jnp.mean(jnp.abs(y_true - y_pred))


@partial(nnx.jit, static_argnames = ("loss_func",))
def train_step(model:nnx.Module, optimizer:nnx.Optimizer, x:jax.Array, y:jax.Array, loss_func = mean_absolute_error):
  def loss_fn(model:nnx.Module):
    y_pred = model(x)  # call methods directly
    return loss_func(y, y_pred)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(grads)  # in-place updates

  return loss


def train(model, optimizer, x,y, epochs):
  history = jnp.zeros(epochs)

  for epoch in range(epochs):
    loss = train_step(model, optimizer, x, y)

    if epoch % 100 == 0:
      print(f"Epoch {epoch}, Loss {loss}")
    history = history.at[epoch].set(loss)

  return model, history


def run(u_train, ytrain, u_test, ytest):
    x = arrange_data(u_train, ytrain, window = WIN)
    rngs = nnx.Rngs(0)
    model = Model(1+WIN, 48, 1, rngs)
    optimizer = nnx.Optimizer(model, optax.adamw(1e-6,weight_decay=1e-4))
    model, history = train(model, optimizer, x, ytrain, 15000)
    y_pred = simulate(model, u_test, ytest[0][0],WIN)
    y_pred_train = simulate(model, u_train, ytrain[0][0],WIN)
    return y_pred, y_pred_train
