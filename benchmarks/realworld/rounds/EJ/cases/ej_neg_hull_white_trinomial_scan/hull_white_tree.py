# Source: https://github.com/ACea15/VALAX/blob/3aca153b687247095c11d8d4653ca7897216b756/valax/pricing/lattice/hull_white_tree.py
# Title: VALAX valax/pricing/lattice/hull_white_tree.py (build_hull_white_tree)
# Cut: kept the branching set-up and the Arrow-Debreu forward propagation of build_hull_white_tree;
#      branching-probability formulas for up/down shifted nodes condensed; tree container omitted.
import jax
import jax.numpy as jnp


def _market_df(model, times):
    return model.initial_curve(times)


def build_hull_white_tree(model, T: float, n_steps: int):
    a = model.mean_reversion
    sigma = model.volatility
    dt = T / n_steps
    dx = sigma * jnp.sqrt(3.0 * dt)

    j_max = max(int(jnp.ceil(0.1835 / (float(a) * float(dt)))), 1)
    n_states = 2 * j_max + 1
    j_vals = jnp.arange(n_states) - j_max

    eta = -a * j_vals.astype(jnp.float64) * dt
    p_u = 1.0 / 6.0 + (eta**2 + eta) / 2.0
    p_m = 2.0 / 3.0 - eta**2
    p_d = 1.0 / 6.0 + (eta**2 - eta) / 2.0
    probs = jnp.stack([p_u, p_m, p_d], axis=1)  # (n_states, 3)

    idx = jnp.arange(n_states, dtype=jnp.int32)
    targets = jnp.clip(jnp.stack([idx + 1, idx, idx - 1], axis=1), 0, n_states - 1)

    # ── Forward propagation of Arrow-Debreu prices ───────────────────
    x = j_vals.astype(jnp.float64) * dx  # (n_states,)
    Q_init = jnp.zeros(n_states)
    Q_init = Q_init.at[j_max].set(1.0)

    step_times = jnp.arange(1, n_steps + 1) * dt
    mkt_dfs = _market_df(model, step_times)

    def forward_step(carry, i):
        """Propagate Q from step i to step i+1 and compute alpha_i."""
        Q = carry
        sum_weighted = jnp.sum(Q * jnp.exp(-x * dt))
        alpha_i = jnp.log(sum_weighted / mkt_dfs[i]) / dt

        rates_i = x + alpha_i
        disc_i = jnp.exp(-rates_i * dt)

        contrib = Q * disc_i  # (n_states,)
        Q_next = jnp.zeros(n_states)
        for k in range(3):
            Q_next = Q_next.at[targets[:, k]].add(contrib * probs[:, k])

        return Q_next, (alpha_i, rates_i)

    _, (alphas, rates_body) = jax.lax.scan(forward_step, Q_init, jnp.arange(n_steps))

    rates_terminal = (x + alphas[-1])[None, :]
    rates_all = jnp.concatenate([rates_body, rates_terminal], axis=0)
    return rates_all, probs, targets, dt, j_max
