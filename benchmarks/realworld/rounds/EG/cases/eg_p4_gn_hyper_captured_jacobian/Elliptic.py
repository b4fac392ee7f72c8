# Source: https://github.com/yangx0e/BilevelHyperparameterLearning/blob/07c3c10dd60efd7616277a7888fe3c9850ef260a/elliptic/utilities/Elliptic.py
# Title: elliptic/utilities/Elliptic.py (Gauss-Newton GP solver with bilevel kernel hyperparameter learning)
# Cut: class kept with trainGN only, cut after the jitted solve(); kernel/theta builders, prediction and plotting dropped.
# Sizes from elliptic/main_elliptic.py: cfg M = 1200 collocation points, M_Omega = 900 interior points.
import jax

jax.config.update("jax_enable_x64", True)

import jax.numpy as jnp
from jax import vmap, jacfwd, value_and_grad, grad, lax
from utilities.domains import *
import jax.scipy as jsp
import optax
from functools import partial
import numpy as np
import matplotlib.pyplot as plt
from matplotlib import colormaps
import scipy.io as sio


class Elliptic(object):
    # Nonlinear elliptic equation: -Delta u + alpha u^m = f

    def trainGN(self, init_params, cfg):
        error = 1
        it = 0

        params = init_params
        u_kernel = self.kernel_generator()
        uk_params = params
        uk_weights = jnp.zeros(
            [
                2 * self.M_Omega + self.M - self.M_Omega,
            ]
        )
        zk = jnp.zeros(
            [
                1 * self.M_Omega,
            ]
        )  # represent the values of operators at the samples

        # seed = np.random.randint(0, 9999999)
        # seed = 4733051
        # print("seed: ", seed)
        # np.random.seed(seed)
        params_history = [params]
        loss_history = []
        while it < cfg.epoch:  # error > cfg.tol and it < cfg.epoch:
            # The optimization problem at each GN itation is formulated as the following optimization problem
            # (Jz + y)^T\Theta^{-1}(Jz + y).
            # The minimization problem admits an explicit solution
            # z = -(J^T\Theta^{-1}J)^{-1}J^T\Theta^{-1}y

            # zk_current represents the values of operators of the functions at the previous itations
            # evaluated at samples in the current itation
            zk_current = zk
            zl_zeros = jnp.zeros(
                [
                    1 * self.M_Omega,
                ]
            )

            y = self.prolong(zl_zeros, zk_current)
            J = jacfwd(self.prolong)(zl_zeros, zk_current)

            idx = np.random.choice(
                self.samples_interior_valid.shape[0],
                self.samples_interior_valid.shape[0],
                replace=False,
            )[: cfg.batch_size]
            batch_samples_interior_valid = self.samples_interior_valid[idx, :]
            delta_uk_vals, uk_vals = self.eval_ops(
                u_kernel,
                uk_weights,
                batch_samples_interior_valid,
                uk_params.reshape([]),
            )
            zk_at_valid = jnp.concatenate([delta_uk_vals, uk_vals])
            zk_at_valid = jax.lax.stop_gradient(zk_at_valid)
            self.batch_size = cfg.batch_size

            # @jax.jit
            def loss_learning_params(params, zk_at_valid, batch_samples_interior_valid):
                # kernel_params = params[:-1]
                # nugget = jnp.log(jnp.exp(params[-1]) + 1)
                kernel_params = params.reshape([])
                nugget = cfg.nugget
                theta_u = self.build_theta(
                    u_kernel, self.samples, self.M, self.M_Omega, kernel_params
                )
                nuggets_u = self.build_nuggets(theta_u, self.M, self.M_Omega)
                gram_u = theta_u + nugget * nuggets_u
                cho = jsp.linalg.cho_factor(gram_u)

                b = -jnp.dot(J.T, jsp.linalg.cho_solve(cho, y))
                tmp = jsp.linalg.cho_solve(cho, J)
                mtx = jnp.matmul(J.T, tmp)
                new_z = jnp.linalg.solve(mtx, b)

                new_uz = self.prolong(new_z, zk_current)

                u_weights = jsp.linalg.cho_solve(cho, new_uz)

                delta_u_vals, u_vals = self.eval_ops(
                    u_kernel,
                    u_weights,
                    batch_samples_interior_valid,
                    kernel_params,
                )
                z_at_valid = jnp.concatenate([delta_u_vals, u_vals])

                res = self.residual(z_at_valid, zk_at_valid, self.batch_size, batch_samples_interior_valid)

                return jnp.dot(res, res)

            @jax.jit
            def compute_updates(
                params, zk_at_valid, batch_samples_interior_valid, opt_state
            ):
                current_loss, grads = value_and_grad(loss_learning_params)(
                    params,
                    zk_at_valid,
                    batch_samples_interior_valid,
                )
                update, opt_state = optimizer.update(grads, opt_state, params)
                return update, opt_state, current_loss

            optimizer = optax.adam(learning_rate=cfg.learning_lr)
            opt_state = optimizer.init(params)

            for epoch in range(cfg.learning_epoch):
                update, opt_state, current_loss = compute_updates(
                    params,
                    zk_at_valid,
                    batch_samples_interior_valid,
                    opt_state,
                )
                params = optax.apply_updates(params, update)
                params_history += [params]
                loss_history += [current_loss]
                # print(f"        Learning Hyperparameters, GN Epoch {it}, Learning Hyper Epoch {epoch}, Current Loss {current_loss}, Current parameter {params}")
                print(
                    f"        Learning Hyperparameters, GN Epoch {it}, Learning Hyper Epoch {epoch}, Current Loss {current_loss}",
                    flush=True,
                )

                if current_loss <= cfg.learning_tol:
                    print(f"Stopping early at epoch {epoch} due to loss threshold")
                    break

            @jax.jit
            def solve(params):
                # kernel_params = params[:-1]
                # nugget = jnp.log(jnp.exp(params[-1]) + 1)
                kernel_params = params.reshape([])
                nugget = cfg.nugget
                theta_u = self.build_theta(
                    u_kernel, self.samples, self.M, self.M_Omega, kernel_params
                )
                nuggets_u = self.build_nuggets(theta_u, self.M, self.M_Omega)
                gram_u = theta_u + nugget * nuggets_u
                cho = jsp.linalg.cho_factor(gram_u)

                b = -jnp.dot(J.T, jsp.linalg.cho_solve(cho, y))
                tmp = jsp.linalg.cho_solve(cho, J)
                mtx = jnp.matmul(J.T, tmp)
                new_z = jnp.linalg.solve(mtx, b)

                new_uz = self.prolong(new_z, zk_current)

                u_weights = jsp.linalg.cho_solve(cho, new_uz)
                res = self.nonlinear_residual(new_z, zk_current)
                error = jnp.dot(res, res)
                return error, u_weights, new_z

