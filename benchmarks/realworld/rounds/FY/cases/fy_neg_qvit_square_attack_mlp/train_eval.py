# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/MNIST/Adversarial.py
# Title: QVAA/MNIST/Adversarial.py (MLP, training and SA evaluation cells)
# Cut: kept init_mlp_params, model_fn, train_model, evaluate and the SA evaluation cell; the MNIST
#      0/1 loader is imported and the other attack cells are dropped.
import jax
import jax.numpy as jnp
import optax

from square_attack import SA
from data import load_mnist_binary

def init_mlp_params(rng_key):
    keys = jax.random.split(rng_key, 4)
    params = {
        "w1": jax.random.normal(keys[0], (28 * 28, 128)) * 0.01,
        "b1": jnp.zeros(128),
        "w2": jax.random.normal(keys[1], (128, 2)) * 0.01,
        "b2": jnp.zeros(2)
    }
    return params

def model_fn(params, x):
    x_flat = x.reshape((x.shape[0], -1))
    hidden = jax.nn.relu(jnp.dot(x_flat, params["w1"]) + params["b1"])
    logits = jnp.dot(hidden, params["w2"]) + params["b2"]
    return logits


# In[69]:

def train_model(x_train, y_train, num_epochs=10, lr=0.1):
    params = init_mlp_params(jax.random.PRNGKey(0))
    optimizer = optax.sgd(lr)
    opt_state = optimizer.init(params)

    def loss_fn(params, x, y):
        logits = model_fn(params, x)
        return optax.softmax_cross_entropy(logits, y).mean()

    @jax.jit
    def update(params, opt_state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, opt_state = optimizer.update(grads, opt_state)
        new_params = optax.apply_updates(params, updates)
        return new_params, opt_state, loss

    for epoch in range(num_epochs):
        params, opt_state, loss = update(params, opt_state, x_train, y_train)
        print(f"Epoch {epoch+1}, Loss: {loss:.4f}")

    return params

def evaluate(params, x, y):
    logits = model_fn(params, x)
    preds = jnp.argmax(logits, axis=1)
    labels = jnp.argmax(y, axis=1)
    return jnp.mean(preds == labels)


x_train, y_train, x_test, y_test = load_mnist_binary()
params = train_model(x_train, y_train)
acc_clean = evaluate(params, x_test, y_test)
x_adv = SA(model_fn, x_test, y_test, eps=0.2)
acc_adv = evaluate(params, x_adv, y_test)
