# Source: https://github.com/Ncjdod/fhn-koopman/blob/098863624f8e5e7e6aca19fec4d579f83c023f9b/simulation.py
# Title: simulation.py (FitzHugh-Nagumo simulation and parameter fitting with Diffrax + Optax)
# Cut: the final re-simulation of the fitted trajectory cut; fhn_vector_field and get_external_current from dynamics.py inlined.
import jax
import jax.numpy as jnp
import numpy as np
import diffrax
import optax

def get_external_current(t, I_type, I_val):
    """Generates external stimulus current dynamically at time t."""
    constant_current = I_val
    step_current = jnp.where((t >= 10.0) & (t <= 80.0), I_val, 0.0)
    sine_current = I_val * (1.0 + 0.5 * jnp.sin(0.2 * t))
    pulse_current = jnp.where(jnp.mod(t, 20.0) <= 5.0, I_val, 0.0)
    chirp_current = I_val * (1.0 + 0.5 * jnp.sin(0.05 * t + 0.001 * t**2))
    
    if I_type == 'step':
        return step_current
    elif I_type == 'sine':
        return sine_current
    elif I_type == 'pulse':
        return pulse_current
    elif I_type == 'chirp':
        return chirp_current
    else:
        return constant_current

def fhn_vector_field(t, y, args):
    """Computes the vector field for the FitzHugh-Nagumo ordinary differential equations."""
    v, w = y
    a, b, tau, I_type, I_val = args
    I_ext = get_external_current(t, I_type, I_val)
    dv_dt = v - (v**3) / 3.0 - w + I_ext
    dw_dt = (v + a - b * w) / tau
    return jnp.stack([dv_dt, dw_dt])


def simulate_fhn(y0, t_span, a=0.7, b=0.8, tau=12.5, I_type='constant', I_val=0.5, rtol=1e-6, atol=1e-6):
    """Simulates the FHN model using the Diffrax Tsit5 adaptive solver."""
    term = diffrax.ODETerm(fhn_vector_field)
    solver = diffrax.Tsit5()
    saveat = diffrax.SaveAt(ts=t_span)
    stepsize_controller = diffrax.PIDController(rtol=rtol, atol=atol)
    
    sol = diffrax.diffeqsolve(
        term,
        solver,
        t0=t_span[0],
        t1=t_span[-1],
        dt0=0.05,
        y0=jnp.asarray(y0, dtype=jnp.float32),
        args=(a, b, tau, I_type, I_val),
        saveat=saveat,
        stepsize_controller=stepsize_controller,
        max_steps=10000
    )
    return sol.ys

def simulate_fhn_batch(y0_batch, t_span, I_type, I_val_batch, a=0.7, b=0.8, tau=12.5, rtol=1e-6, atol=1e-6):
    """Simulates a batch of FHN trajectories in parallel using jax.vmap."""
    vmapped_solve = jax.vmap(
        lambda y0, I_val: simulate_fhn(y0, t_span, a, b, tau, I_type, I_val, rtol, atol),
        in_axes=(0, 0)
    )
    return vmapped_solve(y0_batch, I_val_batch)

def fit_fhn_parameters(y0, t_span, noisy_target, I_type, I_val, lr=0.02, steps=150):
    """Fits the FHN parameters (a, b, tau) to noisy target data using Optax and JAX autodiff."""
    y0 = jnp.asarray(y0, dtype=jnp.float32)
    noisy_target = jnp.asarray(noisy_target, dtype=jnp.float32)
    init_params = jnp.array([0.5, 0.5, 10.0])
    
    optimizer = optax.adam(learning_rate=lr)
    opt_state = optimizer.init(init_params)
    
    @jax.jit
    def loss_fn(params, y0, t_span, target, I_type, I_val):
        a, b, tau = jnp.abs(params)
        term = diffrax.ODETerm(fhn_vector_field)
        solver = diffrax.Tsit5()
        saveat = diffrax.SaveAt(ts=t_span)
        stepsize_controller = diffrax.PIDController(rtol=1e-4, atol=1e-4)
        
        sol = diffrax.diffeqsolve(
            term,
            solver,
            t0=t_span[0],
            t1=t_span[-1],
            dt0=0.1,
            y0=y0,
            args=(a, b, tau, I_type, I_val),
            saveat=saveat,
            stepsize_controller=stepsize_controller,
            adjoint=diffrax.RecursiveCheckpointAdjoint(),
            max_steps=5000
        )
        return jnp.mean((sol.ys - target) ** 2)

    @jax.jit
    def train_step(params, opt_state, y0, t_span, target, I_type, I_val):
        loss, grads = jax.value_and_grad(loss_fn)(params, y0, t_span, target, I_type, I_val)
        updates, opt_state = optimizer.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        return params, opt_state, loss

    params = init_params
    loss_history = []
    
    print("\nStarting Parameter Fitting Demo with Optax (JAX + Diffrax Stack)...")
    print(f"Initial guesses: a={params[0]:.2f}, b={params[1]:.2f}, tau={params[2]:.2f}")
    
    for step in range(steps):
        params, opt_state, loss = train_step(params, opt_state, y0, t_span, noisy_target, I_type, I_val)
        loss_history.append(float(loss))
        
        if step % 15 == 0 or step == steps - 1:
            a_cur, b_cur, tau_cur = np.abs(params)
            print(f"Step {step:03d} | Loss: {float(loss):.6f} | Current guesses: a={a_cur:.4f}, b={b_cur:.4f}, tau={tau_cur:.4f}")
    return params, loss_history
