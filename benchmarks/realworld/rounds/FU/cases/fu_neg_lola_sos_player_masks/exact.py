# Source: https://github.com/amartya-mitra/multiagentgames/blob/8c81009bd6380bd084e094aea6432afde065ee03/src/multiagentgames/algo/exact.py
# Title: src/multiagentgames/algo/exact.py (exact LOLA / SOS / LA / CO / SGA updates for differentiable games)
# Cut: kept naive, lola0 and sos verbatim; the remaining algorithms and util.functiontable are cut (the class
#      is a plain namespace of static functions here).
from jax import jacobian, lax
import jax
import jax.numpy as jp
from jax.ops import index, index_add, index_update

# Let n be the number of players, and
# d be the number of parameters of each player.
# th = \Theta Shape: (n,d)


class Algorithms:
    @staticmethod
    def naive(Ls, th, hp):
        grad_L = jacobian(Ls)(th) # n x n x d
        
        # grad = Trace(\grad_{\Theta}V(\Theta))
        # Shape: (n,d)
        grads = jp.einsum('iij->ij', grad_L)
        
        step = hp['eta'] * grads
        return th - step.reshape(th.shape), Ls(th)

    @staticmethod
    def lola0(Ls, th, hp):
        grad_L = jacobian(Ls)(th)  # n x n x d

        # xi = Trace(\grad_{\Theta}V(\Theta)) i.e., \grad_{\theta_i}(Vi(\Theta)
        # Shape: (n,d)
        xi = jp.einsum('iij->ij', grad_L)
        
        # full_hessian = \grad_{\Theta}(\grad_{\Theta}(V(\Theta))
        # Shape: (n, n, d, n, d)
        full_hessian = jax.hessian(Ls)(th)
        
        # diag_hessian = Trace(\grad_{\Theta}(\grad_{\Theta}(V(\Theta)))
        # Shape: (n, d, n, d)
        # Trace was along the V dimension, so this is [\grad_{\theta_j}(\grad_{\theta_i}(Vi(\Theta))]
        # [[\grad_{\theta_1}\grad_{\theta_1}V1(\Theta),...,\grad_{\theta_1}\grad_{\theta_n}Vn(\Theta)], 
        #  [\grad_{\theta_2}\grad_{\theta_1}V1(\Theta),...,\grad_{\theta_2}\grad_{\theta_n}Vn(\Theta)], 
        #                                             ,...,                                          ],
        #  [\grad_{\theta_n}\grad_{\theta_1}V1(\Theta),...,\grad_{\theta_n}\grad_{\theta_n}Vn(\Theta)]]
        diag_hessian = jp.einsum('iijkl->ijkl', full_hessian)

        for i in range(th.shape[0]):
            # Set all \grad_{\theta_i}\grad_{\theta_i}Vi(\Theta) = 0.
            diag_hessian = index_update(diag_hessian, index[i,:,i,:], 0)

        # This term is [\sum_{j \ne i} 
        #                   \grad_{\theta_j} Vi(\Theta) * \grad_{\theta_i}(\grad_{\theta_j}(Vj(\Theta))]
        # Shape: (n,d)
        third_term = jp.einsum('iij->ij',jp.einsum('ijkl,mij->mkl',diag_hessian,grad_L))

        grads = xi - hp['alpha'] * third_term
        step = hp['eta'] * grads
        return th - step.reshape(th.shape), Ls(th)


    @staticmethod
    def sos(Ls, th, hp):
        grad_L = jacobian(Ls)(th) # n x n x d
        xi = jp.einsum('iij->ij',grad_L)
        full_hessian = jax.hessian(Ls)(th)
        off_diag_hessian = full_hessian
        for i in range(th.shape[0]):
            off_diag_hessian = index_update(off_diag_hessian, index[i,i,:,:,:], 0)
        second_term = - hp['alpha'] * jp.einsum('iim->im',jp.einsum('ijklm,jk->ilm', off_diag_hessian, xi))
        xi_0 = xi + second_term # n x d
        diag_hessian = jp.einsum('iijkl->ijkl', full_hessian)
        for i in range(th.shape[0]):
            diag_hessian = index_update(diag_hessian, index[i,:,i,:], 0)
        third_term = - hp['alpha'] * jp.einsum('iij->ij',jp.einsum('ijkl,mij->mkl',diag_hessian,grad_L))
        dot = jp.einsum('ij,ij', third_term, xi_0)
        pass_through = lambda x: x
        p1 = lax.cond(dot >= 0, #Condition
                      1.0, pass_through, #True
                      jp.minimum(1, - hp['a'] * jp.linalg.norm(xi_0)**2 / dot), pass_through) #False
        xi_norm = jp.linalg.norm(xi)
        p2 = lax.cond(xi_norm < hp['b'], #Condition
                      xi_norm**2, pass_through, #True
                      1.0, pass_through) #False
        p = jp.minimum(p1, p2)
        grads = xi_0 + p * third_term
        step = hp['eta'] * grads
        return th - step.reshape(th.shape), Ls(th)

