# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/attacks/fast_gradient_method.py
# Title: attacks/fast_gradient_method.py (NTGA, fork of lionelmessi6410/ntga)
# Cut: the long parameter docstring is dropped; the body is as written.
import jax.numpy as np
from attacks.utils import one_hot


def fast_gradient_method(model_fn, kernel_fn, grads_fn, x_train, y_train, x_test, y_test, t=None, 
                         loss='cross-entropy', fx_train_0=0., fx_test_0=0., eps=0.3, norm=np.inf, 
                         clip_min=None, clip_max=None, targeted=False, batch_size=None):
    if norm not in [np.inf, 2]:
        raise ValueError("Norm order must be either np.inf or 2.")
        
    x = x_train
    
    if y_test is None:
        # Using model predictions as ground truth to avoid label leaking
        x_labels = np.argmax(model_fn(kernel_fn, x_train, x_test, fx_train_0, fx_test_0)[1], 1)
        y_test = one_hot(x_labels, num_classes)
        
    # Objective function - Θ(test, train)Θ(train, train)^-1(1-e^{-eta*t*Θ(train, train)})y_train
    if batch_size is None:
        batch_size = len(x_test)
    grads = 0
    for i in range(int(len(x_test)/batch_size)):
        batch_grads = grads_fn(x_train, 
                               x_test[batch_size*i:batch_size*(i+1)], 
                               y_train, 
                               y_test[batch_size*i:batch_size*(i+1)], 
                               kernel_fn, 
                               loss,
                               t,
                               targeted)
        grads += batch_grads

    axis = list(range(1, len(grads.shape)))
    avoid_zero_div = 1e-12
    if norm == np.inf:
        perturbation = eps * np.sign(grads)
    elif norm == 1:
        raise NotImplementedError("L_1 norm has not been implemented yet.")
    elif norm == 2:
        square = np.maximum(avoid_zero_div, np.sum(np.square(grads), axis=axis, keepdims=True))
        perturbation = grads / np.sqrt(square)
    
    adv_x = x + perturbation
    
    # If clipping is needed, reset all values outside of [clip_min, clip_max]
    if (clip_min is not None) or (clip_max is not None):
        # We don't currently support one-sided clipping
        assert clip_min is not None and clip_max is not None
        adv_x = np.clip(adv_x, a_min=clip_min, a_max=clip_max)
        
    return adv_x

