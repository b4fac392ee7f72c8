# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/generate_attack_chlu.py
# Title: generate_attack_chlu.py (NTGA driver)
# Cut: kept the jitted kernel and gradient functions and the per-batch generation loop; argument
#      parsing, the evaluation prints and saving are dropped.
import jax.numpy as np
from jax import grad, jit, random

from attacks.projected_gradient_descent import projected_gradient_descent
from utils_generate_attack import surrogate_fn, model_fn, adv_loss


def generate(train_data, val_data, test_data, model_type, num_classes, eps, nb_iter, t, batch_size, _to_numpy):
    eps_iter = (eps/nb_iter)*1.1
    key = random.PRNGKey(0)
    b_std, W_std = np.sqrt(0.18), np.sqrt(1.76) # Standard deviation of initial biases and weights
    init_fn, apply_fn, kernel_fn = surrogate_fn(model_type, W_std, b_std, num_classes)
    apply_fn = jit(apply_fn)
    kernel_fn = jit(kernel_fn, static_argnums=(2,))

    # grads_fn: a callable that takes an input tensor and a loss function, 
    # and returns the gradient w.r.t. an input tensor.
    grads_fn = jit(grad(adv_loss, argnums=0), static_argnums=(4, 5, 7))

    x_train_adv = []
    y_train_adv = []
    for batch, ((_x_train, _y_train), (x_val, y_val), (x_test, y_test)) in enumerate(zip(train_data, val_data, test_data)):
        _x_train_adv = projected_gradient_descent(model_fn=model_fn, kernel_fn=kernel_fn, grads_fn=grads_fn, 
                                                  x_train=_to_numpy(_x_train), y_train=_to_numpy(_y_train), x_test=_to_numpy(x_val), y_test=_to_numpy(y_val), 
                                                  t=t, loss='cross-entropy', eps=eps, eps_iter=eps_iter, 
                                                  nb_iter=nb_iter, clip_min=0, clip_max=1, batch_size=batch_size)

        x_train_adv.append(_x_train_adv)
        y_train_adv.append(_y_train)

    x_train_adv = np.concatenate(x_train_adv)
    y_train_adv = np.concatenate(y_train_adv)
    return x_train_adv, y_train_adv
