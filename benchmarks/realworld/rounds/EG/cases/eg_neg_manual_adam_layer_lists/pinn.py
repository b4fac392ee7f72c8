# Source: https://github.com/timamelko25/jax_solver/blob/a0a834a97ccf8893b1bd3043e139eee02118d2b0/src/pinn.py
# Title: src/pinn.py (Physics-Informed Neural Networks for two-phase flow)
# Cut: kept _forward_pass/_forward_batch and train_pinn with its hand-written Adam; training-data set-up
# reduced to the 1D branch; _pde_residual body elided; SaturationPINN class dropped.
import jax.numpy as jnp
from jax import value_and_grad
from typing import Dict, List, Optional, Tuple

def _forward_pass(
    params: tuple, x: jnp.ndarray, y: jnp.ndarray, t: jnp.ndarray
) -> jnp.ndarray:
    """Pure forward pass with explicit params. x, y, t must have same shape (N,)."""
    x_in = jnp.stack([x, y, t], axis=-1)
    for w, b in params[:-1]:
        x_in = x_in @ w + b
        x_in = jnp.tanh(x_in)
    w, b = params[-1]
    x_in = x_in @ w + b
    return jnp.clip(x_in, 0.0, 1.0)


def _forward_batch(
    params: tuple, x: jnp.ndarray, y: jnp.ndarray, t: jnp.ndarray
) -> jnp.ndarray:
    return _forward_pass(params, x, y, t).flatten()


def _pde_residual(net_params, x, y, t, params, dims="1d"):
    ...


def train_pinn(
    train_data: Dict[str, jnp.ndarray],
    params,
    config: Optional[PINNConfig] = None,
    dims: str = "2d",
    verbose: bool = True,
) -> Tuple[SaturationPINN, List[Tuple[int, float]]]:
    """Train PINN with physics-informed Adam optimizer."""
    pinn = SaturationPINN(config, params)
    net_params = pinn.network.params

    x_data = train_data["x"]
    y_data = jnp.zeros_like(x_data)
    t_data = train_data["t"]
    S_data = train_data["Sw"]

    x_bc = jnp.zeros(10)
    y_bc = jnp.zeros(10)
    t_bc = jnp.linspace(0, 0.05, 10)
    S_bc = jnp.ones(10) * 0.8

    x_physics = jnp.linspace(0, 100, 100)
    y_physics = jnp.zeros_like(x_physics)
    t_physics = jnp.linspace(0, 0.05, 100)

    lr = config.learning_rate
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    pw = config.physics_weight
    bcw = config.bc_weight
    ew = config.entropy_weight

    m = [[jnp.zeros_like(w) for w in layer] for layer in net_params]
    v = [[jnp.zeros_like(w) for w in layer] for layer in net_params]

    def total_loss(net_params):
        S_pred = _forward_batch(net_params, x_data, y_data, t_data)
        loss_data = jnp.mean((S_pred - S_data) ** 2)

        residual = _pde_residual(
            net_params, x_physics, y_physics, t_physics, params, dims=dims
        )
        loss_physics = jnp.mean(residual**2)

        S_bc_pred = _forward_batch(net_params, x_bc, y_bc, t_bc)
        loss_bc = jnp.mean((S_bc_pred - S_bc) ** 2)

        dt_eps = 1e-4
        S_ph_pred = _forward_batch(net_params, x_physics, y_physics, t_physics)
        S_ph_plus = _forward_batch(net_params, x_physics, y_physics, t_physics + dt_eps)
        dS_dt = (S_ph_plus - S_ph_pred) / dt_eps
        loss_entropy = jnp.mean(jnp.maximum(-dS_dt, 0) ** 2)

        return loss_data + pw * loss_physics + bcw * loss_bc + ew * loss_entropy

    prev_loss = float("inf")
    loss_history: List[Tuple[int, float]] = []

    for iteration in range(config.n_iterations):
        loss, grads = value_and_grad(total_loss)(net_params)

        m = [
            [beta1 * mw + (1 - beta1) * gw for mw, gw in zip(ml, gl)]
            for ml, gl in zip(m, grads)
        ]
        v = [
            [beta2 * vw + (1 - beta2) * gw**2 for vw, gw in zip(vl, gl)]
            for vl, gl in zip(v, grads)
        ]

        t_iter = iteration + 1
        m_hat = [[mw / (1 - beta1**t_iter) for mw in ml] for ml in m]
        v_hat = [[vw / (1 - beta2**t_iter) for vw in vl] for vl in v]

        net_params = tuple(
            tuple(
                pw_ - lr * mh / (jnp.sqrt(vh) + eps)
                for pw_, mh, vh in zip(pl, mhl, vhl)
            )
            for pl, mhl, vhl in zip(net_params, m_hat, v_hat)
        )

        if verbose and (iteration % 1000 == 0 or iteration == config.n_iterations - 1):
            loss_val = float(loss)
            delta = abs(loss_val - prev_loss)
            loss_history.append((iteration, loss_val))
            print(
                f"Iter {iteration:5d}: loss={loss_val:.6f} (delta={float(delta):.2e})"
            )
            prev_loss = loss_val

    pinn.network.params = net_params

    if verbose:
        print("Training completed!")

    return pinn, loss_history

