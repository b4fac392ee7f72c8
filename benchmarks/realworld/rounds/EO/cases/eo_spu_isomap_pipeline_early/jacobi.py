# Source: https://github.com/secretflow/spu/blob/c18d77356c8112d4f23e4aae37cc50b1f81a333f/sml/manifold/jacobi.py
# Title: sml/manifold/jacobi.py (SPU, commit "problem_jacobi", 2024-11-12)
# Cut: license header, commented-out helpers and the unused set_value_2d/update_J dropped; compute_elements, Rotation_Matrix and Jacobi kept.
import jax
import jax.numpy as jnp
import numpy as np
import spu.intrinsic as si


def compute_elements(X, k, l, n):
    tar_elements = X[k][l]
    tar_diff = X[k][k] - X[l][l]

    cos_2theta = jnp.reciprocal(
        jnp.sqrt(
            1
            + 4*jnp.square(tar_elements*jnp.reciprocal(tar_diff))
        )
    )
    cos2 = 0.5 + 0.5 * cos_2theta
    sin2 = 0.5 - 0.5 * cos_2theta
    flag_zero = jnp.equal(tar_elements, 0)
    cos = jnp.sqrt(cos2) * (1 - flag_zero) + flag_zero
    sin = (
        (jnp.where(jnp.logical_and(tar_elements == 0, tar_diff == 0), 0, 1))
        * jnp.sqrt(sin2)
        * ((jnp.greater(tar_elements * tar_diff, 0)) * 2 - 1)
    )

    return cos, sin



def Rotation_Matrix(X, k, l, n, m,k_0,l_0):
    # 根据选择的X[k][l]计算旋转矩阵J
    J = jnp.eye(n)
    k_values = jnp.array(k)  # 确保 k 和 l 是 JAX 数组
    l_values = jnp.array(l)

    # 使用 vmap 进行并行化
    cos_values, sin_values = jax.vmap(compute_elements, in_axes=(None, 0, 0, None))(
        X, k_values, l_values, n
    )

    # 更新 J
    for i in range(len(k_values)):
        t_k=k_0-i
        t_l=l_0+i
        J=J.at[t_k,t_k].set(cos_values[i])
        J=J.at[t_l,t_l].set(cos_values[i])
        J=J.at[t_k,t_l].set(-sin_values[i])
        J=J.at[t_l,t_k].set(sin_values[i])
        # should not be here x=Value<1x1xSF32,s=0,0>, to=Pub2k<FM64>
        # J = update_J(J, t_k, t_l, cos_values[i], sin_values[i], n)

    return J


def Jacobi(X, num_samples):
    Q = jnp.eye(num_samples)
    k = 0
    while k < 5:
        for i in range(1, 2 * num_samples - 2):
            if i < num_samples:
                l_0 = i
                r_0 = 0
            else:
                l_0 = num_samples - 1
                r_0 = i - l_0
            
            n = (l_0 - r_0 - 1) // 2 + 1
            l = jnp.zeros(n, dtype=jnp.int16)
            r = jnp.zeros(n, dtype=jnp.int16)
            # 选取索引各不相同的位置
            for j in range(0, n):
                l = l.at[j].set(l_0 - j)
                r = r.at[j].set(r_0 + j)
            # 计算旋转矩阵
            J = Rotation_Matrix(X, l, r, num_samples, n,l_0,r_0)
            # 用旋转矩阵更新X和Q
            X = jnp.dot(J.T, jnp.dot(X, J))
            Q = jnp.dot(J.T, Q)
        k = k + 1

    return X, Q
