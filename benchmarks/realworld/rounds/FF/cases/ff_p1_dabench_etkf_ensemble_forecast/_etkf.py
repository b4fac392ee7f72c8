# Source: https://github.com/StevePny/DataAssimBench/blob/4070e99f574e11bd911086e33b2b09a685a330b1/dabench/dacycler/_etkf.py
# Title: dabench/dacycler/_etkf.py (Ensemble Transform Kalman Filter DA cycler)
# Cut: docstrings shortened; the analysis algorithm (_compute_analysis) and
#      _cycle_obsop cut. _step_forecast is called inside jax.lax.scan by the base
#      class DACycler (see _dacycler.py in this case).
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import linalg
import xarray as xr
import xarray_jax as xj
from typing import Callable

from dabench import dacycler
from dabench.model import Model


class ETKF(dacycler.DACycler):
    """Ensemble transform Kalman filter DA Cycler

    ensemble_dim: Number of ensemble instances for ETKF. Default is
        4. Higher ensemble_dim increases accuracy but has performance cost.
    """
    _in_4d: bool = False
    _uses_ensemble: bool = True

    def __init__(self,
                 system_dim: int,
                 delta_t: float,
                 model_obj: Model,
                 B=None, R=None, H=None, h=None,
                 ensemble_dim: int = 4,
                 multiplicative_inflation: float = 1.0
                 ):
        self.ensemble_dim = ensemble_dim
        self.multiplicative_inflation = multiplicative_inflation
        super().__init__(system_dim=system_dim,
                         delta_t=delta_t,
                         model_obj=model_obj,
                         B=B, R=R, H=H, h=h)

    def _step_forecast(self, Xa, n_steps: int = 1):
        """Ensemble method needs a slightly different _step_forecast method"""
        ensemble_forecasts = []
        ensemble_inputs = []
        for i in range(self.ensemble_dim):
            cur_inputs, cur_forecast = self.model_obj.forecast(
                    Xa.isel(ensemble=i),
                    n_steps=n_steps
                    )
            ensemble_inputs.append(cur_inputs)
            ensemble_forecasts.append(cur_forecast)

        return (xr.concat(ensemble_inputs, dim='ensemble'),
                xr.concat(ensemble_forecasts, dim='ensemble'))

    def _apply_obsop(self, Xb, H, h):
        if H is not None:
            Yb = H @ Xb
        else:
            Yb = h(Xb)
        return Yb
