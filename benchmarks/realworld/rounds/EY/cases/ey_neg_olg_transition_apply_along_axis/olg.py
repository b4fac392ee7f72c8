# Source: https://github.com/mkhlgrv/olg/blob/9c19e48fe7a6e858aa8e670b2177468b23bb8d5d/olg.py
# Title: olg.py (OLG model with two sectors: transition path residuals, Jacobian sparsity via jacfwd)
# Cut: kept OLG.evaluate_guess as written (per-period equilibrium equations evaluated with
#      jnp.apply_along_axis over periods, jacfwd for the sparsity pattern, scipy least_squares);
#      update_guess kept; the rest of the class dropped.
import numpy as np
import jax.numpy as jnp
from jax import jit, grad, jacfwd, jacrev
from scipy.optimize import least_squares
from scipy.sparse import csr_matrix


class OLG:
    def evaluate_guess(self, t_0, t_1):
        class JAX_OLG():
            def copy_from(self, model):
                self.price_M = jnp.array(model.price_M).copy()
                self.A = jnp.array(model.A).copy()
                self.Labor = jnp.array(model.Labor).copy()
                self.r = jnp.array(model.r).copy()
                self.tau_pi = jnp.array(model.tau_pi).copy()
                self.Gov = jnp.array(model.Gov).copy()
                self.Consumption = jnp.array(model.Consumption).copy()
                self.psi_O =jnp.array(model.psi_O).copy()
                self.Y_O = jnp.array(model.Y_O).copy()

        static = JAX_OLG()

        static.copy_from(model = self)    
        
        def equilibrium(z,  t_0=t_0,t_1 = t_1, self=self):
            period = t_1 - t_0

            # border conditions ( from t = t_0 to 

            k = jnp.array(self.k).copy()
            k = k.at[:, (t_0+1):(t_1+1)].set(z[:(period*2)].reshape(2, -1))

            i = jnp.array(self.i).copy()
            i = i.at[:, t_0:t_1].set(z[(period*2):(period*4)].reshape(2, -1))

            l_demand = jnp.array(self.l_demand).copy()
            l_demand = l_demand.at[0, t_0:t_1].set(z[(period*4):(period*5)])
            l_demand = l_demand.at[1, t_0:t_1].set(1 - z[(period*4):(period*5)])

            lmbda_to_price = jnp.array(self.lmbda_to_price).copy()
            lmbda_to_price = lmbda_to_price.at[:, t_0:t_1].set(z[(period*5):(period*7)].reshape(2, -1))

            w = jnp.array(self.w).copy()
            w = w.at[t_0:t_1].set(z[(period*7):(period*8)])

            price = jnp.array(self.price).copy()
            price = price.at[t_0:t_1].set(z[(period*8):(period*9)])

            price_S = jnp.array([self.price_N.copy(), self.price_E.copy()])
            price_S = price_S.at[0, t_0:t_1].set(z[(period*9):(period*10)])
            


            def labor_equation(t, S, self=self):
                return (1-self.alpha)*price_S[S, t]  * (k[S, t]/l_demand[S, t] * static.A[0,t]/static.A[S, t])**self.alpha - w[t]/static.A[0, t]

            def investment_equation(t, S, self=self):
                return  1 -\
                        lmbda_to_price[S, t] * (
                                            1 - self.psi/2 *(
                                                            i[S, t]/i[S, t-1]*(k[S,t] * static.Labor[t] * static.A[0, t])/\
                                                                              (k[S,t-1] * static.Labor[t-1] * static.A[0, t-1])
                                                            - 1
                                                            )**2\
                                              - self.psi * (
                                                            i[S, t]/i[S, t-1]*(k[S,t] * static.Labor[t] * static.A[0, t])/\
                                                                              (k[S,t-1] * static.Labor[t-1] * static.A[0, t-1])
                                                            ) * \
                                                           (
                                                            i[S, t]/i[S, t-1]*(k[S,t] * static.Labor[t] * static.A[0, t])/\
                                                                              (k[S,t-1] * static.Labor[t-1] * static.A[0, t-1]) - 1
                                                           ) 
                                            )-\
                       lmbda_to_price[S,t+1]*price[t+1]/price[t]*self.psi/(1+static.r[t+1]) *\
                       (
                            i[S,t+1]/i[S,t]*(k[S, t+1]*static.A[0, t+1]*static.Labor[t+1])/\
                                            (k[S,t] * static.Labor[t] * static.A[0, t])
                       )**2 *\
                       (
                            i[S,t+1]/i[S,t]*(k[S, t+1]*static.A[0, t+1]*static.Labor[t+1])/\
                                            (k[S,t] * static.Labor[t] * static.A[0, t])
                            - 1
                       )

            def capital_equation(t, S, self=self):
                return 1/(1+static.r[t+1]) * (
                                              (1-static.tau_pi[t+1]) * self.alpha * price_S[S, t+1] *\
                                              (k[S, t]/l_demand[S, t] * static.A[0,t]/static.A[S, t])**(self.alpha-1) +\
                                              static.tau_pi[t+1] * self.delta * price[t+1] +\
                                              lmbda_to_price[S, t+1]*price[t+1] * (1-self.delta) 
                                            ) -\
                        lmbda_to_price[S, t] * price[t]
            def capital_accomodation_equation(t, S, self=self):
                return (1-self.delta)+\
                        i[S,t] * (1-self.psi / 2 *(i[S, t]/i[S, t-1]*(k[S,t] * static.Labor[t] * static.A[0, t])/\
                                                                     (k[S,t-1] * static.Labor[t-1] * static.A[0, t-1])
                                                   - 1
                                                  )**2 
                                 ) -\
                        k[S,t+1]*static.A[0, t+1]*static.Labor[t+1]/(k[S,t] * static.Labor[t] * static.A[0, t])



            def final_good_market_equation(t, self=self):
                return price[t] - (static.price_M[t])**self.omega * (price_S[0, t])**(1-self.omega)

            def intermediate_good_market_equation(t, self=self):
                return price_S[0,t]*(
                                        (k[0,t]/l_demand[0,t])**self.alpha *l_demand[0,t] - \
                                        static.Gov[t]/(static.A[0,t]*static.Labor[t])
                                    ) - \
                        (1-self.omega) * price[t] * \
                        (
                            (static.Consumption[t] + static.psi_O[t] * static.Y_O[t])/(static.A[0,t]*static.Labor[t]) +\
                            i[0,t]*k[0,t] + i[1,t]*k[1,t]
                        )

            def system(t):
                return  jnp.array([labor_equation(t,  0),
                        labor_equation(t,  1),
                        investment_equation(t,  0),
                        investment_equation(t,  1),
                        capital_equation(t,  0),
                        capital_equation(t,  1),
                        capital_accomodation_equation(t,  0),
                        capital_accomodation_equation(t,  1),
                        final_good_market_equation( t),
                        intermediate_good_market_equation( t)])


            return jnp.apply_along_axis(system, 0, jnp.arange(t_0, t_1)).reshape(-1)

        z_guess = self.update_guess(t_0, t_1)
        
        if not self.jac_sparsity_flag:
            self.jac_sparsity = csr_matrix(jacfwd(equilibrium)(z_guess))
            self.jac_sparsity_flag = True
                
        result = least_squares(equilibrium, z_guess, jac_sparsity=self.jac_sparsity, tr_solver = 'lsmr', verbose =2, max_nfev = self.max_nfev)
        
        self.update_optimal_trajectory(result.x,t_0, t_1) 
        
        self.history.append(result)

        
    def update_guess(self, t_0, t_1):
        z = np.concatenate([self.k[:, (t_0+1):(t_1+1)].ravel(),
                      self.i[:, t_0:t_1].ravel(),
                      self.l_demand[0, t_0:t_1].ravel(),
                      self.lmbda_to_price[:, t_0:t_1].ravel(),
                      self.w[t_0:t_1],
                      self.price[t_0:t_1],
                      self.price_N[t_0:t_1]
                     ])
        return z
