# Source: https://github.com/AN-Best/JaxFEM_Surrogate/blob/c5d10c77451d20c509f9a18987b48a8607743575/Beam%20Example/DatatSetGen.py
# Title: Beam Example/DatatSetGen.py (dataset generation for a topology-optimisation surrogate)
# Cut: the stress body of the Elasticity problem is elided and get_surface_maps dropped (compute_compliance and set_params kept); np.save bookkeeping dropped; the driver loops are unchanged.
import numpy as onp
import jax
import jax.numpy as np
import os
import glob
import matplotlib.pyplot as plt

# Import JAX-FEM specific modules.
from jax_fem.problem import Problem
from jax_fem.solver import solver, ad_wrapper
from jax_fem.utils import save_sol
from jax_fem.generate_mesh import get_meshio_cell_type, Mesh, rectangle_mesh
from jax_fem.mma import optimize

import logging
logging.getLogger('jax_fem').setLevel(logging.WARNING)

class Elasticity(Problem):
    def custom_init(self):
        # Override base class method.
        # Set up 'self.fe.flex_inds' so that location-specific TO can be realized.
        self.fe = self.fes[0]
        self.fe.flex_inds = np.arange(len(self.fe.cells))

    def get_tensor_map(self):
        def stress(u_grad, theta):
            ...
        return stress


    def set_params(self, params):
        # Override base class method.
        full_params = np.ones((self.fe.num_cells, params.shape[1]))
        full_params = full_params.at[self.fe.flex_inds].set(params)
        thetas = np.repeat(full_params[:, None, :], self.fe.num_quads, axis=1)
        self.full_params = full_params
        self.internal_vars = [thetas]

    def compute_compliance(self, sol):
        # Surface integral
        boundary_inds = self.boundary_inds_list[0]
        _, nanson_scale = self.fe.get_face_shape_grads(boundary_inds)
        # (num_selected_faces, 1, num_nodes, vec) * # (num_selected_faces, num_face_quads, num_nodes, 1)
        u_face = sol[self.fe.cells][boundary_inds[:, 0]][:, None, :, :] * self.fe.face_shape_vals[boundary_inds[:, 1]][:, :, :, None]
        u_face = np.sum(u_face, axis=2) # (num_selected_faces, num_face_quads, vec)
        # (num_selected_faces, num_face_quads, dim)
        subset_quad_points = self.physical_surface_quad_points[0]
        neumann_fn = self.get_surface_maps()[0]
        traction = -jax.vmap(jax.vmap(neumann_fn))(u_face, subset_quad_points) # (num_selected_faces, num_face_quads, vec)
        val = np.sum(traction * u_face * nanson_scale[:, :, None])
        return val
    

# Specify mesh-related information. We use first-order quadrilateral element.
ele_type = 'QUAD4'
cell_type = get_meshio_cell_type(ele_type)
Lx, Ly = 60., 30.
meshio_mesh = rectangle_mesh(Nx=60, Ny=30, domain_x=Lx, domain_y=Ly)
mesh = Mesh(meshio_mesh.points, meshio_mesh.cells_dict[cell_type])


# Define boundary conditions and values.
def fixed_location(point):
    return np.isclose(point[0], 0., atol=1e-5)

def dirichlet_val(point):
    return 0.

run_idx = 0

for vf in [0.3, 0.4, 0.5, 0.6, 0.7]:

    for i, x_load in enumerate(np.arange(1, 60)):


        dirichlet_bc_info = [[fixed_location]*2, [0, 1], [dirichlet_val]*2]
        def make_load_location(x_load):
            def load_location(point):
                return np.logical_and(
                    np.logical_and(point[0] >= x_load - 1.0, point[0] <= x_load + 1.0),
                    np.isclose(point[1], 0., atol=1e-5)
                )
            return load_location

        location_fns = [make_load_location(x_load)]

        # Define forward problem.
        problem = Elasticity(mesh, vec=2, dim=2, ele_type=ele_type, dirichlet_bc_info=dirichlet_bc_info, location_fns=location_fns)

        # Apply the automatic differentiation wrapper.
        # This is a critical step that makes the problem solver differentiable.
        fwd_pred = ad_wrapper(problem, solver_options={'umfpack_solver': {}}, adjoint_solver_options={'umfpack_solver': {}})

        # Define the objective function 'J_total(theta)'.
        # In the following, 'sol = fwd_pred(params)' basically says U = U(theta).
        def J_total(params):
            # J(u(theta), theta)
            sol_list = fwd_pred(params)
            compliance = problem.compute_compliance(sol_list[0])
            return compliance


        run_dir = os.path.join(data_path, f'run_{run_idx:04d}')
        os.makedirs(os.path.join(run_dir), exist_ok=True)

        compliance_log = []
        theta_log = []
        sol_log = []

        # Prepare J_total and dJ/d(theta) that are required by the MMA optimizer.
        def objectiveHandle(rho):
            # MMA solver requires (J, dJ) as inputs
            # J has shape ()
            # dJ has shape (...) = rho.shape
            J, dJ = jax.value_and_grad(J_total)(rho)
            sol_list = fwd_pred(rho)
            sol = np.array(sol_list[0]) 
            compliance_log.append(float(J))
            theta_log.append(onp.array(rho).reshape(60, 30))  # save density directly
            sol_log.append(sol[:, :2])  # just x,y displacements, drop z padding → (1891, 2)
            return J, dJ


        # Prepare g and dg/d(theta) that are required by the MMA optimizer.
        def consHandle(rho, epoch):
            # MMA solver requires (c, dc) as inputs
            # c should have shape (numConstraints,)
            # dc should have shape (numConstraints, ...)
            def computeGlobalVolumeConstraint(rho):
                g = np.mean(rho)/vf - 1.
                return g
            c, gradc = jax.value_and_grad(computeGlobalVolumeConstraint)(rho)
            c, gradc = c.reshape((1,)), gradc[None, ...]
            return c, gradc

        # Finalize the details of the MMA optimizer, and solve the TO problem.
        optimizationParams = {'maxIters':51, 'movelimit':0.1}
        rho_ini = vf*np.ones((len(problem.fe.flex_inds), 1))
        numConstraints = 1
        optimize(problem.fe, rho_ini, optimizationParams, objectiveHandle, consHandle, numConstraints)
        print(f"As a reminder, compliance = {J_total(np.ones((len(problem.fe.flex_inds), 1)))} for full material")

        print(f"Run {run_idx+1}/295 | vf={vf} | x_load={x_load}")

