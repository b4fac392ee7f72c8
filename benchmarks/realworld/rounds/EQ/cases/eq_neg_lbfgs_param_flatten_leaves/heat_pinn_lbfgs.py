# Source: https://github.com/klm555/JAX-FEM-vs-PINNs/blob/1ff4e666c6dda76acdd206e4097d6c9e677e7d78/2D_Transient_Heat_PINNs.ipynb
# Title: 2D_Transient_Heat_PINNs.ipynb (PINN vs FEM for the 2D transient heat equation; Adam then L-BFGS)
# Cut: notebook cells 7, 9, 13 and the L-BFGS call of cell 17 converted to a module; Colab/pip cells, timing and evaluation dropped; the L-BFGS call wrapped in fit_lbfgs.
import jax, flax, optax, time, pickle
import jax.numpy as np
import numpy as onp
from functools import partial
from pyDOE import lhs
from typing import Sequence
from tensorflow_probability.substrates import jax as tfp

class PDESolution(flax.linen.Module): # inherit from Module class
    features: Sequence[int] # dataclass (e.g. [10, 20, 1])

    @flax.linen.compact # a decorator to define the model in more concise and readable way
    def __call__(self, x): # __call__: makes an object callable, which enables you to use instances of the class like functions
        for feature in self.features[:-1]:
            x = flax.linen.tanh(flax.linen.Dense(feature)(x))
        # Final Dense layer
        x = flax.linen.Dense(self.features[-1])(x)
        return x

model = PDESolution([20, 20, 20, 1])  # the notebook rebuilds it for each architecture in architecture_list

# PDE residual
@partial(jax.vmap, in_axes = (None, 0, 0, 0), out_axes = 0)
@partial(jax.jit, static_argnums = (0,)) # decorator closest to the function is applied first
def residual(u, t, x, y):
    u_t = jax.jvp(u, (t, x, y), (1., 0., 0.))[1] # partial derivative w.r.t t = directional derivative along <1, 0>
    u_xx = jax.hessian(u, argnums = 1)(t, x, y) # differentiate w.r.t argument 1(x)
    u_yy = jax.hessian(u, argnums = 2)(t, x, y)
    f = 10.0 * np.sin(np.pi*x) * np.sin(np.pi*y) * np.cos(2.0*np.pi*t) # time-varying source
    return u_t - (u_xx + u_yy) - f

# Inital condition
@partial(jax.vmap, in_axes=(0, 0)) # vectorized over "xs" and "ys"
def u_init(xs, ys):
    return np.array([np.exp(-50.0*((xs-0.5)**2 + (ys-0.5)**2))])

# Loss functionals
@jax.jit
def pde_residual(params, points):
    return np.mean(residual(lambda t, x, y: model.apply(params, np.stack((t, x, y))), points[:, 0], points[:, 1], points[:, 2]) ** 2) # Mean Squared Error

@partial(jax.jit, static_argnums=0)
def init_residual(u_init, params, points):
    lhs = model.apply(params, np.stack((np.zeros_like(points[:, 0]), points[:, 1], points[:, 2]), axis=1))
    rhs = u_init(points[:, 1], points[:, 2])
    return np.mean((lhs - rhs) ** 2)

@jax.jit
def dirichlet_residual_x(params, points):
    return np.mean((model.apply(params, np.stack((points[:,0], np.zeros_like(points[:,1]), points[:,2]), axis=1))) ** 2)

@jax.jit
def dirichlet_residual_y(params, points):
    return np.mean((model.apply(params, np.stack((points[:,0], points[:,1], np.zeros_like(points[:,2])), axis=1))) ** 2)

# L-BFGS requires the parameters to be a single flattened array!
def concat_params(params): # flatten the parameters
    params, tree = jax.tree_util.tree_flatten(params) # "params" is flattened to a list of arrays
    shapes = [param.shape for param in params] # shape of each array in the "params" list
    return np.concatenate([param.reshape(-1) for param in params]), tree, shapes # concat to single 1D array

def unconcat_params(params, tree, shapes): # unflatten the parameters
    split_vec = np.split(params, onp.cumsum([onp.prod(shape) for shape in shapes])) # "np.cumsum" figures out the boundaries where to split the flattened "params"
    split_vec = [vec.reshape(*shape) for vec, shape in zip(split_vec, shapes)] # reshape slices of vector ("*" unpack the tuple into individual arguments)
    return jax.tree_util.tree_unflatten(tree, split_vec)


def fit_lbfgs(params, u_init):
    # Generate collocation points
    lb = np.array([0., 0., 0.])
    ub = np.array([1., 1., 1.])
    domain_points = lb + (ub - lb) * lhs(3, 5000)
    boundary_points = lb + (ub - lb) * lhs(3, 100)
    init_points = lb[1:] + (ub[1:] - lb[1:]) * lhs(2, 100)
    init_point, tree, shapes = concat_params(params)

    # Training with L-BFGS optimiser
    start_time2 = time.time()
    results = tfp.optimizer.lbfgs_minimize(jax.value_and_grad(lambda params: pde_residual(unconcat_params(params, tree, shapes), domain_points) +
                                                                             init_residual(u_init, unconcat_params(params, tree, shapes), init_points) +
                                                                             dirichlet_residual_x(unconcat_params(params, tree, shapes), boundary_points) +
                                                                             dirichlet_residual_y(unconcat_params(params, tree, shapes), boundary_points)),
                                           init_point,
                                           max_iterations=50000,
                                           num_correction_pairs=50, # number of past updates to use for the approximation of Hessian inverse
                                           f_relative_tolerance=1.0 * np.finfo(float).eps) # stopping criterion
    return unconcat_params(results.position, tree, shapes)
