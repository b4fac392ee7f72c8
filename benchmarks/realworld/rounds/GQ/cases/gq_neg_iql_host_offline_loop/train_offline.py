# Source: https://github.com/ikostrikov/implicit_q_learning/blob/09d700248117881a75cb21f0adb95c6c8a694cb2/train_offline.py
# Title: implicit_q_learning train_offline.py and evaluation.py (offline training driver and evaluation episodes)
# Cut: flags, env/dataset construction and summary writing cut; evaluate() from evaluation.py appended
import numpy as np
import tqdm


def run(agent, env, dataset, max_steps, batch_size, eval_interval, eval_episodes):
    eval_returns = []
    for i in tqdm.tqdm(range(1, max_steps + 1), smoothing=0.1):
        batch = dataset.sample(batch_size)

        update_info = agent.update(batch)

        if i % eval_interval == 0:
            eval_stats = evaluate(agent, env, eval_episodes)
            eval_returns.append((i, eval_stats['return']))
    return eval_returns


def evaluate(agent, env, num_episodes: int):
    stats = {'return': [], 'length': []}

    for _ in range(num_episodes):
        observation, done = env.reset(), False

        while not done:
            action = agent.sample_actions(observation, temperature=0.0)
            observation, _, done, info = env.step(action)

        for k in stats.keys():
            stats[k].append(info['episode'][k])

    for k, v in stats.items():
        stats[k] = np.mean(v)

    return stats
