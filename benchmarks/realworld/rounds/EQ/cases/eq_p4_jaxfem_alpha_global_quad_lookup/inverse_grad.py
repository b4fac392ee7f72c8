# Source: https://github.com/rx9933/jax-fem-projects/blob/38d4d7f3cfa7a6ce411037390b003f0bf1afea30/7_22_inverse/inverse_grad.py
# Title: 7_22_inverse/inverse_grad.py (jax-fem hyperelastic gel: recover a degradation field alpha by jax.grad through the solver)
# Cut: unit system, boundary-condition helpers, post-processing (save_sol_all/C computation) and commented-out code dropped; the universal kernel and the gradient call kept.
import jax
import jax.numpy as np
import numpy as onp
from jax_fem.problem import Problem
from jax_fem.solver import solver, ad_wrapper
from jax_fem.generate_mesh import get_meshio_cell_type, read_in_mesh


def get_alpha(x0, fes=None):
    if flag_1:
        vi = onp.loadtxt('cell_vertices_initial.txt') 
        rff = 60 # characteristic distance "ff" for farfield
        vi = np.array(vi) # mesh vertices on cell surface

        rs = np.min(np.linalg.norm(x0-vi,axis=1)) # distance to cell surface
        rsc = np.minimum(rs, rff) # clipped distance to cell surface
        a0 = 2.5
        rcrit = rff * np.sqrt(2*a0-1) / (np.sqrt(2*a0-1) + 1) # characteristic distance for most degraded gel portion
        aideal = 1/2 * (((rsc-rcrit)/(rff-rcrit))**2 + 1)
        return aideal
    else:        
        a_quad = fes[0].convert_from_dof_to_quad_a(a)[:, :, 0]
        x_points = fes[0].get_physical_quad_points()
        matching_indices = np.where((np.array(x_points) == x0).all(axis=-1), size=1)
        val = a_quad[matching_indices]

        return val
    
class HyperElasticity(Problem):
    def custom_init(self):
        self.fe = self.fes[0]
    
    def get_universal_kernel(self):
        tensor_map = self.get_tensor_map_spatial_var()
        def laplace_kernel(cell_sol_flat, physical_quad_points, cell_shape_grads, cell_JxW, cell_v_grads_JxW, *cell_internal_vars):
            cell_sol_list = self.unflatten_fn_dof(cell_sol_flat)
            cell_shape_grads = cell_shape_grads[:, :self.fes[0].num_nodes, :]
            cell_sol = cell_sol_list[0]
            cell_v_grads_JxW = cell_v_grads_JxW[:, :self.fes[0].num_nodes, :, :]
            vec = self.fes[0].vec
            u_grads = cell_sol[None, :, :, None] * cell_shape_grads[:, :, None, :]
            u_grads = np.sum(u_grads, axis=1)
            u_grads_reshape = u_grads.reshape(-1, vec, self.dim)
            u_physics = jax.vmap(tensor_map)(u_grads_reshape, physical_quad_points, *cell_internal_vars).reshape(u_grads.shape)
            val = np.sum(u_physics[:, None, :, :] * cell_v_grads_JxW, axis=(0, -1))
            val = jax.flatten_util.ravel_pytree(val)[0]
            return val

        return laplace_kernel
    
    def get_tensor_map_spatial_var(self):

        def psi(F, X):

            alpha = get_alpha(X, self.fes)
            C1 = 50 
            D1 = 10000 * C1 
            J = np.linalg.det(F)
            I1 = np.trace(F.T @ F)
            energy = alpha * C1 * (I1 - 3.)  - 2 * np.log(J) + D1 *(np.log(J))**2
            
            if energy.shape!=():
                print("E shape", energy[0:].shape)
                return energy[0]
                
            return energy

        P_fn = jax.grad(psi)

        def first_PK_stress(u_grad, X):
            I = np.eye(self.dim)
            F = u_grad + I
            P = P_fn(F, X)
            return P

        return first_PK_stress
    def set_params(self, params):
        global a
        a = np.array(params[0])
    
ele_type = 'TET4'
cell_type = get_meshio_cell_type(ele_type)     
meshio_mesh = read_in_mesh("reference_domain.xdmf", cell_type)


def gradient(problem, composed_fn, num_cells):
    global flag_1
    flag_1 = False
    a_0 = np.ones((num_cells,1))
    params = [a_0]
    problem.set_params(params)
    dJda = jax.grad(composed_fn)(params)[0]
    return dJda
