# Source: https://github.com/juliennonin/auto-diff-variational-inference/blob/1ac36dbac99ce847abce6385703a924937a306cd/advi/main.py
# Title: advi/main.py (ADVI course project, "Bayesian Machine Learning" course)
# Cut: kept __init__, the reparametrised gradient helpers and _gradients_approximate verbatim; _approximate_elbo and run dropped (see gn_neg_advi_elbo_host_estimate); plotting imports dropped.
from autograd import elementwise_grad, jacobian
import autograd.numpy as np


class ADVI:
    def __init__(self, model, inv_T):
        self.model = model
        self.inv_T = inv_T
        self.dim = self.model.dim

        ## Compute Gradients
        self.grad_log_joint = elementwise_grad(model.log_joint)  # θ -> ∇log p(x, θ)
        self.grad_inv_T = elementwise_grad(inv_T)  # ζ -> ∇T⁻¹(ζ)

        jacobian_det_inv_T = lambda zeta: np.linalg.det(jacobian(inv_T)(zeta))
        self.log_jac_inv_T = lambda zeta: np.log(np.abs(jacobian_det_inv_T(zeta)))  # ζ -> log|det J_{T⁻¹}(ζ)|
        self.grad_log_jac_inv_T = elementwise_grad(self.log_jac_inv_T)  # ζ -> ∇log|det J_{T⁻¹}(ζ)|

        # To optimize
        self.mu = np.zeros(self.dim)
        self.omega = np.zeros(self.dim)
        self.history = {"mu": [], "omega": [], "elbo": []}

    def _zeta(self, eta):
        return eta * np.exp(self.omega) + self.mu

    def _theta(self, zeta):
        return self.inv_T(zeta)

    def _nabla_mu_inside_expect(self, eta):
        assert len(eta) == self.dim
        zeta = self._zeta(eta)
        theta = self._theta(zeta)

        grad_log_joint_eval = self.grad_log_joint(theta)
        grad_inv_T_eval = self.grad_inv_T(zeta)
        grad_log_jac_inv_T_eval = self.grad_log_jac_inv_T(zeta)
        return grad_log_joint_eval * grad_inv_T_eval + grad_log_jac_inv_T_eval

    def _nabla_omega_inside_expect(self, nabla_mu_eval, eta):
        # [TODO] Is it an elementwise product between coeffs of the gradients?
        return nabla_mu_eval * eta * np.exp(self.omega) + 1

    def _gradients_approximate(self, M):
        # Draw M samples η from the standard multivariate Gaussian N(0,I)
        nabla_mu = np.zeros(self.dim)
        nabla_omega = np.zeros(self.dim)
        for m in range(M):
            eta = np.random.normal(size=self.dim)
            nabla_mu_eval = self._nabla_mu_inside_expect(eta)
            nabla_mu += nabla_mu_eval
            nabla_omega += self._nabla_omega_inside_expect(nabla_mu_eval, eta)
        return nabla_mu / M, nabla_omega / M
