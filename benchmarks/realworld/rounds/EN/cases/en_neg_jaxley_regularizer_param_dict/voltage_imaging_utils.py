# Source: https://github.com/mackelab/jaxley_experiments/blob/5e7a86282adb9d4603b5546ac5d8dad59aec7cc0/nex/fig3_l5pc/notebooks/02_voltage_imaging_utils.py
# Title: nex/fig3_l5pc/notebooks/02_voltage_imaging_utils.py (L5PC voltage-imaging fit: loss and regulariser)
# Cut: kept get_loss_and_regularizer and the profile dicts it iterates; the cell construction
#      (jaxley morphology, channel insertion) is reduced to the names it provides.
import numpy as np
import jax.numpy as jnp

# channel-parameter profiles along the apical dendrite and the axon (few channel keys each)
gt_profiles_apical = {"apical_NaTs2T_gNaTs2_t": None, "apical_SKv3_1_gSKv3_1": None, "apical_Im_gIm": None}
gt_profiles_axonal = {f"axonal_key_{k}": None for k in range(10)}
apical_inds = np.arange(1, 40)
axonal_inds = np.arange(40, 60)


def get_loss_and_regularizer(cell, x_o):
    def build_regularizer(inds):
        parents = cell.comb_parents
        apical_inds_from_zero = np.arange(len(inds))

        parents_of_apical = np.asarray(parents)[np.asarray(inds)]
        parent_is_also_apical = np.asarray([p in np.asarray(inds) for p in parents_of_apical])
        apical_inds_from_zero = apical_inds_from_zero[parent_is_also_apical]

        parents_of_apical = parents_of_apical[parent_is_also_apical]
        parents_from_zero = np.asarray([np.where(inds == p)[0][0] for p in parents_of_apical])

        return apical_inds_from_zero, parents_from_zero

    param_child_apical, param_parent_apical = build_regularizer(apical_inds)
    param_child_axonal, param_parent_axonal = build_regularizer(axonal_inds)

    def loss_from_v(v):
        return jnp.mean(jnp.abs(v[:, 40:200:5] - x_o[:, 40:200:5]))

    def regularizer(opt_params):
        reg_apical = 0.0
        reg_axonal = 0.0
        for key, i in zip(gt_profiles_apical, [0, 1, 2]):
            reg_apical += jnp.sum((opt_params[i][key][param_child_apical] - opt_params[i][key][param_parent_apical])**2)
        for key, i in zip(gt_profiles_axonal, np.arange(10, 20)):
            reg_axonal += jnp.sum((opt_params[i][key][param_child_axonal] - opt_params[i][key][param_parent_axonal])**2)
        return reg_apical + reg_axonal

    return loss_from_v, regularizer
