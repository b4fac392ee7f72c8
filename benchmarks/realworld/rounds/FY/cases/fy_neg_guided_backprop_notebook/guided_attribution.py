# Source: https://github.com/ChristianOrr/feature-attribution-methods-jax/blob/bdea6ad80da4350e6ffb9753767f345193bdf13d/guided_backprop.ipynb
# Title: guided_backprop.ipynb (guided model and attribution cells)
# Cut: code cells 21, 23 and 25 converted to a script; the trained params, data and the plain model
#      come from the notebook's earlier cells (imported here), the tabulate print is dropped.
import numpy as np
import matplotlib.pyplot as plt
import jax
import flax.linen as nn
from jax import random, grad
import optax

from guided_relu import guided_relu
from notebook_setup import forward_fn, get_predictions, params, X_train, X_val, Y_val
class _guided_forward_fn(nn.Module):

    @nn.compact
    def __call__(self, x):
        batch_size = x.shape[0]
        # Unflatten for the convolution layers
        x = x.reshape(batch_size, 28, 28, 1)
        conv_layers = nn.Sequential([
            nn.Conv(features=16, kernel_size=(3, 3), padding="VALID", use_bias=False), guided_relu,
            nn.Conv(features=32, kernel_size=(3, 3), padding="VALID", use_bias=False), guided_relu,   
        ])
        x = conv_layers(x)
        # Flatten for dense layer
        x = x.reshape((batch_size, -1))
        x = nn.Dense(10)(x)
        return jax.nn.softmax(x)

# Create eh model object
guided_forward_fn = _guided_forward_fn()
# Display the model details
dummy_x = X_train[:5]
rng_key = random.PRNGKey(64)
initial_params = guided_forward_fn.init(rng_key, dummy_x)
def guided_loss_fn(params, X, Y):
    logits = guided_forward_fn.apply(params, X)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, Y)
    loss = loss.mean()
    return loss
def make_predictions(X, params):
    logits = forward_fn.apply(params, X)
    predictions = get_predictions(logits)
    return predictions

def prep_image(image):
    # Normalize the gradient values to be between 0-1
    max_val= np.max(image)
    min_val = np.min(image)
    image = (image - min_val) / (max_val - min_val)
    # Convert the grads to uint8 for displaying
    image = np.uint8(image * 255)
    return image   

def display_prediction(index, params):
    current_image = X_val[None, index]
    prediction = make_predictions(X_val[None, index], params)

    label = Y_val[index]
    print("Prediction: ", prediction)
    print("Label: ", label)

    display_image = current_image.reshape((28, 28)) * 255
    plt.gray()
    plt.imshow(display_image, interpolation='nearest')
    plt.axis('off')
    plt.title("Input Image")
    plt.show()

    
    attributions = grad(guided_loss_fn, argnums=1)(params, current_image, label[None, ...])[0]
    attributions = attributions.reshape((28, 28))
    attributions = prep_image(attributions)

    plt.gray()
    plt.imshow(attributions, interpolation='nearest')
    plt.axis('off')
    plt.title("Attribution Map")
    plt.show()
