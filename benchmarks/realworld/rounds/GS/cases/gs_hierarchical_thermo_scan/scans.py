# Source: https://github.com/gshartnett/hierarchical/blob/9db5885f63154f4116be39f96eeed6e1bd91e29f/hierarchical%20parity%20model.ipynb
# Title: hierarchical parity model.ipynb (numerical analyses of the hierarchical parity model)
# Cut: cells 43 (system-size scan), 51 (disorder/temperature scan) and 61 (spin-glass
#      susceptibility scan) converted to a .py file; the imports of cell 1 kept, plotting
#      cells dropped, each cell wrapped in a function.
import os
import time

import numpy as onp #o for "old" or "original"
import jax.numpy as np
from tqdm.notebook import tqdm

import utils


def size_scan():
    n_disorder = 100
    n_list = [i for i in range(3,10)]

    th_beta_list = np.linspace(0.05, 0.95, 20)
    sigma = 0.0
    prob = 0.5

    if os.path.exists('data/f_list_sizescan.npy'):
        print('data already exists, loading')
        f_list = np.load('data/f_list_sizescan.npy')
        e_list = np.load('data/e_list_sizescan.npy')
        s_list = np.load('data/s_list_sizescan.npy')
        c_list = np.load('data/c_list_sizescan.npy')

    else:    
        print('data does not already exist, processing')    
        f_list = onp.zeros((len(n_list), n_disorder, len(th_beta_list)))
        e_list = onp.zeros((len(n_list), n_disorder, len(th_beta_list)))
        s_list = onp.zeros((len(n_list), n_disorder, len(th_beta_list)))
        c_list = onp.zeros((len(n_list), n_disorder, len(th_beta_list)))
        #chi_list = onp.zeros((len(n_list), n_disorder, len(th_beta_list)))

        ## loop over different system sizes
        for i_n in range(len(n_list)):
            n = n_list[i_n]
            N = 2**n
            print('processing n = %i' %n)

            ## loop over disorder replicas
            for i in range(n_disorder):
                couplings = utils.generate_couplings(n, prob=prob, sigma=sigma)

                ## loop over temperatures
                for j in range(len(th_beta_list)):
                    beta = np.arctanh(th_beta_list[j])

                    f_list[i_n, i, j] = utils.free_energy(beta, couplings).item()/N
                    e_list[i_n, i, j] = utils.energy(beta, couplings).item()/N
                    s_list[i_n, i, j] = utils.entropy(beta, couplings).item()/N
                    c_list[i_n, i, j] = utils.heat_capacity(beta, couplings).item()/N
                    #chi_list[i_n, i, j] = utils.chi_SG(beta, couplings).item()

        ## save the results
        np.save('data/f_list_sizescan.npy', f_list)
        np.save('data/e_list_sizescan.npy', e_list)
        np.save('data/s_list_sizescan.npy', s_list)
        np.save('data/c_list_sizescan.npy', c_list)


def parameter_scan():
    n_grid = 100
    n_disorder = 100
    n = 9
    sigma = 0.0

    prob_list = np.linspace(0.05, 0.95, n_grid)
    th_beta_list = np.linspace(0.05, 0.95, n_grid)

    if os.path.exists('data/f_list_paramscan_n_%i.npy' %n):
        print('data already exists, loading system size: N = %i, state space size = %.2e' % (2**n, 2**(2**n)))
        f_list = np.load('data/f_list_paramscan_n_%i.npy' %n)
        e_list = np.load('data/e_list_paramscan_n_%i.npy' %n)
        s_list = np.load('data/s_list_paramscan_n_%i.npy' %n)
        c_list = np.load('data/c_list_paramscan_n_%i.npy' %n)

    else:
        print('data does not already exist, processing system size: N = %i, state space size = %.2e' % (2**n, 2**(2**n)))
        f_list = onp.zeros((n_disorder, len(th_beta_list), len(prob_list)))
        e_list = onp.zeros((n_disorder, len(th_beta_list), len(prob_list)))
        s_list = onp.zeros((n_disorder, len(th_beta_list), len(prob_list)))
        c_list = onp.zeros((n_disorder, len(th_beta_list), len(prob_list)))

        ## loop over p values
        counter = 0
        t = time.time()
        for i_p in tqdm(range(len(prob_list))):
            prob = prob_list[i_p]

            ## loop over disorder replicas
            for k in range(n_disorder):
                couplings = utils.generate_couplings(n, prob=prob, sigma=sigma)

                ## loop over temperatures
                for i_T in range(len(th_beta_list)):
                    beta = np.arctanh(th_beta_list[i_T])

                    f_list[k, i_T, i_p] = utils.free_energy(beta, couplings).item()/2**n
                    e_list[k, i_T, i_p] = utils.energy(beta, couplings).item()/2**n
                    s_list[k, i_T, i_p] = utils.entropy(beta, couplings).item()/2**n
                    c_list[k, i_T, i_p] = utils.heat_capacity(beta, couplings).item()/2**n

            #print('iter %i/%i | time elapsed = %.2f s | prob = %.2f' %(counter, len(prob_list), time.time() - t, prob))
            counter += 1
            t = time.time()

        ## save the results
        np.save('data/f_list_paramscan_n_%i.npy' %n, f_list)
        np.save('data/e_list_paramscan_n_%i.npy' %n, e_list)
        np.save('data/s_list_paramscan_n_%i.npy' %n, s_list)
        np.save('data/c_list_paramscan_n_%i.npy' %n, c_list)


def chi_scan(th_beta_list, prob_list):
    n = 9 #crashes with n=10, might be GPU limitation
    n_disorder = 100
    sigma = 0.0

    n_grid = len(th_beta_list)
    #n_grid = 10
    #th_beta_list = np.linspace(0.05, 0.95, n_grid)

    if os.path.exists('data/chi_SG_list_n_%i.npy' %n):
        print('data already exists, loading system size: N = %i, state space size = %.2e' % (2**n, 2**(2**n)))
        chi_SG_list = np.load('data/chi_SG_list_n_%i.npy' %n)
        chi_eig_list = np.load('data/chi_eig_list_n_%i.npy' %n)

    else:
        print('data does not already exist, processing system size: N = %i, state space size = %.2e' % (2**n, 2**(2**n)))
        chi_SG_list = onp.zeros((n_disorder, len(prob_list), len(th_beta_list)))
        chi_eig_list = onp.zeros((len(prob_list), len(th_beta_list), n_disorder, 2**n))

        ## loop over probabilities
        counter = 0
        t = time.time()
        for i_p in tqdm(range(len(prob_list))):

            ## loop over disorder replicas
            for k in range(n_disorder):
                couplings = utils.generate_couplings(n, prob=prob_list[i_p], sigma=sigma)

                ## loop over temperatures
                for i_T in range(len(th_beta_list)):
                    beta = np.arctanh(th_beta_list[i_T])
                    chi_ij = utils.chi_ij(beta, couplings)
                    chi_SG_list[k, i_p, i_T] = beta**2 * np.sum(np.square(chi_ij))/2**n
                    chi_eig_list[i_p, i_T, k, :] = onp.real(onp.linalg.eig(chi_ij)[0])

            #print('iter %i/%i | time elapsed = %.2f s' %(counter, n_disorder, time.time() - t))
            counter += 1
            t = time.time()

        ## save the results
        np.save('data/chi_SG_list_n_%i.npy' %n, chi_SG_list)
        np.save('data/chi_eig_list_n_%i.npy' %n, chi_eig_list)
