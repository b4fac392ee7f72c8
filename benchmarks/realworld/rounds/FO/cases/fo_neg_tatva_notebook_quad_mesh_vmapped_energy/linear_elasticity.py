# Source: https://github.com/smec-ethz/tatva/blob/9c275568504b8f69ca3aba3a0ebaee93a9942aa3/examples/notebooks/linear_elasticity_cursor.ipynb
# Title: linear_elasticity_cursor.ipynb (linear elasticity on a unit square with JAX autodiff)
# Cut: code cells 65-68 converted to a script (mesh, Q4 element energy, vmapped total energy, Dirichlet BCs, grad/hessian solve); plot_displacement and printing dropped.
import jax
import jax.numpy as jnp

# --- Mesh and DOF utilities ---
def generate_unit_square_mesh(nx, ny):
    x = jnp.linspace(0, 1, nx + 1)
    y = jnp.linspace(0, 1, ny + 1)
    xv, yv = jnp.meshgrid(x, y, indexing='ij')
    coords = jnp.stack([xv.ravel(), yv.ravel()], axis=-1)

    def node_id(i, j):
        return i * (ny + 1) + j

    elements = []
    for i in range(nx):
        for j in range(ny):
            n0 = node_id(i, j)
            n1 = node_id(i+1, j)
            n2 = node_id(i+1, j+1)
            n3 = node_id(i, j+1)
            elements.append([n0, n1, n2, n3])

    return coords, jnp.array(elements)

# --- Shape functions and quadrature ---
def quad2d():
    xi = jnp.array([-1.0 / jnp.sqrt(3), 1.0 / jnp.sqrt(3)])
    w = jnp.array([1.0, 1.0])
    quad_points = jnp.stack(jnp.meshgrid(xi, xi), axis=-1).reshape(-1, 2)
    weights = jnp.kron(w, w)
    return quad_points, weights

def shape_fn_quad4(xi):
    r, s = xi
    N = 0.25 * jnp.array([
        (1 - r) * (1 - s),
        (1 + r) * (1 - s),
        (1 + r) * (1 + s),
        (1 - r) * (1 + s)
    ])
    dNdr = 0.25 * jnp.array([
        [-(1 - s), -(1 - r)],
        [ (1 - s), -(1 + r)],
        [ (1 + s),  (1 + r)],
        [-(1 + s),  (1 - r)]
    ])
    return N, dNdr

# --- Material model: plane strain linear elasticity ---
def linear_elasticity_energy(F, lame):
    mu, lmbda = lame
    eps = 0.5 * (F + F.T) - jnp.eye(2)
    energy_density = mu * jnp.sum(eps**2) + 0.5 * lmbda * jnp.trace(eps)**2
    return energy_density

# --- Element-level energy ---
def element_energy(u_elem, X_elem, lame):
    qp, w = quad2d()

    def integrand(xi, wi):
        N, dNdr = shape_fn_quad4(xi)
        J = dNdr.T @ X_elem
        dNdX = jnp.linalg.solve(J.T, dNdr.T).T
        u_grad = u_elem.T @ dNdX
        F = u_grad + jnp.eye(2)
        energy = linear_elasticity_energy(F, lame)
        return wi * energy * jnp.linalg.det(J)

    return jnp.sum(jax.vmap(integrand)(qp, w))

# --- Total energy ---
def compute_total_energy_flat(u_flat, coords, elements, lame):
    u = u_flat.reshape(coords.shape)
    u_elem = u[elements]
    X_elem = coords[elements]
    element_energy_vmap = jax.vmap(element_energy, in_axes=(0, 0, None))
    return jnp.sum(element_energy_vmap(u_elem, X_elem, lame))

# --- Dirichlet BCs ---
def apply_dirichlet_bc_stiffness(K, f, fixed_dofs, values):
    K_mod = K.at[fixed_dofs, :].set(0.0)
    K_mod = K_mod.at[:, fixed_dofs].set(0.0)
    K_mod = K_mod.at[fixed_dofs, fixed_dofs].set(1.0)
    f_mod = f.at[fixed_dofs].set(values)
    return K_mod, f_mod




nx, ny = 2, 2
coords, elements = generate_unit_square_mesh(nx, ny)
num_nodes = coords.shape[0]
# Dirichlet BC: fix left, move right
tol = 1e-6
mask_left = jnp.abs(coords[:, 0]) < tol
mask_right = jnp.abs(coords[:, 0] - 1.0) < tol
u_prescribed = jnp.zeros_like(coords)
u_prescribed = u_prescribed.at[mask_right, 0].set(0.1)
all_dofs = jnp.arange(num_nodes * 2)
fixed_nodes = jnp.where(mask_left | mask_right)[0]
fixed_dofs = jnp.sort(jnp.concatenate([2 * fixed_nodes, 2 * fixed_nodes + 1]))
free_dofs = jnp.setdiff1d(all_dofs, fixed_dofs)
u_flat_init = jnp.zeros(num_nodes * 2)
lame = (1.0, 1.0)
energy_fn = lambda u: compute_total_energy_flat(u, coords, elements, lame)




grad_E = jax.grad(energy_fn)
hess_E = jax.hessian(energy_fn)

g = grad_E(u_flat_init)
H = hess_E(u_flat_init)



# Apply BCs to stiffness and force
f = -g
values = u_prescribed.reshape(-1)[fixed_dofs]
H_mod, f_mod = apply_dirichlet_bc_stiffness(H, f, fixed_dofs, values)
u_sol_flat = jnp.linalg.solve(H_mod, f_mod)
u_sol = u_sol_flat.reshape((-1, 2))
