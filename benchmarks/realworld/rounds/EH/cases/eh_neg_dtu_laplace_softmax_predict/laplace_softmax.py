# Source: https://github.com/billchen0509/02477/blob/8c81dc13d86e8e8030683690f56affb89e651a57/02477%20BML/ex7_solution.ipynb
# Title: ex7_solution.ipynb (DTU 02477 Bayesian Machine Learning, exercise 7 solution: Laplace approximation for softmax regression, HIPS autograd)
# Cut: first code cells (imports, helpers, BayesianLinearSoftmax up to predict_f); predict_y, plots and data loading dropped
import autograd.numpy as np
from scipy.optimize import minimize
from autograd import value_and_grad
from autograd import hessian

def log_npdf(x, m, v):
    return -0.5*(x-m)**2/v - 0.5*np.log(2*np.pi*v)

# convert from class label to one-hot encoding
def to_onehot(y, num_classes):
    return np.column_stack([1.0*(y==value) for value in np.arange(num_classes)])


# softmax transformation
def softmax(a):
    exp_a = np.exp(a)
    b = exp_a/np.sum(exp_a, 1)[:, None]
    return exp_a/np.sum(exp_a, 1)[:, None]



class BayesianLinearSoftmax(object):
    """ Bayesian linear softmax classifier with i.i.d. Gaussian priors """
    
    def __init__(self, X, y, alpha=1):
        
        # data and prior
        self.X, self.y  = X, y
        self.N, self.D = self.X.shape
        self.alpha = alpha
        
        # num classes, parameters and one-hot encoding
        self.num_classes = len(np.unique(y))
        self.num_params = self.num_classes * self.D
        self.y_onehot = to_onehot(self.y, self.num_classes)
        
        # fit
        self.compute_laplace_approximation()


    def log_prior(self, w_flat):
        """ Evaluates the log prior, i.e. log p(W). 
            The function accepts the argument w_flat, which is a flattened version of W, such that the shape of w_flat is (T,), where T = num_classes x D is the total number of parameters.
            The return value of the function must be a scalar.
        """
        log_prior_val = np.sum(log_npdf(w_flat, 0, 1./self.alpha))  

        # check dimensions and return
        assert log_prior_val.shape == ()
        return log_prior_val
    
    
        
    def log_likelihood(self, w_flat):
        """ Evaluates the log likelihood for dataset (self.X, self.y) using a Categorical distribution with softmax inverse link function
            The function accepts the argument w_flat, which is a flattened version of W, such that the shape of w_flat is (T,), where T = num_classes x D is the total number of parameters.
            The return value of the function must be a scalar.
        """
        
        # reshape from flat vector to matrix of size num_classes by D
        W = w_flat.reshape((self.num_classes, self.D))

        ##############################################
        # Your solution goes here
        ##############################################
        
        # compute values for each latent function
        y_all = self.X@W.T

        # normalize using softmax
        p_all = softmax(y_all)
        
        # evaluate 
        loglik_val =  np.sum(self.y_onehot*np.log(p_all))
        
        ##############################################
        # End of solution
        ##############################################

        # check dimensions and return
        assert loglik_val.shape == ()
        return loglik_val
        
    def log_joint(self, w_flat):
        return self.log_prior(w_flat) + self.log_likelihood(w_flat)
    
    def compute_laplace_approximation(self):
        """ computes Laplace approximation of model """

        w_init_flat = np.zeros(self.num_params)
        cost_fun = lambda W: -self.log_joint(W)
        result = minimize(value_and_grad(cost_fun), w_init_flat, jac=True)

        if result.success:
            w_MAP = result.x
            self.m_flat = w_MAP[:, None]    
            self.A_flat = hessian(cost_fun)(w_MAP)
            self.S_flat = np.linalg.inv(self.A_flat)
            return self.m_flat, self.S_flat
        else:
            print('Warning optimization failed')
            return None, None
    
    def predict_f(self, X_star):
        """ computes the posterior distribution of f_i(x, w) = w_i^T phi(x) for all classes """
        
        # get relevant part for each of the K functions
        m = self.m_flat.reshape((self.num_classes, self.D))
        Si = [self.S_flat[i*self.D:(i+1)*self.D, i*self.D:(i+1)*self.D] for i in range(self.num_classes)]
    
        # compute mean and variance for each function
        mu_f_all_classes = X_star@m.T
        var_f_all_classes = np.squeeze(np.stack([np.diag(X_star@Si[i]@X_star.T) for i in range(self.num_classes)], axis=1))

        return mu_f_all_classes, var_f_all_classes
        
