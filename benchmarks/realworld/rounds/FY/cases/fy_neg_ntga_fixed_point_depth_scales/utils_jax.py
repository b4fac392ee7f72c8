# Source: https://github.com/duckhanson/ntga/blob/833ae7023c111b3c5c46b9d8fb5037410ce3c0c6/utils_jax.py
# Title: utils_jax.py (NTGA, fork of lionelmessi6410/ntga)
# Cut: kept Kernel, fixed_point, qc_map and the vmapped depth-scale helpers; the NTKernel/wrap
#      helpers, the losses and the NT CPU workaround are dropped; qc_map's docstring is shortened.
import jax.numpy as np
from jax import grad, jit, vmap
from jax import lax

from functools import partial
import neural_tangents as nt
from neural_tangents import stax

_Kernel = nt.Kernel

def Kernel(K):
    """Create an input Kernel object out of an np.ndarray."""
    return _Kernel(cov1=np.diag(K), nngp=K, cov2=None, 
                   ntk=None, is_gaussian=True, is_reversed=False,
                   diagonal_batch=True, diagonal_spatial=False,
                   batch_axis=0, channel_axis=1, mask1=None, mask2=None,
                   shape1=(2, 1024), shape2=(2,1024),
                   x1_is_x2=True, is_input=True) 


def fixed_point(f, initial_value, threshold):
    """Find fixed-points of a function f:R->R using Newton's method."""
    g = lambda x: f(x) - x
    dg = grad(g)

    def cond_fn(x):
        x, last_x = x
        return np.abs(x - last_x) > threshold

    def body_fn(x):
        x, _ = x
        return x - g(x) / dg(x), x
    return lax.while_loop(cond_fn, body_fn, (initial_value, 0.0))[0]


def qc_map(W_var, b_var):
    """Q-map and C-map functions (Poole et al. 2016; Schoenholz et al. 2017)."""
    W_std = np.sqrt(W_var)
    b_std = np.sqrt(b_var)

    # Create a single layer of a network as an affine transformation composed
    # with an Erf nonlinearity.
    kernel_fn = stax.serial(stax.Erf(), stax.Dense(1024, W_std, b_std))[2]
  
    def q_map_fn(q):
        return kernel_fn(Kernel(np.array([[q]]))).nngp[0, 0]
    qstar = fixed_point(q_map_fn, 1.0, 1e-7)

    def c_map_fn(c):
        K = np.array([[qstar, qstar * c], [qstar * c, qstar]])
        K_out = kernel_fn(Kernel(K)).nngp
        return K_out[1, 0] / qstar
    
    return q_map_fn, c_map_fn

@partial(vmap, in_axes=(0, None, None))
def xi_1(W_var, b_var, chi_1):
    """
    Depth scale of trainability/generalization in the ordered phase.  
    """
    return 1./ (np.abs(np.log(chi_1(W_var, b_var)))  + 1e-12)

@partial(vmap, in_axes=(0, None, None, None))
def xi_star(W_var, b_var, chi_1, chi_c):
    """
    Depth scale for generaliztion of NTK in the chaotic phase. 
    """
    return 1. /(-np.log(chi_c(W_var, b_var)) + np.log(chi_1(W_var, b_var)))

@partial(vmap, in_axes=(0, None))
def accuracy_vmap(y_pred, y_test):
    """
    Compute accuracies from predictions at different times.
    :param y_pred: np.ndarray. Prediction of Gaussian Process.
    :param y_test: np.ndarray. Ground truth label.
    :return: a float for accuracy.
    """
    return np.mean(np.argmax(y_pred, axis=-1) == np.argmax(y_test, axis=-1))
