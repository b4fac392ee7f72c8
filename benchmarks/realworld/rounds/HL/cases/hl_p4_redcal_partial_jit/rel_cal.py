# Source: https://github.com/bnikolic/simpleredcal/blob/8ed8037934c1d06919f338d5ab64caffef2ba796/scripts/rel_cal.py
# Title: scripts/rel_cal.py (relative redundant calibration for each frequency channel and time integration)
# Cut: kept the per-(channel, time) calibration driver; dropped argument parsing, file lookup, flagging
#      and csv header set-up (cData is the grouped visibility array from group_data).
import functools

from red_likelihood import doRelCalD


def run(cRedG, cData, iter_dims, no_unq_bls, no_ants, dist, slct_keys, writer):

    def cal(credg, distribution, no_unq_bls, no_ants, obsvis, noise, initp):
        """Relative redundant calibration with doRelCalD: default implementation
        with unconstrained minimizer using cartesian coordinates
        """
        res_rel, initp_new = doRelCalD(credg, obsvis, no_unq_bls, no_ants, \
            distribution=distribution, noise=noise, initp=initp, return_initp=True)
        res_rel = {key:res_rel[key] for key in slct_keys}
        # use solution for next solve in iteration
        if res_rel['success']:
            initp = initp_new
        return res_rel, initp

    RelCal = functools.partial(cal, cRedG, dist, no_unq_bls, no_ants)

    initp = None
    noisec = None
    for i, iter_dim in enumerate(iter_dims):
        res_rel, initp = RelCal(cData[iter_dim[:2]], noisec, initp)
        for j, param in enumerate(res_rel['x']):
            res_rel[j] = param
        del res_rel['x']
        writer.writerow(res_rel)
