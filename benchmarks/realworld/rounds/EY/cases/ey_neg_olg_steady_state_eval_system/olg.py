# Source: https://github.com/mkhlgrv/olg/blob/9c19e48fe7a6e858aa8e670b2177468b23bb8d5d/olg.py
# Title: olg.py (OLG model with two sectors, demography and pension reform; steady state via IPOPT)
# Cut: kept OLG.update_steady_state as written (host NumPy aggregation over generations, an
#      eval()-built 7-equation system jitted with jacfwd/jacrev for minimize_ipopt); the rest of
#      the class dropped, imports reduced to what the method uses.
import numpy as np
from cyipopt import minimize_ipopt
from jax import jit, grad, jacfwd, jacrev


class OLG:
    def update_steady_state(self):

        w_steady, price_steady, price_N_steady, tau_VA_steady = self.steady_state[3:7]

                

        for t in range(self.T-self.G + 1, self.max_time):
            self.w[t] = w_steady* self.A_growth**(t - self.T)
            self.price[t] = price_steady
            self.price_N[t] = price_N_steady
            self.tau_VA[t] = tau_VA_steady

        for s in range(2):
            initial_household = self.household(s, self.G+self.T-1, self.T,self.T) # первое родившееся поколение в период self.T
            self.c[s, self.G+self.T-1, self.T],self.l[s, self.G+self.T-1,self.T],self.a[s, self.G+self.T-1,self.T] = initial_household
            for t in range(self.T,self.G+self.T):
                self.c[s, self.G+self.T-1, t],self.l[s, self.G+self.T-1,t],self.a[s, self.G+self.T-1,t] = self.household(s, self.G+self.T-1, t,t)
            for g in range(self.G+self.T-2, self.T-1, -1): # все поколения, живущие в периоде self.T
                
                self.c[s, g, (g-self.G + 1):(g+1)]  = self.c[s, self.G+self.T-1, (self.T):(self.G+self.T)] \
                * self.A_growth**(g-self.G + 1 - self.T)
                self.l[s, g, (g-self.G + 1):(g+1)]  = self.l[s, self.G+self.T-1, (self.T):(self.G+self.T)]
                self.a[s, g,(g-self.G + 1):(g+1)]  =self.a[s, self.G+self.T-1, (self.T):(self.G+self.T)]* self.A_growth**(g-self.G + 1 - self.T)
                
        Consumption = np.sum([self.c[s,g,self.T]*self.N[s,g,self.T] 
                              for g in range(self.T, self.G+self.T) 
                              for s in range(2)])
        # if self.utility != 'exogenous_labor':
        Labor = np.sum([self.l[s,g,self.T]*self.N[s,g,self.T]*self.epsilon[s,g,self.T] for g in range(self.T, self.G+self.T) for s in range(2)])
        # else:
            # Labor = self.Labor[self.T]
        

        Assets =  np.sum([self.a[s,g,self.T]*self.N[s,g,self.T] for g in range(self.T, self.G+self.T) for s in range(2)])
        
        if len(self.steady_state_path)==0:
            
            self.steady_state[-3:] = self.eta*np.array([Consumption,  Labor, Assets]) + (1-self.eta)*self.steady_state[-3:]
            gov = 0.35
            oil_costs = 0.
        else:
            # self.steady_state[-3:] = self.eta * np.array([Consumption,  Labor, Assets]) + (1-self.eta)*self.steady_state[-3:]
            self.steady_state[-3:] = np.array([Consumption,  Labor, Assets])
        
            self.K[0,self.T] = self.steady_state[0]* Labor * self.A[0,self.T] 
            self.K[1,self.T] = self.steady_state[2]* Labor * self.A[0,self.T]
            
            self.I[0,self.T] = self.i_steady * self.K[0,self.T]
            self.I[1,self.T] = self.i_steady* self.K[1,self.T]
            
            self.L[0,self.T] = self.steady_state[1] * Labor 
            self.L[1,self.T] = (1-self.steady_state[1]) * Labor
            
 

            gov = self.Gov[self.T]/(self.A[0,self.T]*self.steady_state[-2])
            oil_costs = self.psi_O[self.T] * self.Y_O[self.T]/(self.A[0,self.T]*self.steady_state[-2])
            

        z_guess = self.steady_state[:7]
        
        def equilibrium(z, self=self, objective = True):

            system = [
                f"{1-self.alpha}*price_N_steady * (k_N_steady/l_N_demand)**{self.alpha}- w_steady/{self.A[0,self.T]}"
                      ,f"{1/(1+self.r[self.T+1])}*(({1-self.tau_pi[self.T+1]}) *{self.alpha}*price_N_steady* (k_N_steady/l_N_demand)**{self.alpha-1} +{self.tau_pi[self.T+1]} * {self.delta}*price_steady + {self.lmbda_to_price_steady}*price_steady * ({1-self.delta})) - {self.lmbda_to_price_steady}*price_steady"
                      ,f"{1-self.alpha}*{self.price_E[self.T]} * (k_E_steady/(1-l_N_demand)*{self.A[0,self.T]/self.A[1,self.T]} )**{self.alpha} - w_steady/{self.A[1,self.T]}"
                      ,f"{1/(1+self.r[self.T+1])}*({1-self.tau_pi[self.T+1]}*{self.alpha}* {self.price_E[self.T+1]}* (k_E_steady/(1-l_N_demand)*{self.A[0,self.T]/self.A[1,self.T]})**{self.alpha-1} +{self.tau_pi[self.T+1]} * {self.delta}*price_steady +{self.lmbda_to_price_steady}*price_steady * {1-self.delta}) - {self.lmbda_to_price_steady}*price_steady"
                      ,f"price_N_steady*((k_N_steady/l_N_demand)**{self.alpha} * l_N_demand -{gov})- (1-{self.omega}) * price_steady * ({self.steady_state[-3]/(self.A[0,self.T]*self.steady_state[-2])}+{self.i_steady}*(k_N_steady+k_E_steady) + {oil_costs})"
                      ,f"price_steady - {self.price_M[self.T]**self.omega}*price_N_steady**({1-self.omega})"
                      ,f"{self.target_debt_to_gdp} * ({(1+self.r[self.T])/(self.A_growth*self.N_growth)} - 1) * price_steady *  (k_N_steady+k_E_steady)**{self.alpha}+"+\
                    f"price_N_steady * {gov} +"+\
                    f"w_steady * {1/ self.working_households[self.T] * (self.sigma[0, self.T]* (self.rho[0, :, self.T]*self.N[0, :, self.T]).sum(axis=(0))+self.sigma[1, self.T] * (self.rho[1, :, self.T]*self.N[1, :, self.T]).sum(axis=(0))) / self.A[0,self.T]}+"+\
                    f"{self.tax_LS_sum[self.T]}*price_steady / {(self.A[0,self.T]*self.steady_state[-2])} +"+\
                    f"{self.r[self.T]*self.target_debt_to_gdp/(self.A_growth*self.N_growth)} * price_steady * (k_N_steady+k_E_steady)**{self.alpha}"+\
                "-("+\
                f"tau_VA_steady * price_steady * {self.steady_state[-3]/(self.A[0,self.T]*self.steady_state[-2])}+"+\
                f"w_steady *{self.efficient_income_tax[self.T]} / {self.A[0,self.T]}+"+\
                f"{self.tau_pi[self.T]} * ((price_N_steady * l_N_demand +{self.price_E[self.T]}*(1-l_N_demand)) * (k_N_steady+k_E_steady)**{self.alpha} - w_steady/{self.A[0,self.T]} - {self.delta}*price_steady*(k_N_steady+k_E_steady))"+\
                ")"
                      ]
            name_space = {label:value for label, value in zip(("self", "k_N_steady", "l_N_demand",
                                                               "k_E_steady", "w_steady",
                                                               "price_steady", "price_N_steady", "tau_VA_steady"),[self]+list(z))}

            if objective:
                sum_of_squares = "+".join([f"({equation})**2" for equation in system])
                F = eval(sum_of_squares,{},name_space)
            else:
                F = [eval(equation,{},name_space) for equation in system]
            return F
        

        
        obj_jit = jit(equilibrium)
        obj_grad = jit(jacfwd(obj_jit))
        obj_hess = jit(jacrev(jacfwd(obj_jit)))
        
        result = minimize_ipopt(obj_jit, jac=obj_grad, hess=obj_hess, x0=z_guess
                                , options = {"max_iter":self.steady_max_iter, "print_level":self.steady_print_level,
                                             "check_derivatives_for_naninf":"no"}
                                , tol=1e-10)
        
        
        if result["success"] or result["status"]==1:
            self.steady_state[:7] = self.eta*result["x"] + (1-self.eta)*z_guess
            self.steady_max_iter = 10000
            eq_res = equilibrium( self.steady_state[:7], self, False)
        else:
            if result["status"]==-1:
                self.steady_max_iter += 1000
            self.steady_state[:7] = z_guess
            eq_res = equilibrium(z_guess, self, False)
            
                
        self.steady_state_path.append((result, np.array(self.steady_state)
                               ))
