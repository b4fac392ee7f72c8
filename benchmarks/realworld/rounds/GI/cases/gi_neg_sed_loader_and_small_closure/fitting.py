# Source: https://github.com/pliniewicz/blackjax-lumen/blob/bcbdd0978bc895a2b589dedb6d9cbc5b5825eb04/lumen/fitting.py
# Title: lumen/fitting.py (SED data I/O and JAX log-likelihood used by blackjax nested sampling)
# Cut: the Fnu loader and the log_likelihood wrapper docstrings removed; observed_sed and Cosmology are the
#      package's own (imported).
import jax
import numpy as np
import jax.numpy as jnp
from dataclasses import dataclass
from functools import partial
from typing import List

from .sed import observed_sed
from .cosmology import Cosmology


@dataclass
class SEDDataPoint:
    nu: float           # frequency [Hz]
    nuFnu: float        # nuFnu [erg/s/cm^2]
    nuFnu_err: float    # error on nuFnu
    is_upper: bool = False


@dataclass
class SEDData:
    points: List[SEDDataPoint]

    @property
    def frequencies(self):
        return jnp.array([p.nu for p in self.points])

    @property
    def log_fluxes(self):
        """log10(nuFnu) for each data point."""
        return jnp.log10(jnp.array([p.nuFnu for p in self.points]))

    @property
    def log_errors(self):
        return jnp.array([
            p.nuFnu_err / (p.nuFnu * np.log(10)) for p in self.points
        ])

    @property
    def upper_limit_mask(self):
        return jnp.array([p.is_upper for p in self.points])

    def __len__(self):
        return len(self.points)


def load_sed(filename: str, delimiter=',', skip_header: int = 1,
             log_data: bool = False) -> SEDData:
    """Load SED from file.  Columns: nu, nuFnu, nuFnu_err [, is_upper]."""
    raw = np.loadtxt(filename, delimiter=delimiter, skiprows=skip_header)
    n, ncols = raw.shape

    points = []
    for i in range(n):
        is_upper = bool(raw[i, 3] == 1) if ncols >= 4 else False

        if log_data:
            nu = 10.0 ** raw[i, 0]
            nuFnu = 10.0 ** raw[i, 1]
            nuFnu_err = nuFnu * np.log(10) * raw[i, 2] if ncols >= 3 else 0.1 * nuFnu
            if nuFnu_err == 0.0:
                nuFnu_err = 0.1 * nuFnu
        else:
            nu = raw[i, 0]
            nuFnu = raw[i, 1]
            nuFnu_err = raw[i, 2] if ncols >= 3 else 0.1 * nuFnu
            if nuFnu_err == 0.0:
                nuFnu_err = 0.1 * nuFnu

        points.append(SEDDataPoint(nu, nuFnu, nuFnu_err, is_upper))

    return SEDData(points)


def _build_loglik_fn(nu_obs, log_flux_obs, log_flux_err, is_upper,
                     cosmo, nx, ngamma, use_kn, log_err_floor):
    """Build a pure, JIT-compiled log-likelihood closure over fixed data."""
    log_flux_err = jnp.maximum(log_flux_err, log_err_floor)

    @partial(jax.jit)
    def _loglik(params):
        nuFnu_model = observed_sed(nu_obs, params, cosmo, nx, ngamma, use_kn)
        log_flux_model = jnp.log10(jnp.maximum(nuFnu_model, 1e-300))

        residuals = (log_flux_obs - log_flux_model) / log_flux_err
        ll_det = -0.5 * residuals ** 2

        ll_ul = jax.scipy.stats.norm.logcdf(
            (log_flux_obs - log_flux_model) / log_flux_err
        )

        return jnp.sum(jnp.where(is_upper, ll_ul, ll_det))

    return _loglik


def make_log_likelihood(data: SEDData, cosmo: Cosmology,
                        nx: int = 96, ngamma: int = 128,
                        use_kn: bool = True, log_err_floor: float = 0.01):
    """Return a compiled ``loglik(params) -> float`` closure."""
    return _build_loglik_fn(
        data.frequencies, data.log_fluxes, data.log_errors,
        data.upper_limit_mask, cosmo, nx, ngamma, use_kn, log_err_floor,
    )
