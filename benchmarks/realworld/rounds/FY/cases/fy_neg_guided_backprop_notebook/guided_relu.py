# Source: https://github.com/ChristianOrr/feature-attribution-methods-jax/blob/bdea6ad80da4350e6ffb9753767f345193bdf13d/guided_backprop.ipynb
# Title: guided_backprop.ipynb (guided ReLU cells)
# Cut: code cells 13, 15, 17 and 19 converted to a script (the custom_vjp guided ReLU and the
#      vmapped-gradient plots over a 1000-point line).
import jax
import jax.numpy as jnp
from jax import custom_vjp
from jax import grad
import matplotlib.pyplot as plt
@custom_vjp
def guided_relu(x):
    return jax.nn.relu(x)

def guided_relu_fwd(x):
    residual = x
    primal = guided_relu(x)

    return primal, residual

def guided_relu_bwd(residual, grad):
    # Derivative of relu is 1 for values > 0 and 0 otherwise
    # Using relu devivative for both residuals and grads
    grad_gate = jnp.float32(grad > 0)
    residual_gate = jnp.float32(residual > 0)
    output = residual_gate * grad_gate * grad
    return (output, ) 

guided_relu.defvjp(guided_relu_fwd, guided_relu_bwd)

input_vector = jnp.linspace(-5, 5, 1000)

plt.plot(jnp.sin(input_vector))
plt.plot(jax.vmap(grad(jnp.sin))(input_vector))
def relu_sin(x):
    x = jax.nn.relu(x)
    return jnp.sin(x)

plt.plot(relu_sin(input_vector))
plt.plot(jax.vmap(grad(relu_sin))(input_vector))
def guided_relu_sin(x):
    x = guided_relu(x)
    return jnp.sin(x)

plt.plot(guided_relu_sin(input_vector))
plt.plot(jax.vmap(grad(guided_relu_sin))(input_vector))
