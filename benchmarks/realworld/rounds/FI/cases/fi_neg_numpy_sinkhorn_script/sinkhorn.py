# Source: https://github.com/speed1313/optimal-transport/blob/4b6bae8e86c329178864e1f7dbed2949367df24c/src/optimal_transport/sinkhorn.py
# Title: src/optimal_transport/sinkhorn.py
# Cut: bar plots of a and b and the imshow of P dropped.
import numpy as np
import matplotlib.pyplot as plt
import jax
import jax.numpy as jnp


# 入力例
n, m = 4, 4
C = np.array([
    [0, 2, 2, 2],
    [2, 0, 1, 2],
    [2, 1, 0, 2],
    [2, 2, 2, 0]]
)
a = np.array([0.2, 0.5, 0.2, 0.1])
b = np.array([0.3, 0.3, 0.4, 0.0])
eps = 0.2

# シンクホーンアルゴリズム
K = np.exp(- C / eps)
u = np.ones(n)
for i in range(100):
    v = b / (K.T @ u)
    u = a / (K @ v)
P = u.reshape(n, 1) * K * v.reshape(1, m)
d = (C * P).sum()
print(P)

# plot transport plan
plt.figure(figsize=(4, 4))
for i in range(n):
    for j in range(m):
        plt.plot([i, j], [j, i], color="black", alpha=P[i, j])
plt.title(f"Sinkhorn distance: {d:.3f}")
plt.show()
