# Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/c8f417006b91d8f75985b733351fd970736bde4b/jax_cosmo/power.py
# Title: jax_cosmo/power.py (linear matter power spectrum normalised by sigma8)
# Cut: docstrings shortened; otherwise as written. linear_matter_power is what angular_cl
#      differentiates ("Adds demo of differentiating through angular cls").
import jax.numpy as np
import jax_cosmo.constants as const
from jax_cosmo.scipy.integrate import romb

import jax_cosmo.background as bkgrd
import jax_cosmo.transfer as tklib


def primordial_matter_power(cosmo, k):
  """ Primordial power spectrum
      Pk = k^n
  """
  return k**cosmo.n_s

def linear_matter_power(cosmo, k, a=1.0, transfer_fn=tklib.Eisenstein_Hu, **kwargs):
  r""" Computes the linear matter power spectrum."""
  k = np.atleast_1d(k)
  a = np.atleast_1d(a)
  g = bkgrd.growth_factor(cosmo, a)
  t = transfer_fn(cosmo, k,**kwargs)

  pknorm = cosmo.sigma8**2/sigmasqr(cosmo, 8.0, transfer_fn, **kwargs)

  pk = primordial_matter_power(cosmo, k) * t**2 * g**2

  # Apply normalisation
  pk = pk*pknorm
  return pk.squeeze()

def sigmasqr(cosmo, R, transfer_fn, kmin=0.0001, kmax = 1000.0, ksteps=5, **kwargs):
  """ Computes the energy of the fluctuations within a sphere of R h^{-1} Mpc """
  def int_sigma(logk):
    k = np.exp(logk)
    x = k * R
    w = 3.0*(np.sin(x) - x*np.cos(x))/(x*x*x)
    pk = transfer_fn(cosmo, k, **kwargs)**2 * primordial_matter_power(cosmo, k)
    return k * (k*w)**2 * pk
  y = romb(int_sigma, np.log10(kmin), np.log10(kmax), divmax=7)
  return 1.0/(2.0*np.pi**2.0) * y
