# Source: https://github.com/i-abr/active-learning-koopman/blob/333348fb4296e98d7c62d5f61599c053375e4d82/quad_example/koopman_operator.py
# Title: quad_example/koopman_operator.py
# Cut: only psix, the sizes and KoopmanOperator.simulate/step kept; data collection (pinv/logm) cut.
import autograd.numpy as np

NUM_STATE_OBS_ = 18
NUM_ACTION_OBS_ = 4


def psix(x):
    w1 = x[3]; w2 = x[4]; w3 = x[5]
    v1 = x[6]; v2 = x[7]; v3 = x[8]
    return np.array([
          x[0],x[1],x[2], # g
          x[3],x[4],x[5], # omega
          x[6],x[7],x[8], # v
          v3 * w2, v2 * w3, v3 * w1, v1 * w3, v2 * w1, v1 * w2,
          w2 * w3, w1 * w3, w1 * w2,
            ])


class KoopmanOperator(object):

    def __init__(self, sampling_time):
        self.sampling_time = sampling_time
        self.Kx = np.random.normal(0., 1.0, size=(NUM_STATE_OBS_, NUM_STATE_OBS_))
        self.Ku = np.random.normal(0., 1.0, size=(NUM_STATE_OBS_, NUM_ACTION_OBS_))

    def f(self, state, action):
        return np.dot(self.Kx, state) + np.dot(self.Ku, action)

    def g(self, state):
        return self.Ku

    def step(self, state, action):
        return state + self.f(state, action) * self.sampling_time

    def simulate(self, state, N, action_schedule=None, policy=None):

        trajectory = [state.copy()]
        ldx = [self.Kx for  i in range(N)]
        ldu = [self.g(state)]
        actions = []
        for i in range(N-1):
            if policy is not None:
                action = policy(state)
                actions.append(action.copy())
            if action_schedule is not None:
                action = action_schedule[i]
            state = self.step(state, action)
            ldu.append(self.g(state))
            trajectory.append(state.copy())
        return trajectory, ldx, ldu, actions
