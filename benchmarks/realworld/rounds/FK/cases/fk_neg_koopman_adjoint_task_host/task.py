# Source: https://github.com/i-abr/active-learning-koopman/blob/333348fb4296e98d7c62d5f61599c053375e4d82/quad_example/task.py
# Title: quad_example/task.py (active learning of Koopman operators, quadcopter example)
# Cut: Task.__init__ weights shortened, get_stab_cost/information_gain/m/mdx cut. Gradients here are hand-written (ldx, ldu); the driver main.py calls these per MPC step in plain NumPy, nothing is passed to autograd.grad.
import autograd.numpy as np
from koopman_operator import psix, NUM_STATE_OBS_


class Adjoint(object):

    def __init__(self, sampling_time):
        self.sampling_time = sampling_time

    def rhodt(self, rho, ldx, ldu, fdx, fdu, mudx):
        return - np.dot((fdx + np.dot(fdu, mudx)).T, rho) - (ldx + np.dot(mudx.T, ldu))

    def simulate_adjoint(self, rhof, ldx, ldu, fdx, fdu, mudx, N):

        rho = [None] * N
        rho[N-1] = rhof
        for i in reversed(range(1, N)):
            rhodt = self.rhodt(rho[i], ldx[i-1], ldu[i-1], fdx[i-1], fdu[i-1], mudx[i-1])
            rho[i-1] = rho[i] - rhodt * self.sampling_time
        return rho


class Task(object):

    def __init__(self):
        Qdiag = np.ones(NUM_STATE_OBS_)
        self.Q = np.diag(Qdiag)*10.0
        self.target_state = np.zeros(9)
        self.target_state[2] = -9.81
        self.target_expanded_state = psix(self.target_state)
        self.R = np.diag([1.0]*4)
        self.inf_weight = 100.0
        self.eps = 1e-5
        self.final_cost = 0

    def l(self, state, action):
        error = state - self.target_expanded_state
        error_q = np.dot(self.Q, error)
        action_r = np.dot(self.R, action)
        return np.dot(error, error_q) + np.dot(action, action_r) + self.inf_weight / (np.dot(state, state)+self.eps)

    def ldx(self, state, action):
        error = state - self.target_expanded_state
        d_err = state
        return np.dot(self.Q, error) - self.inf_weight * 2.0 * d_err/ (np.dot(state, state) + self.eps)**2

    def ldu(self, state, action):
        action_r = np.dot(self.R, action)
        return action_r

    def get_linearization_from_trajectory(self, trajectory, actions):
        return [ self.ldx(state, action) for state, action in zip(trajectory, actions)], [self.ldu(state, action)  for state, action in zip(trajectory, actions)]

    def trajectory_cost(self, trajectory, actions):
        total_cost = 0.0
        for state, action in zip(trajectory, actions):
            total_cost += self.l(state, action)

        return total_cost
