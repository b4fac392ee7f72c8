# Source: https://github.com/andytimm/rswjax/blob/e836c8c027e7415975aec23de730e58513b6af8e/src/rswjax/rsw.py
# Title: src/rswjax/rsw.py (representative sample weighting entry point)
# Cut: kept rsw() without its docstring and verbose report; the percent-difference helper dropped.
import numpy as np
import time
from rswjax.solver import admm


def rsw(df, funs, losses, regularizer, lam=1, **kwargs):
    if funs is not None:
        F = []
        for f in funs:
            F += [df.apply(f, axis=1)]
        F = np.array(F, dtype=float)
    else:
        F = np.array(df).T
    m, n = F.shape

    # remove nans by changing F
    rows_nan, cols_nan = np.where(np.isnan(F))
    desireds = [l.fdes for l in losses]
    desired = np.concatenate(desireds)
    if rows_nan.size > 0:
        for i in np.unique(rows_nan):
            F[i, cols_nan[rows_nan == i]] = desired[i]


    total_fdes_length = sum(len(loss.fdes) for loss in losses)

    if m > total_fdes_length:
        print("Warning! A loss is not defined for all columns, which is usually an error. "
            "Please double check inputs and outputs for issues closely.")

    if m < total_fdes_length:
        print("Warning! More losses are passed than columns, which is usually an error. "
            "Please double check inputs and outputs for issues closely.")

    tic = time.time()
    sol = admm(F, losses, regularizer, lam, **kwargs)
    toc = time.time()
    if kwargs.get("verbose", False):
        print("ADMM took %3.5f seconds" % (toc - tic))

    out = []
    means = F @ sol["w_best"]
    ct = 0
    for m in [l.m for l in losses]:
        out += [means[ct:ct + m]]
        ct += m

    return sol["w_best"], out, sol
