# Source: https://github.com/Herculens/helens/blob/baac893db761a31970c0ec61913bab84e3a807cf/examples/general_use_example.ipynb
# Title: examples/general_use_example.ipynb (Helens: general use case)
# Cut: code cells 1-18 converted to a script; plotting imports, help cells and plots dropped.
import numpy as np
import jax.numpy as jnp
from jax.config import config
config.update("jax_enable_x64", True)

# Lens equation solver
from helens import LensEquationSolver

# Herculens (just as an example)
from herculens.Coordinates.pixel_grid import PixelGrid
from herculens.MassModel.mass_model import MassModel

npix = 100  # number of pixel on a side
pix_scl = 0.08  # pixel size in arcsec
half_size = npix * pix_scl / 2.
ra_at_xy_0 = dec_at_xy_0 = -half_size + pix_scl / 2.  # position of the (0, 0) with respect to bottom left pixel
transform_pix2angle = pix_scl * np.eye(2)  # transformation matrix pixel <-> angle
base_pixel_grid = PixelGrid(
    nx=npix, ny=npix,
    ra_at_xy_0=ra_at_xy_0, dec_at_xy_0=dec_at_xy_0,
    transform_pix2angle=transform_pix2angle,
)
# Optionally create a higher-resolution grid for the solver
solver_pixel_grid = base_pixel_grid.create_model_grid(pixel_scale_factor=0.5)

# Retrieve the pixel coordinates as 2D arrays
solver_grid_x, solver_grid_y = solver_pixel_grid.pixel_coordinates

mass_model = MassModel(['EPL', 'SHEAR_GAMMA_PSI'])
some_lens_pos_x, some_lens_pos_y = 0.03, 0.02  # lens position
some_mass_params = [
    {'theta_E': 1.14, 'gamma': 1.92, 'e1': 0.01, 'e2': -0.09, 'center_x': some_lens_pos_x, 'center_y': some_lens_pos_y},  # EPL
    {'gamma_ext': 0.08, 'psi_ext': 1.2},  # SHEAR_GAMMA_PSI
]

def ray_shooting_func(theta_x, theta_y, params):
    """Function that computes evaluates the lens equation to return beta = theta - alpha(theta)"""
    beta_x, beta_y = mass_model.ray_shooting(theta_x, theta_y, params)
    return beta_x, beta_y

solver = LensEquationSolver(solver_grid_x, solver_grid_y, ray_shooting_func)

# Hyperparameters of the solver
solver_params = {
    # You have to specify the number of predicted images in advance
    'nsolutions': 5,

    # Hyperparameters (see docstring above)
    'niter': 5,
    'scale_factor': 2,
    'nsubdivisions': 3,
}

# Set the source position
some_beta_x, some_beta_y = -0.12, 0.15
some_beta = jnp.array([some_beta_x, some_beta_y])  # jnp.array is not absolutely necessary in this notebook

_ = solver.solve(
    some_beta, some_mass_params,
    **solver_params
)  # takes some time to JIT-compile

result_thetas, result_betas = solver.solve(
    some_beta, some_mass_params,
    **solver_params
)  # this is now very fast and differentiable!
