# Source: https://github.com/andytimm/rswjax/blob/e836c8c027e7415975aec23de730e58513b6af8e/examples/brfss.py
# Title: examples/brfss.py (BRFSS survey weighting example)
# Cut: kept the maximum-entropy fit and the representative-selection comparison against 200 random selections; data loading and the means (state_age_mean etc.) come from the omitted preprocessing; plotting dropped.
import pandas as pd
import rswjax as rsw
import numpy as np

from preprocessing import df, df_small, n, state_age_mean, sex_mean, education_income_mean, health_mean

print("\n\n Maximum entropy weighting")
losses = [
    rsw.EqualityLoss(np.array(state_age_mean).flatten()),
    rsw.EqualityLoss(np.array(sex_mean).flatten()),
    rsw.EqualityLoss(np.array(education_income_mean).flatten()),
    rsw.EqualityLoss(np.array(health_mean).flatten())
]
regularizer = rsw.EntropyRegularizer(limit=100)
w, out, sol = rsw.rsw(df_small, None, losses, regularizer,
                      1, verbose=True, rho=75, eps_abs=1e-6, eps_rel=1e-6)

w = np.clip(w, 1 / (100 * n), 100 / n)
w /= np.sum(w)
w_maxent = w

# Representative selection
print("\n\nRepresentative selection")
losses = [
    rsw.KLLoss(np.array(state_age_mean).flatten(), scale=1),
    rsw.KLLoss(np.array(sex_mean).flatten(), scale=1),
    rsw.KLLoss(np.array(education_income_mean).flatten(), scale=1),
    rsw.KLLoss(np.array(health_mean).flatten(), scale=1)
]
regularizer = rsw.BooleanRegularizer(k=500)

w, out, sol = rsw.rsw(df_small, None, losses, regularizer, 1,
                      verbose=True, rho=100, eps_abs=1e-5, eps_rel=1e-5, maxiter=1000)

ct_cum = 0
objective_ours = 0.
f = np.concatenate(out)
for l in losses:
    objective_ours += l.evaluate(f[ct_cum:ct_cum + l.m])
    ct_cum += l.m

np.random.seed(0)
lz = []
idxs = []
for _ in range(200):
    ct_cum = 0
    objective = 0.
    idxtemp = np.random.choice(
        df_small.index, size=regularizer.k, p=w_maxent, replace=False)
    idxs.append(idxtemp)
    f = np.array(df_small.loc[idxtemp].mean())
    for l in losses:
        objective += l.evaluate(f[ct_cum:ct_cum + l.m])
        ct_cum += l.m
    lz.append(objective)

print(1 - objective_ours / np.min(lz))

