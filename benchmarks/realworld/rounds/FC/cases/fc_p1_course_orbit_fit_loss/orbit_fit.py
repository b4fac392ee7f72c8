# Source: https://github.com/astrobytes-edu/astr596-modeling-universe/blob/148e73ee55d56b6ff3b31d8362ae24b718e0b9e8/03-scientific-computing-with-python/05-modern-approaches-jax-ecosystem/02-jax_scientific_stack.md
# Title: "JAX Scientific Stack" (ASTR 596 course chapter), complete_scientific_workflow()
# Cut: python code block "complete_scientific_workflow" up to the end of the training loop; the Lineax/Hessian analysis and plotting dropped.
import diffrax
import equinox as eqx
import jax
from jax import grad, random, vmap
import jax.numpy as jnp
from jaxtyping import Array, Float


def complete_scientific_workflow():
    """
    Complete workflow combining Equinox, Diffrax, Optimistix, and Lineax.
    Example: Fitting a dynamical model to observations.
    """

    print("\nCOMPLETE SCIENTIFIC WORKFLOW")
    print("=" * 50)

    # 1. Define the dynamical model with Equinox
    class DynamicalModel(eqx.Module):
        """Neural ODE for galaxy dynamics."""

        potential_net: eqx.nn.MLP

        def __init__(self, key):
            self.potential_net = eqx.nn.MLP(
                in_size=3,  # x, y, z
                out_size=1,  # potential
                width_size=64,
                depth=3,
                activation=jax.nn.tanh,
                key=key
            )

        def potential(self, position: Float[Array, "3"]) -> Float[Array, ""]:
            """Gravitational potential."""
            return self.potential_net(position).squeeze()

        def dynamics(self, t, state, args):
            """Hamiltonian dynamics."""
            q, p = state[:3], state[3:]

            # Gradient of potential
            dV_dq = grad(self.potential)(q)

            dq_dt = p  # dq/dt = p
            dp_dt = -dV_dq  # dp/dt = -∇V

            return jnp.concatenate([dq_dt, dp_dt])

    # 2. Generate synthetic observations
    key = random.PRNGKey(42)
    key, model_key, data_key = random.split(key, 3)

    true_model = DynamicalModel(model_key)

    # Integrate orbits with Diffrax
    def integrate_orbit(model, initial_state, t_obs):
        """Integrate orbit and return positions at observation times."""

        term = diffrax.ODETerm(model.dynamics)
        solver = diffrax.Dopri5()
        saveat = diffrax.SaveAt(ts=t_obs)

        sol = diffrax.diffeqsolve(
            term, solver, t_obs[0], t_obs[-1], 0.01, initial_state,
            saveat=saveat
        )

        return sol.ys[:, :3]  # Return positions only

    # Generate observations
    n_orbits = 5
    n_obs_per_orbit = 20

    observations = []
    initial_states = []

    for i in range(n_orbits):
        key, subkey = random.split(key)

        # Random initial condition
        q0 = random.normal(subkey, (3,)) * 2
        p0 = random.normal(subkey, (3,)) * 0.5
        initial = jnp.concatenate([q0, p0])
        initial_states.append(initial)

        # Observation times
        t_obs = jnp.linspace(0, 10, n_obs_per_orbit)

        # Integrate and add noise
        true_positions = integrate_orbit(true_model, initial, t_obs)
        noise = 0.05 * random.normal(subkey, true_positions.shape)
        observed = true_positions + noise

        observations.append(observed)

    print(f"  Generated {n_orbits} orbits with {n_obs_per_orbit} observations each")

    # 3. Define loss function
    @eqx.filter_jit
    def loss_function(model, initial_states, observations, t_obs):
        """Loss for orbit fitting."""

        total_loss = 0.0

        for initial, observed in zip(initial_states, observations):
            predicted = integrate_orbit(model, initial, t_obs)
            residuals = predicted - observed
            total_loss += jnp.sum(residuals ** 2)

        return total_loss / len(observations)

    # 4. Optimize with Optimistix
    print("\n  Fitting model to observations...")

    # Initialize model to fit
    key, fit_key = random.split(key)
    fitted_model = DynamicalModel(fit_key)

    t_obs = jnp.linspace(0, 10, n_obs_per_orbit)

    # Use gradient descent
    import optax

    optimizer = optax.adam(learning_rate=1e-3)
    opt_state = optimizer.init(eqx.filter(fitted_model, eqx.is_array))

    # Training loop
    n_epochs = 50

    for epoch in range(n_epochs):
        loss, grads = eqx.filter_value_and_grad(loss_function)(
            fitted_model, initial_states, observations, t_obs
        )

        updates, opt_state = optimizer.update(grads, opt_state)
        fitted_model = eqx.apply_updates(fitted_model, updates)

        if epoch % 10 == 0:
            print(f"    Epoch {epoch}: Loss = {loss:.4f}")

