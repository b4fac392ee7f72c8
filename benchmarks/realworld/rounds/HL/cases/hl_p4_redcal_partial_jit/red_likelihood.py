# Source: https://github.com/bnikolic/simpleredcal/blob/8ed8037934c1d06919f338d5ab64caffef2ba796/simpleredcal/red_likelihood.py
# Title: simpleredcal/red_likelihood.py (robust redundant calibration of HERA visibilities)
# Cut: kept gVis/XDgVis, the NLL table (two entries), makeCArray, relative_nlogLklD and doRelCalD;
#      dropped the other calibration variants, data grouping, docstring parameter lists and hera_cal imports.
import functools

import numpy
from scipy.optimize import minimize

from jax.config import config
config.update('jax_enable_x64', True)
from jax import jit, jacrev
from jax import numpy as np


@jit
def gVis(vis, credg, gains):
    """Apply gains to visibilities"""
    return vis[credg[:, 0]]*gains[credg[:, 1]]*np.conj(gains[credg[:, 2]])


@jit
def XDgVis(vis, credg, gains):
    """Apply gains to visibilities across days"""
    return vis[:, credg[:, 0]]*gains[:, credg[:, 1]]*np.conj(gains[:, credg[:, 2]])


# Negative log-likelihood calculation
NLLFN = {'cauchy': lambda delta: np.log(1 + np.square(np.abs(delta))).sum(),
         'gaussian': lambda delta: np.square(np.abs(delta)).sum(),
         }


def makeCArray(arr):
    return arr[::2] + 1j*arr[1::2]


def relative_nlogLklD(credg, distribution, obsvis, no_unq_bls, phase_reg_initp, \
                      noise, xd, params):
    """Redundant relative negative log-likelihood calculator

    Note: parameter order is such that the function can be usefully partially applied.
    """
    vis_comps, gain_comps = np.split(params, [no_unq_bls*2, ])
    vis = makeCArray(vis_comps)
    gains = makeCArray(gain_comps)
    if xd:
        gains = gains.reshape((obsvis.shape[0], -1))
        vis = np.tile(vis, obsvis.shape[0]).reshape((obsvis.shape[0], -1))
        delta = obsvis - XDgVis(vis, credg, gains)
    else:
        delta = obsvis - gVis(vis, credg, gains)
    nlog_likelihood = NLLFN[distribution](delta)
    return nlog_likelihood


def doRelCalD(credg, obsvis, no_unq_bls, no_ants, distribution='cauchy',
              noise=None, initp=None, xd=False, return_initp=False, tol=None):
    """Do relative step of redundant calibration"""
    if initp is None:
        xvis = np.zeros(no_unq_bls*2) # complex vis
        xgains = np.ones(no_ants*2) # complex gains
        if xd:
            xgains = np.tile(xgains, obsvis.shape[0])
        initp = np.hstack([xvis, xgains])
        phase_reg_initp = None
    else:
        phase_reg_initp = None if xd else initp

    if tol is None:
        tol = 1e-5 # default for method='BFGS'
        if xd:
            tol = tol * obsvis.shape[0]

    ff = jit(functools.partial(relative_nlogLklD, credg, distribution, obsvis, \
                               no_unq_bls, phase_reg_initp, noise, xd))

    res = minimize(ff, initp, bounds=None, method='BFGS', \
                   jac=jit(jacrev(ff)), hess=None, options={'maxiter':2000}, \
                   tol=tol)
    print(res['message'])
    initp = numpy.copy(res['x'])
    if return_initp:
        retn = res, initp
    else:
        retn = res
    return retn
