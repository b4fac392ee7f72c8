# Source: https://github.com/Junrui-Zhang/JAXFEM/blob/dc0d08887c3b877c1ce1e97a94bbb4cc9e6aad48/jax_ebe/ebe_pcg.py
# Title: ebe_pcg.py - JAX EBE-PCG solver (vmap version, BEAM4): set-up helpers
# Cut: kept the set-up helpers run once before the solve (DOF map, adjacency, element stiffness, force vector, constraints); dropped the jitted kernels and the solver loop.
import jax
import jax.numpy as jnp
jax.config.update("jax_enable_x64", True)
from jax import vmap, jit

_I = jnp.int32

# ---- BEAM4 常量 ----
DOF_PER_NODE = 6
DOF_PER_ELEM = 12


def build_dof_map(elements: jnp.ndarray, dof_per_node: int = DOF_PER_NODE) -> jnp.ndarray:
    """构建单元 DOF → 全局 DOF 映射 (n_elem, 12)"""
    n1 = elements[:, 0]
    n2 = elements[:, 1]
    offsets = jnp.arange(dof_per_node, dtype=jnp.int32)

    first_half = n1[:, None] * dof_per_node + offsets[None, :]
    second_half = n2[:, None] * dof_per_node + offsets[None, :]

    return jnp.concatenate([first_half, second_half], axis=1)


def build_adjacency(elements: jnp.ndarray) -> list:
    """EBE 邻接表（兼容旧接口）"""
    n_elem = elements.shape[0]
    adj = [[] for _ in range(n_elem)]
    for e in range(n_elem):
        n_start, n_end = int(elements[e, 0]), int(elements[e, 1])
        for other in range(n_elem):
            if other == e:
                continue
            o_start, o_end = int(elements[other, 0]), int(elements[other, 1])
            if o_start == n_start or o_end == n_start:
                adj[e].append(other)
            elif o_start == n_end or o_end == n_end:
                adj[e].append(other)
    return adj


def build_adjacency_matrices(elements: jnp.ndarray):
    """
    EBE 邻居索引数组 (BEAM4: 每节点 6 DOF)。

    替换稠密邻接矩阵为 O(1) 索引构建（梁链特化）:
      - 每个单元至多 1 个左邻 + 1 个右邻
      - 使用哨兵 n_elem 表示「无邻居」

    返回:
        left_idx:  (n_elem,) int32, left_idx[e]=左邻索引或 n_elem
        right_idx: (n_elem,) int32, right_idx[e]=右邻索引或 n_elem

    注: 对通用网格，可替换为基于节点共享的 O(n²) 构建。
    """
    n_elem = elements.shape[0]
    # 梁链: 单元 e 的左邻 = e-1, 右邻 = e+1
    left_idx = jnp.where(jnp.arange(n_elem) > 0,
                         jnp.arange(n_elem) - 1, n_elem)
    right_idx = jnp.where(jnp.arange(n_elem) < n_elem - 1,
                          jnp.arange(n_elem) + 1, n_elem)
    return left_idx, right_idx


def compute_element_stiffness(model: dict) -> jnp.ndarray:
    """BEAM4 单元刚度矩阵 (n_elem, 12, 12) — JAX 版本"""
    from beam_element import beam4_stiffness

    n_elem = model["n_elem"]
    E = model["materials"]["E"]
    nu = model["materials"]["nu"]
    G = E / (2.0 * (1.0 + nu))
    A = model["sections"]["area"]
    Iz = model["sections"]["Iz"]
    Iy = model["sections"]["Iy"]
    J_val = model["sections"]["J"]
    dx = float(model["nodes"][1, 0]) - float(model["nodes"][0, 0])

    K_single_np = beam4_stiffness(E, G, A, Iz, Iy, J_val, dx)
    K_single = jnp.array(K_single_np)
    return jnp.tile(K_single[jnp.newaxis, :, :], (n_elem, 1, 1))


def build_force_vector(model: dict) -> jnp.ndarray:
    """构建全局力向量"""
    F = jnp.zeros(model["n_dofs"])
    for node, dof, val in model["loads"]:
        g = _I(int(node) * model["dof_per_node"] + int(dof))
        F = F.at[g].set(val)
    return F


def get_constrained_dofs(model: dict) -> list:
    """约束 DOF 索引列表"""
    result = []
    for node, dof in model["boundary"]:
        result.append(node * model["dof_per_node"] + dof)
    return sorted(result)


def apply_boundary_to_elements(K_e: jnp.ndarray, dof_map: jnp.ndarray,
                                constrained_dofs: list, large: float = 1e12):
    """单元级施加边界条件（向量化）"""
    n_elem = K_e.shape[0]
    dof_per_elem = K_e.shape[2]
    constrained_mask = compute_constrained_mask(dof_map, constrained_dofs, n_elem, dof_per_elem)

    diag_add = jnp.where(constrained_mask, large, 0.0)
    add_3d = vmap(jnp.diag)(diag_add)
    return K_e + add_3d


# ============================================================
# EBE 核心运算（JAX 并行 + 向量化版）
# ============================================================

# half 大小 = DOF_PER_ELEM // 2 = 6
def compute_constrained_mask(dof_map: jnp.ndarray, constrained_dofs: list,
                              n_elem: int, dof_per_elem: int = DOF_PER_ELEM) -> jnp.ndarray:
    """约束 DOF 布尔掩码 (n_elem, dof_per_elem)"""
    mask = jnp.zeros((n_elem, dof_per_elem), dtype=bool)
    for g in constrained_dofs:
        mask = mask | (dof_map == _I(g))
    return mask

