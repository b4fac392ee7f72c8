# Source: https://github.com/berthyf96/score_prior/blob/677dc023d1bc04f583938f513ff7bba60aad4fdc/forward_models.py
# Title: forward_models.py (score_prior): interferometry likelihood
# Cut: kept the class header, the batched jnp loss and two of the four avg_chisq_* evaluation
#      helpers (which call ehtim's numpy chi^2 per image); constructor and forward operators cut.
import ehtim as eh
import jax.numpy as jnp
import numpy as np


class EHTInterferometry:

  def unnormalized_log_likelihood(self, x, vis_weight=1., visamp_weight=0.):
    xvec = x.reshape(len(x), -1)
    vis_loss = visamp_loss = 0
    if vis_weight != 0.:
      residual_expanded = self.vis_expanded[None, :] - self.apply_forward_operator_vis(xvec)
      vis_loss = jnp.mean(jnp.square(residual_expanded / self.sigma_vis_expanded), axis=-1)
    if visamp_weight != 0.:
      visamp_pred = self.apply_forward_operator_visamp(xvec)
      residual = self.visamp[None, :] - visamp_pred
      visamp_loss = jnp.mean(jnp.square(residual / self.sigma_vis), axis=-1)
    return vis_weight * vis_loss + visamp_weight * visamp_loss

  def avg_chisq_vis(self, x):
    """Compute average visibility chi^2 for a given batch of images."""
    chisq = np.zeros(len(x))
    xvec = x.reshape(len(x), -1)
    for i, xi in enumerate(xvec):
      chisq[i] = eh.imaging.imager_utils.chisq_vis(
        xi, self.A_vis, self.vis, self.sigma_vis)
    return np.mean(chisq)

  def avg_chisq_cphase(self, x):
    """Compute average closure phase chi^2 for a given batch of images."""
    chisq = np.zeros(len(x))
    xvec = x.reshape(len(x), -1)
    for i, xi in enumerate(xvec):
      if self.diagonalize:
        chisq[i] = eh.imaging.imager_utils.chisq_cphase_diag(
          xi, self.A_cp_diag, self.cphase_diag, self.sigma_cp_diag)
      else:
        chisq[i] = eh.imaging.imager_utils.chisq_cphase(
          xi, self.A_cp, self.cphase, self.sigma_cp)
    return np.mean(chisq)
