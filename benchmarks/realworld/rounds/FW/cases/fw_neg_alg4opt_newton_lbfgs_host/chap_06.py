# Source: https://github.com/jomavera/optimizationAlgosPort/blob/17a21d92a2d916292d19f9202150177428b18cfc/chap_06.ipynb
# Title: optimizationAlgosPort, chap_06.ipynb (Kochenderfer & Wheeler, "Algorithms for Optimization", ch. 6 Second-Order Methods, Python port)
# Cut: code cells 1, 3, 5, 16 and 17 (Newton's method, L-BFGS); the line_search helper (bracket + bisection cells) and DFP/BFGS cells omitted
from copy import copy
from dataclasses import dataclass
import jax
import numpy as np
from typing import Type
def newtons_method(gradient, hessian, x, epsilon, k_max):
        delta = np.infty*np.ones(x.shape[0])
        k = 1
        while np.linalg.norm(delta) > epsilon and k <= k_max:
                delta = np.linalg.solve(hessian(x),-gradient(x))
                x -= delta
                k += 1
        return x
def fun(x):
    return jax.numpy.sin(x[0]*x[1])+jax.numpy.exp(x[1]+x[2])-x[2]

x_0 = np.array([1.0, 2.0, 3.0])
gradient = jax.grad(fun)
hessian = jax.hessian(fun)
epsilon = 0.0001
k_max = 2
x_1 = newtons_method(gradient, hessian, x_0, epsilon, k_max)
print(x_1)
@dataclass
class LimitedMemoryBFGS:
    m: int
    deltas = [] #ẟs
    gammas = [] #γs
    qs = []

def step(M:Type[LimitedMemoryBFGS], f, gradient, x):
    deltas, gammas, qs = M.deltas, M.gammas, M.qs
    g = gradient(x)
    m = len(M.deltas)
    if m >0:
        q = g.reshape(-1,1)
        for i in range(m-1,-1,-1):
            qs[i] = copy(q)
            q -=  (np.dot(deltas[i].T, q) / np.dot(gammas[i].T, deltas[i]))[0,0] * gammas[i] 
        z = (gammas[m-1]*deltas[m-1]*q) / np.dot(gammas[m-1].T,gammas[m-1])
        for i in range(m):
            z += np.dot(deltas[i], ( np.dot(deltas[i].T,qs[i]) - np.dot(gammas[i].T,z) ) / np.dot(gammas[i].T, deltas[i]) )
        x_prime = line_search(f, x, -z.reshape(-1,))
    else:
        x_prime = line_search(f, x, -g)
    g_prime = gradient(x_prime)
    deltas.insert(-1, x_prime.reshape(-1,1) - x.reshape(-1,1) )
    gammas.insert(-1, g_prime.reshape(-1,1) - g.reshape(-1,1))
    qs.insert(-1,np.zeros((x.shape[0],1)))
    while len(deltas) > M.m:
        deltas.pop(0)
        gammas.pop(0)
        qs.pop(0)
    M.gammas = gammas
    M.deltas = deltas
    M.qs = qs
    return x_prime
def func(x):
    return jax.numpy.sin(x[0]*x[1])+jax.numpy.exp(x[1]+x[2])-x[2]

x_0 = np.array([1.0, 2.0, 3.0])
gradient = jax.grad(func)
M = LimitedMemoryBFGS(m=10)
x_1 = step(M, func, gradient, x_0)
x_2 = step(M, func, gradient, x_1)
print(x_2)
