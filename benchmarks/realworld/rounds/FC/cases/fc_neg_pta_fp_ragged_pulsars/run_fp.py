# Source: https://github.com/gabefreedman/fastfp/blob/74b0ef8736c7a6d9c320f6b17c35bd0aec503d91/examples/run_fp.py
# Title: examples/run_fp.py (Basic script for running Fp-statistic analysis with fastfp)
# Cut: logging, argument parsing and the CURN noise settings dropped; imports made local.
import pickle
import json
import numpy as np

import jax

from fastfp import FastFp
from utils import initialize_pta, get_mats_fp


def main(psrfile, noisefile, savefile):
    # load pulsar data and noise dictionary
    with open(psrfile, "rb") as f:
        psrs = pickle.load(f)

    with open(noisefile, "rb") as f:
        noise = json.load(f)

    # make PTA object
    pta = initialize_pta(psrs, noise, inc_cp=True, gwb_comps=30)

    # precompute important matrix products
    Nvecs, Ts, sigmas = get_mats_fp(pta, noise)

    # initialize Fp-stat class
    Fp_obj = FastFp(psrs, pta)

    # create range of GW frequencies to parse over
    freqs = np.linspace(2e-9, 3e-7, 200)

    # run Fp-statistic calculation
    fn = jax.vmap(Fp_obj.calculate_Fp, in_axes=(0, None, None, None))
    fps = fn(freqs, Nvecs, Ts, sigmas)

    # create and save a dictionary of freq:fp pairs
    res = {freq: float(fp) for freq, fp in zip(freqs, fps)}
    with open("{}.json".format(savefile), "w") as f:
        json.dump(res, f)

    return
