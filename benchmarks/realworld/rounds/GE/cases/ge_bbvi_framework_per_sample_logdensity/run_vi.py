# Source: https://github.com/bshapiro/bbvi-framework/blob/eb6e46456d9d5abc2675dda9cdff847aba9437c0/run_vi.py
# Title: run_vi.py
# Cut: option parsing reduced to the sample count default; visualisation dropped.
from black_box_vi_base import black_box_variational_inference
from copy import copy
import autograd.numpy as np
import importlib


def run_vi(model, step_size=1, num_samples=10, num_iters=1000, visualize=False, random_state=None):
    """
    Runs the variational inference gradient optimization procedure. When finished, returns the model
    and the parameters.
    """
    model._config()

    objective, gradient, unpack_params = \
        black_box_variational_inference(model.log_density, model._log_var, model.param_info, num_samples=num_samples, random_state=random_state)

    def callback(params, i, g):
        print("Iteration {} lower bound {}".format(i, -objective(params, i)))
        params = unpack_params(params)
        model.callback(params, i, g)

    x = copy(model.variational_params)
    b1 = 0.9
    b2 = 0.999
    eps = 10**-8
    m = np.zeros(len(x))
    v = np.zeros(len(x))
    for i in range(num_iters):  # Currently uses ADAM
        g = gradient(x, i)
        if callback:
            callback(x, i, g)
        m = (1 - b1) * g + b1 * m  # First  moment estimate.
        v = (1 - b2) * (g**2) + b2 * v  # Second moment estimate.
        mhat = m / (1 - b1**(i + 1))    # Bias correction.
        vhat = v / (1 - b2**(i + 1))
        x = x - step_size * mhat / (np.sqrt(vhat) + eps)
        x = model.update(x)

    return model, x


if __name__ == "__main__":
    # python run_vi.py -m models.gmmExampleModel -i 1000 -s 10   (-s: "The number of variational samples to draw at every iteration", default 10)
    model_class = importlib.import_module("models.gmmExampleModel")
    model = model_class.Model()
    run_vi(model, step_size=model.step_size, num_samples=10, num_iters=1000)
