# Source: https://github.com/bemporad/nashopt/blob/a9d116ed7f3f0585c807f7370cb45e19954ff4ce/examples/control/example_lqr.py
# Title: examples/control/example_lqr.py
# Cut: random system generation kept in outline (N = 10 agents, one input each); closed-loop simulation and
#      plotting cut.
import numpy as np

from gnep_lqr import NashLQR

np.random.seed(0)
N = 10  # number of agents
nx = 6
A = np.random.randn(nx, nx) / np.sqrt(nx)
B = np.random.randn(nx, N)
Q = [np.eye(nx) for _ in range(N)]
R = [np.eye(1) for _ in range(N)]

game = NashLQR(A, B, Q, R, sizes=[1]*N, dare_iters=50)
sol = game.solve(K_cen=np.zeros((N, nx)), method='riccati')
