# Source: https://github.com/juliennonin/auto-diff-variational-inference/blob/1ac36dbac99ce847abce6385703a924937a306cd/advi/main.py
# Title: advi/main.py (ADVI course project, "Bayesian Machine Learning" course)
# Cut: kept _zeta, _theta, _approximate_elbo and run verbatim (verbose prints kept); the gradient estimator is in gn_p6_advi_mc_gradient_loop and only called here; __init__ reduced to the attributes used.
import autograd.numpy as np


class ADVI:
    def __init__(self, model, inv_T, log_jac_inv_T, gradients_approximate):
        self.model = model
        self.inv_T = inv_T
        self.log_jac_inv_T = log_jac_inv_T
        self._gradients_approximate = gradients_approximate
        self.dim = self.model.dim
        self.mu = np.zeros(self.dim)
        self.omega = np.zeros(self.dim)
        self.history = {"mu": [], "omega": [], "elbo": []}

    def update_params(self, mu, omega):
        self.mu, self.omega = mu, omega

    def _zeta(self, eta):
        return eta * np.exp(self.omega) + self.mu

    def _theta(self, zeta):
        return self.inv_T(zeta)

    
    def _approximate_elbo(self, M):
        """Approximate the elbo for the current mu and omega values using MC integration (cf. equation 5)
        [TODO] Do we use the same etas that are sampled during each step of the optimization?
        """
        elbo_left = 0
        for _ in range(M):
            eta = np.random.normal(size=self.dim)
            zeta = self._zeta(eta)
            theta = self._theta(zeta)

            elbo_left += self.model.log_joint(theta) + self.log_jac_inv_T(zeta)
        elbo_left /= M

        entropy = self.omega.sum()  # + constant = 0.5 * self.dim * (1 + np.log(2 * np.π))
        return elbo_left + entropy

    def run(self, learning_rate, M=10, epsilon=0.01, verbose=True):
        # Stochastic optimization
        def get_learning_rate(i, s, grad, tau=1, alpha=0.1):
            s = alpha * grad**2 + (1 - alpha) * s
            rho = learning_rate * (i ** (-0.5 + 1e-16)) / (tau + np.sqrt(s))
            return rho, s
        
        elbo_old = self._approximate_elbo(M)
        delta_elbo = 2 * epsilon
        i = 1
        while np.abs(delta_elbo) > epsilon:  # Change using ELBO
            # Approximate gradients using MC integration
            nabla_mu, nabla_omega = self._gradients_approximate(M)

            # Calculate step size
            if i == 1:
                s_mu, s_omega = nabla_mu ** 2, nabla_omega ** 2
            rho_mu, s_mu = get_learning_rate(i, s_mu, nabla_mu)
            rho_omega, s_omega = get_learning_rate(i, s_omega, nabla_omega)

            # Update mu and omega
            self.update_params(
                self.mu + rho_mu * nabla_mu,
                self.omega + rho_omega * nabla_omega
            )
            print(i, self.mu[:10])
            # Update elbo
            elbo = self._approximate_elbo(100)
            self.history["elbo"].append(elbo)
            delta_elbo = elbo - elbo_old
            elbo_old = elbo

            if verbose and (i % 10 == 0):
                print(f"ELBO {elbo}, mu {self.mu}, omega {self.omega}")
            i += 1

