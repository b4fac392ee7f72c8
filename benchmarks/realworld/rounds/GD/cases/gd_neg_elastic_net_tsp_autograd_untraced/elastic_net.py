# Source: https://github.com/msamogh/tsp/blob/53b3efd4047eb2866a50bd3c9005a056263713c2/Elastic%20Net.ipynb
# Title: Elastic Net.ipynb (elastic net for the travelling salesman problem on US cities)
# Cut: code cells 1, 2 and 4 converted to a .py file; the run cells (Solver().run()) dropped. autograd.numpy is imported but no gradient is taken.
#      Reconstructed: the left-hand side `neurons` of the np.tile assignment in init_neurons (missing in the notebook cell).
import autograd.numpy as np

from us_city import load_us_cities
US_CITIES = load_us_cities()

DIM = 2 # dimension of the points
N = US_CITIES.shape[0]  # number of cities
M = 3 * N  # number of intermediate points between the cities

KAPPA_START = 20  # starting value of kappa
GAMMA = 1.05  # kappa damping factor

BETA = 10 # inverse temperature

NUM_ITERS = 2 # number of iterations of the algorithm

PERTURBATION_RADIUS = 100 # perturbation radius for generating the intermediate points

import functools

class Solver(object):

    def __init__(self):
        self.kappa = KAPPA_START

        self.X = US_CITIES
        self.neurons = self.init_neurons(strategy="centroid", X=self.X, M=M, perturbation_radius=PERTURBATION_RADIUS)
        self.P = np.zeros((N, M))

    
    def init_neurons(self, strategy="centroid", **kwargs):
        if strategy == "centroid":
            X, M, radius = kwargs["X"], kwargs["M"], kwargs["perturbation_radius"]
            neurons = np.tile(
                np.mean(X, axis=0),
                M
            ).reshape((M, DIM))
            # Create perturbation vectors of magnitude radius
            perturbation_vectors = np.random.random((M, DIM))
            perturbation_vectors /= np.linalg.norm(perturbation_vectors, axis=1, ord=2, keepdims=True)
            perturbation_vectors *= radius
            return neurons + perturbation_vectors
        raise RuntimeError(f"Unknown strategy: {strategy}")


    @functools.cached_property
    def L(self):
        def L_ij(i, j, M):
            if i == j:
                return 2
            if i == (j + 1) % M:
                return 1
            if j == (i + 1) % M:
                return 1
            return 0
        return np.fromfunction(np.vectorize(L_ij), (M, M), M=M, dtype=int)
    
    
    def get_D(self):
        def d_ij(i, j):            
            if i == j:
                return np.sum(self.P[:, int(j)])
            return 0
        return np.fromfunction(np.vectorize(d_ij), (M, M))


    def solve_for_neurons(self):
        """Define solver for Y"""
        # TODO Is there a more computationally efficient way to solve this?
        temp_1 = np.linalg.inv(self.kappa * self.L + self.get_D())
        temp_2 = (self.P.T @ self.X)
        return temp_1 @ temp_2
        
    
    def softmax(self, x):
        return np.exp(x) / np.sum(np.exp(x), axis=0)


    def update_P(self):
        """
        **Define update equation for $P$.**

        We define the elementwise update equation for the matrix $P$:

        $P_{ia} = softmax(-\beta ||x_i - y_a||_2^2)$
        """
        assert self.X.shape[0] == N
        assert self.Y.shape[0] == M
        def p_ij(i, j):
            i, j = int(i), int(j)
            return self.softmax(
                np.linalg.norm(self.X[i] - self.Y[j], ord=2, axis=0)**2
            )
        return np.fromfunction(np.vectorize(p_ij), (N, M))
        

    def run(self):
        for _ in range(NUM_ITERS):
            self.Y = self.solve_for_Y()
            self.P = self.update_P()

