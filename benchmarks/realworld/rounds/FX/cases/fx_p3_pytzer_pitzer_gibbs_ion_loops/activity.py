# Source: https://github.com/mvdh7/pytzer/blob/20360f94a02cca524432a05726e229fb5b822c8e/pytzer/model.py
# Title: pytzer/model.py -- Calculate solution properties using the Pitzer model
# Cut: log_activity_coefficients from the same file, moved to its own module; Gibbs_nRT is
#      imported from model.py.
import jax

from model import Gibbs_nRT


@jax.jit
def log_activity_coefficients(m_cats, m_anis, m_neus, z_cats, z_anis, **parameters):
    """Calculate the natural log of the activity coefficient of all solutes."""
    log_acf_cats = jax.grad(Gibbs_nRT, 0)(
        m_cats, m_anis, m_neus, z_cats, z_anis, **parameters
    )
    log_acf_anis = jax.grad(Gibbs_nRT, 1)(
        m_cats, m_anis, m_neus, z_cats, z_anis, **parameters
    )
    log_acf_neus = jax.grad(Gibbs_nRT, 2)(
        m_cats, m_anis, m_neus, z_cats, z_anis, **parameters
    )
    return log_acf_cats, log_acf_anis, log_acf_neus
