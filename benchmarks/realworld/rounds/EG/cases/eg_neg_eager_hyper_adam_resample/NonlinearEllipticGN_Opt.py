# Source: https://github.com/yangx0e/BilevelHyperparameterLearning/blob/07c3c10dd60efd7616277a7888fe3c9850ef260a/gp/NonlinearEllipticGN_Opt.py
# Title: gp/NonlinearEllipticGN_Opt.py (Gauss-Newton GP solver, hyperparameters learned by Adam or Newton)
# Cut: trainGN cut after the Adam branch; the class is reduced to that method; kernel/theta helpers elided.
import numpy as np
import jax.numpy as jnp
from jax import grad, hessian, jacfwd, value_and_grad, jit, lax
import jax.scipy as jsp
import optax


class NonlinearElliptic(object):
    def trainGN(self, init_params, cfg, params_reg_func = None):
        error = 1
        iter = 0
        self.M = cfg.M
        self.M_Omega = cfg.M_Omega

        zl = np.random.rand(2 * self.M_Omega)

        params = init_params
        nugget = jnp.log(jnp.exp(params[-1]) + 1)
        uk_func = self.gen_uk(params[:-1], zl, nugget)

        while error > cfg.tol and iter < cfg.epoch:
            zl_zeros = jnp.zeros(2 * self.M_Omega)
            y = -self.residual(zl_zeros, self.M, self.M_Omega, uk_func, self.samples[:self.M_Omega, :])
            J = jacfwd(self.residual)(zl_zeros, self.M, self.M_Omega, uk_func, self.samples[:self.M_Omega, :])

            def loss_res_learning_params(params, valid_samples, M, M_Omega):
                kernel_params = params[:-1]
                nugget = jnp.log(jnp.exp(params[-1]) + 1)
                u_kernel = self.kernel_generator(kernel_params)
                theta = self.build_theta(u_kernel, self.samples, self.M, self.M_Omega)
                nuggets = self.build_nuggets(theta, self.M, self.M_Omega)
                gram = theta + nugget * nuggets
                L = jnp.linalg.cholesky(gram)
                # L = self.safe_cholesky(theta, nuggets, nugget)
                P = jnp.concatenate((jnp.eye(2 * self.M_Omega), jnp.zeros((self.M - self.M_Omega, 2 * self.M_Omega))), axis=0)
                LinvP = jsp.linalg.solve_triangular(L, P, lower=True)
                mtx = cfg.lbda * jnp.matmul(LinvP.T, LinvP) + jnp.matmul(J.T, J)
                cho = jsp.linalg.cho_factor(mtx)
                new_z = jsp.linalg.cho_solve(cho, jnp.matmul(J.T, y))

                zz = jnp.concatenate((new_z, self.gbdr))
                u_weights = jsp.linalg.solve_triangular(L.T, jsp.linalg.solve_triangular(L, zz, lower=True), lower=False)

                u_vals, delta_u_vals = self.eval_u_ops(u_kernel, u_weights, valid_samples)

                res = self.nonlinear_residual(jnp.concatenate((delta_u_vals, u_vals)), M, M_Omega, uk_func, valid_samples)
                return res

            if cfg.learning_method == "adam":
                def loss_learning_params(params, valid_samples, M, M_Omega):
                    res = loss_res_learning_params(params, valid_samples, M, M_Omega)
                    return jnp.dot(res, res)# + cfg.reg * params_reg_func(params)

                optimizer = optax.adam(learning_rate=cfg.learning_lr)
                opt_state = optimizer.init(params)
                epoch = 0
                while epoch < cfg.learning_epoch:
                    valid_samples = self.domain.sampling(cfg.valid_M, cfg.valid_M_Omega)
                    valid_samples = valid_samples[:cfg.valid_M_Omega, :]

                    current_loss, grads = value_and_grad(loss_learning_params)(params, valid_samples, cfg.valid_M, cfg.valid_M_Omega)
                    # Update parameters and return new state
                    updates, pre_opt_state = optimizer.update(grads, opt_state, params)
                    pre_params = optax.apply_updates(params, updates)

                    if jnp.any(jnp.isnan(pre_params)):
                        nugget = jnp.log(jnp.exp(params[-1]) + 1) * 2
                        params = params.at[-1].set(jnp.log(jnp.exp(nugget) - 1))
                        print(f"nugget is too small, the new nugget is {nugget}")
                        continue

                    params = pre_params
                    opt_state = pre_opt_state

                    nugget = jnp.log(jnp.exp(params[-1]) + 1)
                    # print(f"        Learning Hyperparameters, GN Epoch {iter}, Learning Hyper Epoch {epoch}, Current Loss {current_loss}, Current nugget {nugget}")
                    print(
                        f"          Learning Hyperparameters, GN Epoch {iter}, Learning Hyper Epoch {epoch}, Current Loss {current_loss}, Current parameter {params}")
