# Source: https://github.com/edwisdom/bbvi/blob/3af1d7c3a0667641856f85705b20e19458f72ff6/bbvi.py
# Title: bbvi.py (Black-Box Variational Inference on Bayesian Neural Networks)
# Cut: kept the BNN, the ELBO pieces, the score-function gradient estimator, update_params, p1 and bbvi; dropped plotting, tests and grid search; tabs turned into spaces.
import autograd
import autograd.numpy as np

x_train = np.asarray([-2., -1.8, -1., 1., 1.8, 2.])
y_train = np.asarray([-3., 0.2224, 3., 3., 0.2224, -3.])
sigma = 0.1
mean_grid = np.linspace(-3.0, 5.0, 100)
x_grid = np.linspace(-20.0, 20.0, 200)


def simple_predict(x, w, b):
    return w*x + b


def nn_predict(x, w, b, hidden_layer=10, act=np.tanh):
    h = act(np.outer(x, w[0:hidden_layer]) + b[0:hidden_layer])
    return np.dot(h, w[hidden_layer:2*hidden_layer]) + b[-1]


def log_prior(w, b):
    return (np.sum(np.square(w)) + np.sum(np.square(b)))/-2


def log_entropy(w, b, mean_w, std_w, mean_b, std_b):
    q_weights = np.dot(np.square(w - mean_w), np.reciprocal(np.exp(std_w)))/-2
    q_biases = np.dot(np.square(b - mean_b), np.reciprocal(np.exp(std_b)))/-2
    return q_weights + q_biases


def log_likelihood(w, b, x=x_train, y=y_train, bnn=nn_predict):
    preds = bnn(x, w, b)
    return np.sum(np.square(preds - y))/(-2*sigma**2)


def loss_function(w, b, mean_w, std_w, mean_b, std_b,
                  bnn=nn_predict, x=x_train, y=y_train):
    log_l = log_likelihood(w, b, x, y, bnn=bnn)
    log_p = log_prior(w, b)
    log_q = log_entropy(w, b, mean_w, std_w, mean_b, std_b)
    return float(-1 * (log_l + log_p - log_q))


def sample_gaussian(mw, sw, mb, sb, samples=1):
    w_vars = mw.shape[0]
    b_vars = mb.shape[0]
    return (np.random.normal(loc=mw, scale=np.exp(sw), size=(samples, w_vars)),
            np.random.normal(loc=mb, scale=np.exp(sb), size=(samples, b_vars)))


def estimate_gradient(sample_func, loss_func, grad_func, n_samples, *params):
    sample_w, sample_b = sample_func(*params, samples=n_samples)
    sample_gradients = [np.zeros((n_samples, p.shape[0])) for p in list(params)]
    losses = np.zeros(n_samples)
    for s in range(n_samples):
        losses[s] = loss_func(sample_w[s], sample_b[s], *params)
        sample_grad = grad_func(sample_w[s], sample_b[s], *params)
        for grad, grads in zip(sample_grad, sample_gradients):
            grads[s] = grad
    return sample_gradients, losses


def update_params(params, gradients, obj, step_size):
    updates = [np.zeros(g.shape) for g in gradients]
    num_params, num_samples = len(params), len(gradients[0])
    for p in range(num_params):
        for s in range(num_samples):
            updates[p][s] = step_size * gradients[p][s] * obj[s]
    avg_update = [np.average(update, axis=0) for update in updates]
    new_params = [p+u for (p, u) in zip(params, avg_update)]
    return new_params


def p1():
    sample_sizes = [1, 10, 100, 1000]
    std_w = np.log(0.1*np.ones(1))
    mean_b, std_b = np.zeros(1), np.log(0.1*np.ones(1))
    grad_q = autograd.grad(log_entropy, argnum=2)
    for samples in sample_sizes:
        loss_results = []
        grad_results = []
        for m in mean_grid:
            mean_w = m*np.ones(1)
            losses, grads = np.zeros(samples), np.zeros(samples)
            for s in range(samples):
                w, b = sample_gaussian(mean_w, std_w, mean_b, std_b)
                loss = loss_function(w, b, mean_w, std_w, mean_b, std_b,
                                     bnn=simple_predict)
                losses[s] = loss
                grads[s] = grad_q(w, b, mean_w, std_w, mean_b, std_b) * loss
            loss_results.append(np.average(losses))
            grad_results.append(np.average(grads))


def bbvi(n_iters, step_size, grad_samples, post_samples=50):
    params = [np.random.normal(size=20), np.zeros(20),
              np.random.normal(size=11), np.zeros(11)]
    grad_q = autograd.grad(log_entropy, argnum=[2, 3, 4, 5])
    avg_losses = []
    for i in range(n_iters):
        gradients, losses = estimate_gradient(sample_gaussian, loss_function,
                                              grad_q, grad_samples, *params)
        avg_loss = np.average(losses)
        avg_losses.append(avg_loss)
        params = update_params(params, gradients, -1*losses, step_size)
    w, b = sample_gaussian(*params, samples=post_samples)
    preds = [nn_predict(x_grid, w[i], b[i]) for i in range(post_samples)]
    return avg_losses, np.array(preds)


def p2(trials=3, n_iters=5000, samples=150, step_size=1e-4):
    for t in range(trials):
        losses, preds = bbvi(n_iters, step_size, samples)
