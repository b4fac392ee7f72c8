# Source: https://github.com/ericmjl/essays-on-data-science/blob/0160c691049a6c77e3d81e5e4046e10ec592eae3/docs/machine-learning/nngp.ipynb
# Title: nngp.ipynb (neural network Gaussian processes with neural-tangents)
# Cut: utility cell 27 converted to a module; the sklearn-style NNGP class and the plotting
#      helper are dropped.
import jax.numpy as np
import neural_tangents as nt
from neural_tangents import stax
from jax import jit


def compute_mean_std(kernel_fn, x_train, y_train, x_test):
    """Function to compute mean and std function."""
    predict_fn = nt.predict.gradient_descent_mse_ensemble(
        kernel_fn, x_train, y_train, diag_reg=1e-4
    )

    nngp_mean, nngp_covariance = predict_fn(x_test=x_test, get="nngp", compute_cov=True)

    nngp_std = np.sqrt(np.diag(nngp_covariance))
    return nngp_mean, nngp_std


def make_inf_nn(n_layers: int, n_hidden: int, nonlinearity=stax.Erf()):
    """Convenience function to make infinitely wide NN of different architectures."""
    layers = []
    for _ in range(n_layers):
        layers.append(stax.Dense(n_hidden))
        if nonlinearity:
            layers.append(nonlinearity)
    init_fn, apply_fn, kernel_fn = stax.serial(
        *layers,
        stax.Dense(1),
    )
    apply_fn = jit(apply_fn)
    kernel_fn = jit(kernel_fn, static_argnums=(2,))
    return init_fn, apply_fn, kernel_fn
