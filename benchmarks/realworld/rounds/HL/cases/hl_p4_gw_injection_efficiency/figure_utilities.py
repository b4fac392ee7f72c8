# Source: https://github.com/tcallister/learning-p-det/blob/ca52ffea7f71852fefa9b43d448b36c3c21ed933/figures/figure_utilities.py
# Title: figures/figure_utilities.py (detection efficiency of BBH populations by reweighting injections)
# Cut: kept the module-level loading of found pipeline injections and semianalytic injections and the two
#      jitted efficiency functions; docstrings shortened, plotting helpers and gen_found dropped.
import numpy as np
import jax
from jax import config
config.update("jax_enable_x64", True)
import jax.numpy as jnp
from astropy.cosmology import Planck15 as Planck15
import astropy.units as u
import sys
sys.path.append("./../code/")
from population_model import truncatedNormal, massModel
from getData import getInjections

# Generate grids over which to integrate various quantities in functions
# defined below
tmp_min = 2.
ref_m1_grid = jnp.linspace(tmp_min, 100, 1000)
ref_z_grid = jnp.linspace(0, 1.9, 1000)
ref_dVdz_grid = 4.*np.pi*Planck15.differential_comoving_volume(ref_z_grid)
ref_dVdz_grid = ref_dVdz_grid.to(u.Gpc**3/u.sr).value
ref_cost_grid = jnp.linspace(-1,1,1000)

# Preemptively load found pipeline injections
injectionDict = getInjections()
a1_det = injectionDict['a1']
a2_det = injectionDict['a2']
cost1_det = injectionDict['cost1']
cost2_det = injectionDict['cost2']
m1_det = injectionDict['m1']
m2_det = injectionDict['m2']
z_det = injectionDict['z']
dVdz_det = injectionDict['dVdz']
p_draw = injectionDict['p_draw_m1m2z']*injectionDict['p_draw_a1a2cost1cost2']


@jax.jit
def get_inj_efficiency(alpha, mu_m1, sig_m1, log_f_peak, mMax, mMin, log_dmMax, log_dmMin, bq,
                       mu_chi, logsig_chi, f_iso, mu_cost, sig_cost, kappa):
    """
    Function that evaluates detection efficiency for a CBC population with
    given hyperparameters, via reweighting of found pipeline injections.
    """

    # Necessary normalization constnats
    p_m1_norm = jnp.trapz(
                    massModel(ref_m1_grid, alpha, mu_m1, sig_m1,
                              10.**log_f_peak, mMax, mMin, 10.**log_dmMax,
                              10.**log_dmMin),
                    ref_m1_grid)
    p_z_norm = jnp.trapz(ref_dVdz_grid*(1.+ref_z_grid)**(kappa-1.), ref_z_grid)

    # Compute probability densities of found injections on proposed population
    p_m1_det = massModel(m1_det, alpha, mu_m1, sig_m1, 10.**log_f_peak, mMax,
                         mMin, 10.**log_dmMax, 10.**log_dmMin)/p_m1_norm
    p_m2_det = (1.+bq)*m2_det**bq/(m1_det**(1.+bq)-tmp_min**(1.+bq))
    p_a1_det = truncatedNormal(a1_det, mu_chi, 10.**logsig_chi, 0, 1)
    p_a2_det = truncatedNormal(a2_det, mu_chi, 10.**logsig_chi, 0, 1)
    p_cost1_det = f_iso/2. + (1.-f_iso)*truncatedNormal(cost1_det, mu_cost, sig_cost, -1, 1)
    p_cost2_det = f_iso/2. + (1.-f_iso)*truncatedNormal(cost2_det, mu_cost, sig_cost, -1, 1)
    p_z_det = dVdz_det*(1.+z_det)**(kappa-1.)/p_z_norm
    p_pop_det = p_m1_det*p_m2_det*p_z_det \
        * p_a1_det*p_a2_det \
        * p_cost1_det*p_cost2_det

    # Form ratio of proposed weights over draw weights
    inj_weights = p_pop_det/(p_draw/1.)

    # Compute net detection efficiency
    detection_efficiency = jnp.sum(inj_weights)/injectionDict['nTrials']
    Neff = jnp.sum(inj_weights)**2/jnp.sum(inj_weights**2)

    return detection_efficiency, Neff


# Preemptively load semianalytic injection results
semianalytic = np.load('./../input/BBH_semianalytic.npy',allow_pickle=True)[()]
semianalytic['obs_snr']['dVdz'] = 4.*np.pi*Planck15.differential_comoving_volume(semianalytic['obs_snr']['z']).to(u.Gpc**3/u.sr).value
semianalytic['expected_snr']['dVdz'] = 4.*np.pi*Planck15.differential_comoving_volume(semianalytic['expected_snr']['z']).to(u.Gpc**3/u.sr).value

@jax.jit
def get_semianalytic_efficiency(alpha, mu_m1, sig_m1, log_f_peak, mMax, mMin, log_dmMax, log_dmMin, bq,
                                mu_chi, logsig_chi, f_iso, mu_cost, sig_cost, kappa, selection='obs'):
    """
    Function that evaluates detection efficiency for a CBC population with
    given hyperparameters, via reweighting of semianalytic injections
    """

    if selection=='obs':
        injs = semianalytic['obs_snr']
    else:
        injs = semianalytic['expected_snr']

    # Necessary normalization constnats
    p_m1_norm = jnp.trapz(
                    massModel(ref_m1_grid, alpha, mu_m1, sig_m1,
                              10.**log_f_peak, mMax, mMin, 10.**log_dmMax,
                              10.**log_dmMin),
                    ref_m1_grid)
    p_z_norm = jnp.trapz(ref_dVdz_grid*(1.+ref_z_grid)**(kappa-1.), ref_z_grid)

    # Compute probability densities of found injections on proposed population
    p_m1_semianalytic = massModel(injs['m1'], alpha, mu_m1, sig_m1, 10.**log_f_peak, mMax,
                         mMin, 10.**log_dmMax, 10.**log_dmMin)/p_m1_norm
    p_m2_semianalytic = (1.+bq)*injs['m2']**bq/(injs['m1']**(1.+bq)-tmp_min**(1.+bq))
    p_a1_semianalytic = truncatedNormal(injs['a1'], mu_chi, 10.**logsig_chi, 0, 1)
    p_a2_semianalytic = truncatedNormal(injs['a2'], mu_chi, 10.**logsig_chi, 0, 1)
    p_cost1_semianalytic = f_iso/2. + (1.-f_iso)*truncatedNormal(injs['costheta1'], mu_cost, sig_cost, -1, 1)
    p_cost2_semianalytic = f_iso/2. + (1.-f_iso)*truncatedNormal(injs['costheta2'], mu_cost, sig_cost, -1, 1)
    p_z_semianalytic = injs['dVdz']*(1.+injs['z'])**(kappa-1.)/p_z_norm

    # Impose boundaries
    p_m1_semianalytic = jnp.where(injs['m1']<100., p_m1_semianalytic, 0)
    p_m2_semianalytic = jnp.where(injs['m2']>tmp_min, p_m2_semianalytic, 0)
    p_z_semianalytic = jnp.where(injs['z']<1.9, p_z_semianalytic, 0)

    p_pop_semianalytic = p_m1_semianalytic*p_m2_semianalytic*p_z_semianalytic \
        * p_a1_semianalytic*p_a2_semianalytic \
        * p_cost1_semianalytic*p_cost2_semianalytic

    # Form ratio of proposed weights over draw weights
    inj_weights = p_pop_semianalytic/(injs['pdraw']/1.)

    # Compute net detection efficiency
    detection_efficiency = jnp.sum(inj_weights)/injs['nTrials']
    Neff = jnp.sum(inj_weights)**2/jnp.sum(inj_weights**2)

    return detection_efficiency, Neff
