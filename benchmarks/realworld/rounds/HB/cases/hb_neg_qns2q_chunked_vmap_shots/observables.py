# Source: https://github.com/mqasimk/QNS-2Q/blob/ef28f1b0aa3e87095b32c4b83245fd8b9a573534/utils_jax/observables.py
# Title: QNS-2Q utils_jax/observables.py (measurement statistics over simulated shots)
# Cut: only the POVM helpers and the X-basis estimators kept.
import numpy as np
import qutip as qt
from trajectories import make_y, make_init_state
import jax.numpy as jnp
from joblib import Parallel, delayed



def POVMs(a_m, delta):
    a1 = (a_m[0]+delta[0]+1)*0.5
    b1 = (a_m[0]-delta[0]+1)*0.5
    a2 = (a_m[1]+delta[1]+1)*0.5
    b2 = (a_m[1]-delta[1]+1)*0.5
    zp = qt.basis(2, 0)
    zm = qt.basis(2, 1)
    p1_0 = a1*zp*zp.dag() + (1-b1)*zm*zm.dag()
    p1_1 = (1-a1)*zp*zp.dag() + b1*zm*zm.dag()
    p2_0 = a2*zp*zp.dag() + (1-b2)*zm*zm.dag()
    p2_1 = (1-a2)*zp*zp.dag() + b2*zm*zm.dag()
    p1_0 = qt.tensor(p1_0, qt.identity(2), qt.identity(2))
    p1_1 = qt.tensor(p1_1, qt.identity(2), qt.identity(2))
    p2_0 = qt.tensor(qt.identity(2), p2_0, qt.identity(2))
    p2_1 = qt.tensor(qt.identity(2), p2_1, qt.identity(2))
    return [p1_0, p1_1, p2_0, p2_1]


def twoq_meas(probs, n):
    probs[probs<0]=0.
    probs[probs>1]=1.
    probs = probs/probs.sum()
    return np.random.binomial(n, probs[0]+probs[3])


def gen_probs(gate, rho, povms):
    p00 = np.real((povms[0]*povms[2]*gate*rho*gate.dag()).tr())
    p01 = np.real((povms[0]*povms[3]*gate*rho*gate.dag()).tr())
    p10 = np.real((povms[1]*povms[2]*gate*rho*gate.dag()).tr())
    p11 = np.real((povms[1]*povms[3]*gate*rho*gate.dag()).tr())
    return np.array([p00, p01, p10, p11])


def E_X(qubit, state, a_m, delta):
    if qubit == 1:
        op = qt.tensor(qt.sigmax(), qt.identity(2), qt.identity(2))
    else:
        op = qt.tensor(qt.identity(2), qt.sigmax(), qt.identity(2))
    return a_m[qubit-1]*np.sum(np.array([(state[i]*op).tr() for i in range(len(state))]), axis=0)/len(state) - delta[qubit-1]


def E_X_hat(qubit, state, a_m, delta, CM):
    povms = POVMs(a_m, delta)
    # counts = np.zeros(len(state))
    h = [np.kron(np.array([[1,1],[1,-1]])/np.sqrt(2), np.identity(2)), np.kron(np.identity(2), np.array([[1,1],[1,-1]])/np.sqrt(2)),
         np.kron(np.array([[1,1],[1,-1]])/np.sqrt(2), np.array([[1,1],[1,-1]])/np.sqrt(2))]
    for i in range(len(h)):
        h[i] = qt.Qobj(np.kron(h[i], np.identity(2)), dims=[[2, 2, 2], [2, 2, 2]])
    p0 = np.zeros((len(state), 4))
    for i in range(len(state)):
        if qubit == 1:
            # p0[i] = np.real((povms[0]*h[0]*state[i]*h[0]).tr())
            p0[i, :] = np.real(gen_probs(h[0], state[i], povms))
            # if np.real(p0[i]) > 1:
            #     p0[i] = 1
            # counts[i] = np.random.binomial(1, np.real(p0[i]))
            Pi = p0.mean(axis=0)
            P = np.linalg.inv(CM)@Pi
            p = P[0] + P[1]
        else:
            # p0[i] = np.real((povms[2]*h[1]*state[i]*h[1]).tr())
            p0[i, :] = np.real(gen_probs(h[1], state[i], povms))
            Pi = p0.mean(axis=0)
            P = np.linalg.inv(CM)@Pi
            p = P[0] + P[2]
            # if np.real(p0[i]) > 1:
            #     p0[i] = 1
            # counts[i] = np.random.binomial(1, np.real(p0[i]))
    # p = counts.mean()
    return 2.*p-1.
