# Source: https://github.com/nipunbatra/transferable-energy-breakdown-old/blob/bc12de92d620d33e1ca4cf841af341eb3d4bcd76/aaai/graph_laplacian.py
# Title: aaai/graph_laplacian.py (tensor factorisation of home x appliance x month energy with a graph-Laplacian penalty, HIPS autograd)
# Cut: data loading and the cross-validation driver cut; multiply_case reconstructed from the einsum
#      strings the author passes in `cases`; projection to known values cut; adagrad loop kept.
import autograd.numpy as np
from autograd import multigrad
from scipy.spatial.distance import pdist, squareform

cases = {
    2: {'HA': 'Ma, Nab -> MNb', 'HAT': 'MNb, Ob -> MNO'},
}


def multiply_case(H, A, T, case):
    HA = np.einsum(cases[case]['HA'], H, A)
    HAT = np.einsum(cases[case]['HAT'], HA, T)
    return HAT


def get_L(X):
    W = 1-squareform(pdist(X, 'cosine'))
    W = np.nan_to_num(W)
    n_sample, n_feature = W.shape

    K = np.dot(W, np.ones((n_sample, n_sample)))
    D = np.diag(np.diag(K))
    return D - W


def cost_graph_laplacian(H, A, T, L, E_np_masked, lam, case):
    HAT = multiply_case(H, A, T, case)
    mask = ~np.isnan(E_np_masked)
    error_1 = (HAT - E_np_masked)[mask].flatten()

    HTL = np.dot(H.T, L)
    HTLH = np.dot(HTL, H)
    error_2 = np.trace(HTLH)

    return np.sqrt((error_1**2).mean()) + lam * error_2


def learn_HAT_adagrad_graph(case, E_np_masked, L, a, b, num_iter=2000, lr=0.1, dis=False, lam=1,
                            random_seed=0, eps=1e-8):

    np.random.seed(random_seed)
    cost = cost_graph_laplacian
    mg = multigrad(cost, argnums=[0, 1, 2])

    M, N, O = E_np_masked.shape
    H = np.random.rand(M, a)
    A = np.random.rand(N, a, b)
    T = np.random.rand(O, b)

    sum_square_gradients_H = np.zeros_like(H)
    sum_square_gradients_A = np.zeros_like(A)
    sum_square_gradients_T = np.zeros_like(T)

    costs = [cost(H, A, T, L, E_np_masked, lam, case)]

    # GD procedure
    for i in range(num_iter):
        del_h, del_a, del_t = mg(H, A, T, L, E_np_masked, lam, case)
        sum_square_gradients_H += eps + np.square(del_h)
        sum_square_gradients_A += eps + np.square(del_a)
        sum_square_gradients_T += eps + np.square(del_t)

        lr_h = np.divide(lr, np.sqrt(sum_square_gradients_H))
        lr_a = np.divide(lr, np.sqrt(sum_square_gradients_A))
        lr_t = np.divide(lr, np.sqrt(sum_square_gradients_T))

        H -= lr_h * del_h
        A -= lr_a * del_a
        T -= lr_t * del_t
        # Projection to non-negative space
        H[H < 0] = 1e-8
        A[A < 0] = 1e-8
        T[T < 0] = 1e-8

        costs.append(cost(H, A, T, L, E_np_masked, lam, case))
    return H, A, T, costs
