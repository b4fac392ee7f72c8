# Source: https://github.com/HugoJacq/NIO_reconstruct/blob/b8548d99291d73b48a443a6126b20cb766a5426e/NN_attempts/From_LLMs/NN_solve/training.py
# Title: NN_attempts/From_LLMs/NN_solve/training.py (train_model)
# Cut: plotting, evaluation and most of the epoch loop cut; kept model construction
#      (seq_length = number of time samples in the features) and the jitted value_and_grad step.
import jax
import jax.numpy as jnp
import equinox as eqx
import optax

from PINNs import PhysicsInformedSolver
from dissipation_NN import DissipationNet


def train_model(data, num_epochs=100):
    U_t = data['U_t']
    U_t_plus_dt = data['U_t_plus_dt']
    features = data['features']
    tau = data['tau']
    f = data['f']

    input_channels = features.shape[1]  # Number of feature channels
    seq_length = features.shape[-1]     # Time sequence length
    hidden_dim = 64

    key = jax.random.PRNGKey(0)
    dissipation_model = DissipationNet(
        input_channels=input_channels,
        seq_length=seq_length,
        hidden_dim=hidden_dim,
        key=key
    )
    solver = PhysicsInformedSolver(
        dissipation_model=dissipation_model,
        dt=3600.0,  # 1-hour timestep
        key=key
    )
    optimizer = optax.adam(1e-3)
    solver_trainable, solver_static = eqx.partition(solver, eqx.is_array)
    opt_state = optimizer.init(solver_trainable)
    batch = (U_t, U_t_plus_dt, features, tau, f)

    @jax.jit
    def step(solver_trainable, solver_static, opt_state, batch):
        solver = eqx.combine(solver_trainable, solver_static)

        def loss_fn(solver):
            U_t, U_t_plus_dt, features, tau, f = batch
            U_pred = solver.rk4_step(U_t, features, tau, f)
            u_mag = jnp.sqrt(U_t[:, 0]**2 + U_t[:, 1]**2)
            du_dt = (U_t_plus_dt - U_t) / solver.dt
            rhs = solver.rhs(U_t, features, tau, f, u_mag)
            residual = du_dt - rhs
            data_loss = jnp.mean((U_pred - U_t_plus_dt)**2)
            physics_loss = jnp.mean(residual**2)
            return data_loss + 0.1 * physics_loss, U_pred

        (loss, U_pred), grads = jax.value_and_grad(loss_fn, has_aux=True)(solver)
        grads_trainable, _ = eqx.partition(grads, eqx.is_array)
        updates, new_opt_state = optimizer.update(grads_trainable, opt_state)
        new_solver_trainable = eqx.apply_updates(solver_trainable, updates)
        return new_solver_trainable, new_opt_state, loss

    for epoch in range(num_epochs):
        solver_trainable, opt_state, loss = step(solver_trainable, solver_static, opt_state, batch)
    return eqx.combine(solver_trainable, solver_static)
