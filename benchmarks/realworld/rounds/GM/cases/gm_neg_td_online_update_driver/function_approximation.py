# Source: https://github.com/vitchun/DSA4288/blob/f3a83805f73671c89825d9090a95c9c18e24b83b/RL%20basics/Function%20approximation.ipynb
# Title: RL basics/Function approximation.ipynb (online Q-learning with RBF features on gymnax CartPole)
# Cut: cells 3-6 converted to a script; the evaluation cell dropped.
import jax
import jax.numpy as jnp
import optax
import gymnax

env, env_params = gymnax.make("CartPole-v1")


def rbf_features(x, centers, sigma=0.5):
    # x: (d,), centers: (n_centers, d)
    diffs = x - centers  # (n_centers, d)
    sq_dist = jnp.sum(diffs**2, axis=-1)
    return jnp.exp(-sq_dist / (2 * sigma**2))  # (n_centers,)


def init_params(rng, n_features, n_actions):
    W = jax.random.normal(rng, (n_features, n_actions)) * 0.1
    return W


def q_values(W, obs, centers, sigma=0.5):
    phi = rbf_features(obs, centers, sigma)  # (n_features,)
    return phi @ W  # (n_actions,)


def select_action(W, obs, rng, centers, sigma=0.5, epsilon=0.1):
    q = q_values(W, obs, centers, sigma)
    greedy = jnp.argmax(q)
    explore = jax.random.bernoulli(rng, epsilon)
    return jnp.where(explore, jax.random.randint(rng, (), 0, q.shape[0]), greedy)


def td_loss(W, obs, action, reward, next_obs, done, gamma, centers, sigma):
    q = q_values(W, obs, centers, sigma)[action]
    next_q = jnp.max(q_values(W, next_obs, centers, sigma))
    target = reward + gamma * (1 - done) * next_q
    return 0.5 * (q - target) ** 2


def train(num_episodes=500, lr=1e-2, gamma=0.99, n_centers=50, sigma=0.5):
    obs_dim = env.observation_space(env_params).shape[0]
    n_actions = env.action_space(env_params).n

    rng = jax.random.PRNGKey(0)
    rng, centers_rng, init_rng = jax.random.split(rng, 3)

    centers = jax.random.uniform(centers_rng, (n_centers, obs_dim), minval=-1, maxval=1)

    W = init_params(init_rng, n_centers, n_actions)
    opt = optax.sgd(lr)
    opt_state = opt.init(W)

    @jax.jit
    def update(W, opt_state, obs, action, reward, next_obs, done, rng):
        loss_fn = lambda p: td_loss(p, obs, action, reward, next_obs, done, gamma, centers, sigma)
        grads = jax.grad(loss_fn)(W)
        updates, opt_state = opt.update(grads, opt_state, W)
        W = optax.apply_updates(W, updates)
        return W, opt_state

    for ep in range(num_episodes):
        rng, ep_rng = jax.random.split(rng)
        obs, state = env.reset(ep_rng, env_params)
        done = False
        ep_reward = 0.0

        while not done:
            rng, act_rng = jax.random.split(rng)
            action = select_action(W, obs, act_rng, centers, sigma)
            next_obs, state, reward, done, _ = env.step(act_rng, state, action, env_params)

            W, opt_state = update(W, opt_state, obs, action, reward, next_obs, done, rng)
            obs = next_obs
            ep_reward += reward

        print(f"Episode {ep}, reward: {ep_reward:.1f}")

    return W, centers
