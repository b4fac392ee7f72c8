# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/attacks/projected_gradient_descent.py
# Title: attacks/projected_gradient_descent.py (NTGA, fork of lionelmessi6410/ntga)
# Cut: the long parameter docstring is dropped; the body is as written (the module names random
#      without importing it, as in the source; an import is added here).
from jax import random
import jax.numpy as np
from attacks.utils import clip_eta, one_hot
from attacks.fast_gradient_method import fast_gradient_method


def projected_gradient_descent(model_fn, kernel_fn, grads_fn, x_train, y_train, x_test, y_test, t=None, 
                               loss='cross-entropy', fx_train_0=0., fx_test_0=0., eps=0.3, eps_iter=0.03, 
                               nb_iter=10, norm=np.inf, clip_min=None, clip_max=None, targeted=False, 
                               rand_init=None, rand_minmax=0.3, key=None, batch_size=None):
    assert eps_iter <= eps, (eps_iter, eps)
    if norm == 1:
        raise NotImplementedError("It's not clear that FGM is a good inner loop"
                                  " step for PGD when norm=1, because norm=1 FGM "
                                  " changes only one pixel at a time. We need "
                                  " to rigorously test a strong norm=1 PGD "
                                  "before enabling this feature.")
    if norm not in [np.inf, 2]:
        raise ValueError("Norm order must be either np.inf or 2.")
        
    x = x_train
    if y_test is None:
        # Using model predictions as ground truth to avoid label leaking
        x_labels = np.argmax(model_fn(kernel_fn, x_train, x_test, fx_train_0, fx_test_0)[1], 1)
        y_test = one_hot(x_labels, num_classes)
        
    # Initialize loop variables
    if rand_init:
        rand_minmax = eps
        eta = random.uniform(key, x.shape, minval=-rand_minmax, maxval=rand_minmax)
    else:
        eta = np.zeros_like(x)

    # Clip eta
    eta = clip_eta(eta, norm, eps)
    adv_x = x + eta
    if clip_min is not None or clip_max is not None:
        adv_x = np.clip(adv_x, a_min=clip_min, a_max=clip_max)
        
    for i in range(nb_iter):
        adv_x = fast_gradient_method(model_fn, kernel_fn, grads_fn, x_train, y_train, x_test, y_test, t, loss, 
                                     fx_train_0, fx_test_0, eps, norm, clip_min, clip_max, targeted, batch_size)

        # Clipping perturbation eta to norm norm ball
        eta = adv_x - x
        eta = clip_eta(eta, norm, eps)
        adv_x = x + eta

        # Redo the clipping.
        # FGM already did it, but subtracting and re-adding eta can add some
        # small numerical error.
        if clip_min is not None or clip_max is not None:
            adv_x = np.clip(adv_x, a_min=clip_min, a_max=clip_max)
            
    return adv_x

