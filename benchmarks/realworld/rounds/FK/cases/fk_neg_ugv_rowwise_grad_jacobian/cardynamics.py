# Source: https://github.com/prakrutk/MPC-for-UGV/blob/680e5bb8f76931dde5e00f6372ae6ebd0a670a16/dynamics/cardynamics.py
# Title: dynamics/cardynamics.py (MPC for an unmanned ground vehicle: linearised bicycle model)
# Cut: the phi/theta/Y prediction matrices, pri and C cut; commented-out alternatives and prints cut. The six state derivatives f1..f6 are different functions, each differentiated once to make one row of A and B.
import numpy as np
from jax import grad, jit
from flax import struct
from typing import Sequence

class dynamics(struct.PyTreeNode):
    state: Sequence[float]
    input: Sequence[float]
    inputr: Sequence[float]
    stater: Sequence[float]
    delu: Sequence[float]
    cl: float
    sf: float
    cc: float
    sr: float
    m: float
    alphaf: float
    lf: float
    lr: float
    iz: float
    T: float
    Nc: int
    Np: int
    
    def f1(self, x, u):
        xdot = np.sum(x[3])
        return xdot

    def f2(self, x, u):
        alphaf = self.alphaf
        if x[3] == 0:
            alphaf = 0
        else:
            alphaf = (self.lr + self.lf)*x[5]/x[3] - u[1]
        ydot = np.sum(x[3]*(alphaf+u[1])-self.lr*x[5])
        return ydot

    def f3(self, x, u):
        alphaf = self.alphaf
        if x[3] == 0:
            alphaf = 0
        else:
            alphaf = (self.lr + self.lf)*x[5]/x[3] - u[1]
        psidot = np.sum(x[4]/self.lr)
        return psidot

    def f4(self, x, u):
        alphaf = self.alphaf
        if x[3] == 0:
            alphaf = 0
            xddot = np.sum((self.m*x[4]*x[5])/self.m + u[0]*self.T)
        else:
            xddot = np.sum((self.m*x[4]*x[5]-self.cc*((self.lr + self.lf)*x[5]/x[3] - u[1])*u[1])/self.m + u[0]*self.T)

        return xddot

    def f5(self, x, u):
        alphaf = self.alphaf
        if x[3] == 0:
            yddot = np.sum((-self.m*x[3]*x[5])/self.m)
        else:
            yddot = np.sum((-self.m*x[3]*x[5]+self.cc*((self.lr + self.lf)*x[5]/x[3] - u[1]))/self.m)
        return yddot

    def f6(self, x, u):
        alphaf = self.alphaf
        if x[3] == 0:
            alphaf = 0
            psiddot = np.sum((self.lf*(self.cl*self.sf*u[1]+self.cc*alphaf)-self.cc*alphaf*self.lr)/self.iz)
        else:
            psiddot = np.sum((self.cc*((self.lr + self.lf)*x[5]/x[3] - u[1])*(self.lr-self.lf))/self.iz) 
        return psiddot
    
    def A(self, x, u):
        xr = x
        ur = u
        a1 = grad(self.f1, 0)(xr, ur)
        a2 = grad(self.f2, 0)(xr, ur)
        a3 = grad(self.f3, 0)(xr, ur)
        a4 = grad(self.f4, 0)(xr, ur)
        a5 = grad(self.f5, 0)(xr, ur)
        a6 = grad(self.f6, 0)(xr, ur)
        A = np.identity(6) + self.T*np.stack((a1,a2,a3,a4,a5,a6), axis=0)
        return A
    
    def B(self, x, u):
        xr = x
        ur = u
        b1 = grad(self.f1, 1)(xr, ur)
        b2 = grad(self.f2, 1)(xr, ur)
        b3 = grad(self.f3, 1)(xr, ur)
        b4 = grad(self.f4, 1)(xr, ur)
        b5 = grad(self.f5, 1)(xr, ur)
        b6 = grad(self.f6, 1)(xr, ur)

        B = self.T*np.stack((b1,b2,b3,b4,b5,b6), axis=0)
        return B
    def eqn(self, x, u):
        xr = self.stater
        ur = self.inputr
        ur = ur.reshape((2,1))
        return self.A(xr, ur).dot(x -xr) + self.B(xr, ur).dot(u - ur)

