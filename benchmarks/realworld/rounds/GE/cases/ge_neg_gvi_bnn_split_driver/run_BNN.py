# Source: https://github.com/JeremiasKnoblauch/GVIPublic/blob/d0299c670fe902eef6f46ec4ee1d098b10b4a9e3/BayesianNN/run_BNN.py
# Title: BayesianNN/run_BNN.py (UCI experiments driver for the GVI Bayesian neural network)
# Cut: kept get_test_error and main up to the loop over splits; the per-split result files are replaced by a results list and the command-line block is dropped.

import time
import numpy as np
import sys

from GVI_BNN import fit_q



"""Function serves three purposes: 
    (1) Prepares the accurate split for index i
    (2) Calls 'fit_q' for split i, which does the inference
    (3) Extracts and returns test performancee metrics to 'main'.
"""
def get_test_error(X, y, i, dataset, alpha = 0.0, learning_rate=0.001, 
                   epochs=500, Dtype = "AR", losstype = None, 
                   beta_L = None, gamma_L = None, beta_D = -0.3, 
                   store_predictive_distribution=False):
    
    """STEP (1): Prepare the i-th split"""
    
    # We fix the random seed
    np.random.seed(1)
    
    # We load the indices of the training and test sets
    path = 'data/' + dataset + '/'
    index_train = np.loadtxt(path + "index_train_{}.txt".format(i))
    index_test = np.loadtxt(path + "index_test_{}.txt".format(i))
    
    # load training and test data
    X_train = X[ [int(e) for e in index_train.tolist()], ]
    y_train = y[ [int(e) for e in index_train.tolist()] ]
    X_test = X[ [int(e) for e in index_test.tolist()], ]
    y_test = y[ [int(e) for e in index_test.tolist()] ]

    # We normalize the features
    std_X_train = np.std(X_train, 0)
    std_X_train[ std_X_train == 0 ] = 1
    mean_X_train = np.mean(X_train, 0)
    X_train = (X_train - mean_X_train) / std_X_train
    X_test = (X_test - mean_X_train) / std_X_train
    mean_y_train = np.mean(y_train)
    std_y_train = np.std(y_train)
    y_train = (y_train - mean_y_train) / std_y_train
    y_train = np.array(y_train, ndmin = 2).reshape((-1, 1))
    y_test = np.array(y_test, ndmin = 2).reshape((-1, 1))


    # Hard-coded inference settings used throughout all runs in paper
    batch_size = 32
    epochs = 500
    learning_rate = 0.001
    K = 100
    hidden_layer_size = 50
    m_prior = 0.0
    v_prior = 1.0
    
    
    """STEP (2): Call 'fit_q' for split i, which does the inference on i"""
    #Call to the class/objects dooiing all the heavy lifting (GVI_BNN)
    start_time = time.time()
    w, v_prior, get_error_and_ll, get_predictive_distribution = fit_q(X_train, y_train, hidden_layer_size, 
        batch_size, epochs, K, mean_y_train, std_y_train,
        alpha, learning_rate, v_prior, Dtype, losstype, 
        beta_L, gamma_L, beta_D,
        m_prior
        )
    running_time = time.time() - start_time

    # We obtain the test RMSE and the test ll

    
    """STEP (3): Extract and return test performancee metrics for split i"""
    
    error, ll = get_error_and_ll(w, v_prior, X_test, y_test, K, mean_y_train, std_y_train)
        
    #If we want to plot the predictives, get an approx to the pred distro
    predictive = None
    if store_predictive_distribution:
        predictive = get_predictive_distribution(w, v_prior, X_test, K*10, 
                                        mean_y_train, std_y_train)
        

    return -ll, error, running_time, predictive, y_test


"""Function serves three purposes: 
    (1) Reads in the (full) data as specified via 'dataset'
    (2) Calls 'get_test_error' for each split, which will build the BNN model
        for that split and return the test errors for the 10% hold out data
    (3) Store the results from step (2) on the hard drive.
"""
def main(split_num, dataset, alpha, learning_rate, epochs, Dtype, losstype, 
         beta_L, gamma_L, beta_D,
         subfolder="", store_predictive_distribution=False):
    
    
    """STEP (1): Read in the full data set togetheer with the indices for 
                 inputs x and outputs y"""
    # We load the data. Some of it is stored as .csv rather than .txt
    special_treatment = ['power', 'kin8mn', 'energy']
    
    datapath = 'data/' + dataset + '/'
    if dataset not in special_treatment:
        data = np.loadtxt(datapath + 'data.txt')
    elif dataset == 'power':
        data = np.loadtxt(datapath +'data.csv', skiprows=1, delimiter =",")
    elif dataset == 'kin8mn':
        data = np.loadtxt(datapath + 'data.csv', delimiter =",")
    elif dataset == 'energy':
        data = np.loadtxt(datapath + 'data.csv', skiprows=1, delimiter =",")
        
    # We extract indices of the data for y (target) and x (features) 
    index_features = np.loadtxt(datapath + 'index_features.txt')
    index_target = np.loadtxt(datapath + 'index_target.txt')
    
    #Apply these indices to x and y.
    if type(index_features.tolist()) == list:
        indfeat = [int(e) for e in index_features.tolist()]
    else:
        indfeat = int(index_features.tolist())
    
    if type(index_target.tolist()) == list:
        indtarg = [int(e) for e in index_target.tolist()]
    else:
        indtarg = int(index_target.tolist())

    X = data[ : , indfeat ]
    y = data[ : , indtarg ]

    if split_num is None:
        n_splits = 50
        splits = range(n_splits)
    elif type(split_num) == int:
        splits = np.array([split_num])
    elif type(split_num) == list:
        splits = np.array(split_num)

    #Loop over all selecteed splits
    results = []
    for i in splits:

        """STEP (2.2): For each split, call 'get_test_error"""

        print('split', i+1)
        neg_test_ll, test_error, running_time, predictive, y_test = get_test_error(
                                    X, y, i+1, dataset,
                                    alpha, learning_rate, epochs, Dtype, losstype,
                                    beta_L, gamma_L,
                                    beta_D,
                                    store_predictive_distribution)
        results.append((neg_test_ll, test_error, running_time))
    return results
