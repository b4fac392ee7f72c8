# Source: https://github.com/cor3bit/somax/blob/bddde47d413bbc2e60bbafd158cab163938f832a/examples/mlp_clf.py
# Title: examples/mlp_clf.py (EGN on a small MLP classifier)
# Cut: kept the model, the solver construction, the jit of solver.update and the training loop;
#      dropped the accuracy/ce helpers and the wrap-around batch branch; EGN imported from the sibling module.
import jax
import jax.numpy as jnp
import flax.linen as nn
from sklearn import datasets as skl_datasets
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from egn import EGN


class MLPClassifierSmall(nn.Module):
    num_classes: int

    @nn.compact
    def __call__(self, x: jnp.ndarray):
        x = nn.Dense(8)(x)
        x = nn.relu(x)
        x = nn.Dense(16)(x)
        x = nn.relu(x)
        x = nn.Dense(8)(x)
        x = nn.relu(x)
        x = nn.Dense(self.num_classes)(x)
        return x


if __name__ == '__main__':
    X, test_labels = skl_datasets.load_iris(return_X_y=True)
    X_scaled = StandardScaler(copy=False).fit_transform(X)
    X_train, X_test, Y_train_labels, Y_test_labels = train_test_split(
        X_scaled, test_labels, test_size=0.1, random_state=1337)

    n_classes = 3
    X_train = jnp.array(X_train)
    Y_train = jax.nn.one_hot(Y_train_labels, n_classes)

    batch_size = 32
    model = MLPClassifierSmall(num_classes=n_classes)
    params = model.init(jax.random.PRNGKey(1), X_train[:batch_size])
    predict_fn = model.apply

    solver = EGN(
        predict_fun=predict_fn,
        loss_type='ce',
        learning_rate=0.1,
        regularizer=1.0,
        batch_size=batch_size,
        n_classes=n_classes,
    )

    opt_state = solver.init_state(params)
    update_fn = jax.jit(solver.update)

    num_samples = X_train.shape[0]
    for i in range(10):
        start_index = (i * batch_size) % num_samples
        end_index = (start_index + batch_size) % num_samples
        batch_x = X_train[start_index:end_index]
        batch_y = Y_train[start_index:end_index]
        params, opt_state = update_fn(params, opt_state, batch_x, targets=batch_y)
