# Source: https://github.com/rx9933/jax-fem-projects/blob/38d4d7f3cfa7a6ce411037390b003f0bf1afea30/7_24_extrafine/speed2.py
# Title: 7_24_extrafine/speed2.py (jax-fem hyperelastic gel forward model: averaging per-cell alpha onto mesh points for VTK output)
# Cut: problem set-up, load stepping and solve dropped; the post-processing tail of problem() wrapped in write_alpha(problem, sol, vtk_path, get_alpha).
import jax
import jax.numpy as np
import numpy as onp
from jax_fem.utils import save_sol
from jax_fem.generate_mesh import cells_out


def write_alpha(problem, sol, vtk_path, get_alpha, get_shape_grads_physical):
    cells,points = cells_out()
    global_point_inds = cells
    point_vals = points[global_point_inds]

    shape_grads_physical = get_shape_grads_physical(problem)
    cell_sols = sol[0][np.array(problem.fes[0].cells)]
    u_grads = cell_sols[:, None, :, :, None] * shape_grads_physical[:, :, :, None, :]
    u_grads = np.sum(u_grads, axis=2)

    ug_s = u_grads.shape
    j_mat = np.zeros(ug_s[:2])
    print("JMAT",cells.shape)
    alpha_mat = np.zeros(ug_s[:2])
   
    vectorized_get_alpha = np.vectorize(get_alpha, signature='(n)->()')
    alpha_mat = vectorized_get_alpha(points)
    def localize(orig_mat):
        local_mat = np.zeros(len(points))
        num_repeat = np.zeros(len(points))
        for r in range(cells.shape[0]):
            for c in range(cells.shape[1]):
                point = points[cells[r,c]]
                ind = np.where(np.all(points == point, axis = 1))
                local_mat = local_mat.at[ind].add(orig_mat[r,c])
                num_repeat = num_repeat.at[ind].add(1)
            if r%100==0:  
                print("percent finished", r/cells.shape[0]*100) 
        local_mat = local_mat/num_repeat
        return local_mat

    pshape = point_vals.shape

    local_alpha = localize(alpha_mat)


    save_sol(problem.fes[0], sol[0], vtk_path, point_infos = [{"alpha":local_alpha}]) # {"j":local_j}, 
