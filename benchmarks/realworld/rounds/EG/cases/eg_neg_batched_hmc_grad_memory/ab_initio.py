# Source: https://github.com/bogdantoader/simplecryoem/blob/f29db1d039adcaba07a98a728afb4f7dd565feb4/src/simplecryoem/ab_initio.py
# Title: src/simplecryoem/ab_initio.py (volume sampling step of the ab initio loop)
# Cut: the branch that picks the jitted or the batched volume proposal, dedented into a function; the
# enclosing iteration loop and the rest of the module dropped.
import time

from simplecryoem.sampling import mcmc_sampling


def sample_volume(key_volume, proposals, v, N_samples_vol, N1,
                  angles_iter, shifts_iter, ctf_params_iter, imgs_iter):
    if N1 == 1:
        params_vol = {
            "angles": angles_iter[0],
            "shifts": shifts_iter[0],
            "ctf_params": ctf_params_iter[0],
            "imgs": imgs_iter[0],
        }
        proposal_vol = proposals.proposal_vol
    else:
        params_vol = {
            "angles": angles_iter,
            "shifts": shifts_iter,
            "ctf_params": ctf_params_iter,
            "imgs": imgs_iter,
        }
        proposal_vol = proposals.proposal_vol_batch

    t0 = time.time()
    v_hmc_mean, r_hmc, v_hmc_samples = mcmc_sampling(
        key_volume,
        proposal_vol,
        v,
        N_samples_vol,
        params_vol,
        save_samples=-1,
        iter_display=100,
    )
    v = v_hmc_samples[0]
    return v
