# Source: https://github.com/shreyansh26/ML-Optimizers-JAX/blob/7993d30785bcdcf001b06019d2084a30ec621e3f/ml_optimizers.ipynb
# Title: ml_optimizers.ipynb (Optimizers in JAX, notebook driver)
# Cut: cells 2, 4 and the adam cell converted to a module (docstrings shortened); other optimizer cells dropped.
import jax
import jax.numpy as np
from sklearn.datasets import make_regression
from sklearn.model_selection import train_test_split

from adam import *


def get_data():
    """Create dataset for linear regression using 5 features. Set fix bias = 2.0"""
    # create our dataset. Set fix bias of 2.0 and return weights (coef=True)
    X, y, coef = make_regression(n_features=5, coef=True, bias=2.0)
    X, X_test, y, y_test = train_test_split(X, y)
    return (X, X_test, y, y_test, coef)

def J(X, w, b, y):
    """Cost function for a linear regression. A forward pass of our model."""
    y_hat = np.dot(X, w) + b # Predict values.
    return ((y_hat - y)**2).mean() # Return cost.


X, X_test, y, y_test, coef = get_data()
params = adam(J, X, y)

print("True weights =", coef)
print("Calculated weights =", params['w'])
print("True bias = 2.0\tCalculated bias = {:.6f}".format(params['b']))
print("Test loss: {:.9f}".format(J(X_test, params['w'], params['b'], y_test)))
