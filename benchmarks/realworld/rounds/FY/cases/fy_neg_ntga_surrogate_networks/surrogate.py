# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/utils_generate_attack.py
# Title: utils_generate_attack.py (surrogate_fn and adv_loss)
# Cut: kept surrogate_fn (fnn/cnn branches), model_fn and adv_loss with shortened docstrings;
#      args.dataset is replaced by a dataset parameter.
import neural_tangents as nt
from neural_tangents import stax
from infinite_nets import DenseGroup, ConvGroup
from utils_jax import cross_entropy_loss, mse_loss


def surrogate_fn(model_type, W_std, b_std, num_classes, dataset='cifar10'):
    """Returns the triple (init_fn, apply_fn, kernel_fn) of the surrogate network."""
    if model_type == "fnn":
        init_fn, apply_fn, kernel_fn = stax.serial(DenseGroup(5, 512, W_std, b_std))
    elif model_type == "cnn":
        if dataset == 'imagenet':
            init_fn, apply_fn, kernel_fn = stax.serial(ConvGroup(2, 64, (3, 3), W_std, b_std),
                                                       stax.Flatten(),
                                                       stax.Dense(384, W_std, b_std),
                                                       stax.Dense(192, W_std, b_std),
                                                       stax.Dense(num_classes, W_std, b_std))
        else:
            init_fn, apply_fn, kernel_fn = stax.serial(ConvGroup(2, 64, (2, 2), W_std, b_std),
                                                       stax.Flatten(),
                                                       stax.Dense(384, W_std, b_std),
                                                       stax.Dense(192, W_std, b_std),
                                                       stax.Dense(num_classes, W_std, b_std))
    else:
        raise ValueError
    return init_fn, apply_fn, kernel_fn


def adv_loss(x_train, x_test, y_train, y_test, kernel_fn, loss='mse', t=None, targeted=False, diag_reg=1e-4):
    """Loss of the NTK-linearised network's test predictions after training on x_train."""
    ntk_train_train = kernel_fn(x_train, x_train, 'ntk')
    ntk_test_train = kernel_fn(x_test, x_train, 'ntk')
    
    predict_fn = nt.predict.gradient_descent_mse(ntk_train_train, y_train, diag_reg=diag_reg)
    fx = predict_fn(t, 0., 0., ntk_test_train)[1]
    
    if loss == 'cross-entropy':
        loss = cross_entropy_loss(fx, y_test)
    elif loss == 'mse':
        loss = mse_loss(fx, y_test)
        
    if targeted:
        loss = -loss        
    return loss
