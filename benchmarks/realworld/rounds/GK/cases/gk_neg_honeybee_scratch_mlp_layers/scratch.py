# Source: https://github.com/bishopcurtisj/honeybee/blob/780937ac92e8550e23dbc3c55bb883f3afed3ce4/jax_src/scratch.py
# Title: honeybee - jax_src/scratch.py (scratch MLP for the neural-network demand agents)
# Cut: the pure-Python genetic-algorithm sketch at the top of the file is dropped; the JAX MLP kept.
import jax
import jax.numpy as jnp
from jax import random, grad, jit

# Initialize random parameters for weights and biases
def init_params(layers, key):
    params = []
    keys = random.split(key, len(layers) - 1)
    for i in range(len(layers) - 1):
        w_key, b_key = random.split(keys[i])
        params.append((
            random.normal(w_key, (layers[i], layers[i+1])) * 0.1,
            random.normal(b_key, (layers[i+1],)) * 0.1
        ))
    return params

# Define the forward pass
def forward_pass(params, x):
    for w, b in params[:-1]:
        x = jnp.dot(x, w) + b
        x = jax.nn.relu(x)  # Apply ReLU activation
    # Output layer (no activation)
    final_w, final_b = params[-1]
    return jnp.dot(x, final_w) + final_b

# Loss function: Mean Squared Error
def mse_loss(params, x, y):
    preds = forward_pass(params, x)
    return jnp.mean((preds - y) ** 2)

# Update parameters using gradient descent
@jit
def update_params(params, x, y, lr):
    grads = grad(mse_loss)(params, x, y)
    updated_params = [
        (w - lr * dw, b - lr * db)
        for (w, b), (dw, db) in zip(params, grads)
    ]
    return updated_params

# Training loop
def train_network(params, x_train, y_train, epochs, lr):
    for epoch in range(epochs):
        params = update_params(params, x_train, y_train, lr)
        if epoch % 100 == 0:
            loss = mse_loss(params, x_train, y_train)
            print(f"Epoch {epoch}, Loss: {loss:.4f}")
    return params

# Example usage
if __name__ == "__main__":
    # Define network architecture
    layers = [2, 16, 1]  # Input size 2, one hidden layer with 16 units, output size 1
    key = random.PRNGKey(42)

    # Initialize parameters
    params = init_params(layers, key)

    # Generate some dummy data
    x_train = random.normal(key, (100, 2))  # 100 samples, 2 features each
    y_train = jnp.sum(x_train, axis=1, keepdims=True)  # Target is sum of inputs

    # Train the network
    trained_params = train_network(params, x_train, y_train, epochs=1000, lr=0.01)
