# Source: https://github.com/WCCMS-UTAustin/CARDIAX/blob/2355658317850fa332be73db3100033dd1d8688b/src/cardiax/_problem.py
# Title: src/cardiax/_problem.py — finite-element Problem class of CARDIAX (JAX FEM for cardiac mechanics and electrophysiology)
# Cut: kept split_and_compute_cell (loop over the dict of finite-element fields and over num_cuts
#      cell chunks of the vmapped kernel) and the lines that build the jit(vmap(kernel)) functions;
#      the kernel body itself is cut; the class is reduced to these two methods.
from typing import Union

import jax
import jax.numpy as np
from jax.typing import ArrayLike


class Problem:
    def set_kernels(self, get_kernel_fn_cell):
        # vmap each kernel over
        # Currently, this is only handled for 1 fe field
        kernel, kernel_jac = get_kernel_fn_cell()
        kernel = jax.jit(jax.vmap(kernel))
        kernel_jac = jax.jit(jax.vmap(kernel_jac))
        for fe_key in self.fes:
            self.kernel = {fe_key: kernel}
            self.kernel_jac = {fe_key: kernel_jac}

    def split_and_compute_cell(self, cells_dof_dict: dict[str, ArrayLike], 
                               jac_flag: bool, 
                               internal_vars: dict) -> Union[dict, tuple[dict, dict]]:
        """Volume integral in weak form
        #TODO: Can see if we can make using jax.lax.for loops and can possibly jit
        the entire function, not just the kernel_fns

        inputs:
            cells_dof_list: a list with one entry per finite element field. Each entry is an array of shape
            (num_cells, num_bases, vec) containing the finite element cell degrees of freedom per for each cell
            in the finite element field.

            jac_flag: boolean determining if we want to jacobian values as well

            internal_vars: remaining internal variables
        """
        fe_values = {}
        fe_jacs = {}
        for fe_key in self.fes:
            vmap_kernel_fn = self.kernel_jac[fe_key] if jac_flag else self.kernel[fe_key]
            values = []
            jacs = []
            input_collection = [cells_dof_dict[fe_key], self.physical_quad_points[fe_key], self.shape_vals[fe_key], 
                                self.shape_grads[fe_key], self.JxW[fe_key], self.v_grads_JxW[fe_key], 
                                *list(internal_vars[fe_key][param] for param in self.ordered_dict[fe_key])]
            num_cuts = 1 # Number of cuts should be static, and changed by user
            # TODO: Investigate the effect of num_cuts if it makes 
            # a large difference from a memory perspective (should be faster with less)
            batch_size = self.num_cells[fe_key] // num_cuts

            for i in range(num_cuts):
                if i < num_cuts - 1:
                    input_col = jax.tree.map(lambda x: x[i * batch_size:(i + 1) * batch_size], input_collection, is_leaf = lambda y: isinstance(y, type((1,))))
                else:
                    input_col = jax.tree.map(lambda x: x[i * batch_size:], input_collection, is_leaf = lambda y: isinstance(y, type((1,))))

                val = vmap_kernel_fn(*input_col)
                if jac_flag:
                    values.append(val[0])
                    jacs.append(val[1])
                else:
                    values.append(val)

            values = np.vstack(values)
            fe_values[fe_key] = values.reshape(-1)
            if jac_flag:
                jacs = np.vstack(jacs)
                fe_jacs[fe_key] = jacs.reshape(-1)

        if jac_flag:
            return fe_values, fe_jacs
        else:
            return fe_values


