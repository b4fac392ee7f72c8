# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/12f7181a5c0ed7dc1bb9a7d7b45c9b9956425968/notebooks/ReLu_results.ipynb
# Title: HopfieldAM notebooks/ReLu_results.ipynb (energy derivative along trajectories, computed one sample at a time)
# Cut: code cells only; energy_derivative and get_energy_dot kept, plotting cell cut; integrate_trajectory from utils/integrate_trajectory.py
import diffrax
import jax.numpy as jnp


def integrate_trajectory(model, x, dt, t1, ts):
    x = diffrax.diffeqsolve(
        diffrax.ODETerm(model),
        diffrax.Dopri5(),
        t0=0,
        t1=t1,
        dt0=dt,
        y0=x,
        stepsize_controller=diffrax.PIDController(rtol=1e-5, atol=1e-5),
        saveat=diffrax.SaveAt(ts=ts),
        args=None
    ).ys
    return x


# --- memory-efficient energy derivative (no diag/eye) ---
def energy_derivative(model, x):
    # normalize x (watch for zero-norm)
    norm_x = jnp.linalg.norm(x)
    # avoid divide-by-zero (if needed)
    y = jnp.where(norm_x > 0, x / norm_x, x)

    g = model.g(y)         # shape (dim,)
    W = model.W            # shape (dim, dim)
    v = W @ g              # shape (dim,)

    # compute (I - y y^T) @ v = v - y * (y @ v)
    y_dot_v = jnp.vdot(y, v)    # scalar
    M = v - y * y_dot_v         # shape (dim,)

    # D = (y > 0).astype(float), so D @ M = D * M (elementwise)
    D = (y > 0).astype(x.dtype)
    DM = D * M

    left = -v + y               # (-W g + y)
    E_dot = jnp.vdot(left, DM)  # scalar

    return E_dot

# --- memory-efficient get_energy_dot: process samples one-by-one ---
def get_energy_dot(model, X_batch, y_batch, dt, t1, samples):
    # reduced-precision ts
    N_steps = int(t1 / dt)
    ts = jnp.linspace(0.0, t1, N_steps + 1, dtype=jnp.float32)

    X = X_batch[:samples].astype(jnp.float32)
    y = y_batch[:samples]

    # We'll compute per-sample to avoid storing (samples, T, dim) in memory.
    batch_E_dot_list = []
    for i in range(X.shape[0]):
        x0 = X[i]
        traj = integrate_trajectory(model, x0, dt, t1, ts)   # shape (T, dim)
        # For a single trajectory we can vmap energy_derivative over times
        E_dot_traj = jnp.asarray([energy_derivative(model, xi) for xi in traj])
        batch_E_dot_list.append(E_dot_traj)

    # stack into (samples, T)
    batch_E_dot = jnp.stack(batch_E_dot_list, axis=0)

    return X, y, ts, batch_E_dot
