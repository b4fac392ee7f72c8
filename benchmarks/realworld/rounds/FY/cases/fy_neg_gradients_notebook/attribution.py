# Source: https://github.com/ChristianOrr/feature-attribution-methods-jax/blob/bdea6ad80da4350e6ffb9753767f345193bdf13d/gradients.ipynb
# Title: gradients.ipynb (attribution cells)
# Cut: code cells 13 and 14 converted to a script (plotting calls kept); imports point at the
#      training cells in train_model.py.
import numpy as np
import matplotlib.pyplot as plt
from jax import grad

from train_model import forward_fn, loss_fn, get_predictions, params, X_val, Y_val
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

    # Calculate the derivative WRT the input image
    attributions = grad(loss_fn, argnums=1)(params, current_image, label[None, ...])[0]

    attributions = attributions.reshape((28, 28))
    attributions = prep_image(attributions)
    plt.gray()
    plt.imshow(attributions, interpolation='nearest')
    plt.axis('off')
    plt.title("Attribution Map")
    plt.show()
display_prediction(0, params)
display_prediction(3, params)
display_prediction(5, params)
display_prediction(8, params)
display_prediction(10, params)
display_prediction(50, params)
