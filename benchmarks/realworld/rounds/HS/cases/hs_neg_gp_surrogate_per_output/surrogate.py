# Source: https://github.com/PredictiveScienceLab/advanced-scientific-machine-learning/blob/cf666e92c8f107bc9e1e7a47dc39d85df0551411/book/up/surrogates/03_gp_surrogates.ipynb
# Title: Gaussian process surrogates (autoinjector example), notebook cells
# Cut: code cells 34, 35 converted to a module; the import line from train.py is added
from train import *
# --- cell 34
def create_dataset(size=None, X=X_train_scaled, y=y_train_scaled):
    idx = np.random.choice(X.shape[0], size=size)
    return X[idx], y[idx]

def train_gps(init_params, X, Y, num_iters, learning_rate, batch_size, key):
    """Optimize a different set of GP hyperparameters for each output variable."""
    keys = jr.split(key, len(OUTPUT_NAMES))
    trained_params = {}
    loss_histories = {}
    for i, o_name in enumerate(OUTPUT_NAMES):
        print(f"Training GP for {o_name}")
        y = Y[:, i]
        trained_params_i, losses_i = train_gp(init_params, X, y, num_iters, learning_rate, batch_size, keys[i])
        trained_params[o_name] = trained_params_i
        loss_histories[o_name] = losses_i
    return trained_params, loss_histories

class Surrogate(eqx.Module):
    """A Gaussian process surrogate with multiple inputs and outputs.
    
    Parameters
    ----------
    gps : list[dict]
        A list of dictionaries, each containing the hyperparameters of a GP for a different output variable.
    y_obs : Float[Array, "n_data n_outputs"]
        The observed output data.
    """
    gps: list[dict]
    y_obs: Float[Array, "n_data n_outputs"]
    
    @eqx.filter_jit
    def mean(self, X):
        """Evaluate the unscaled model."""
        y = []
        for i in range(self.num_outputs):
            _, cond_gp = self.gps[i].condition(self.y_obs[:, i], X)
            y.append( cond_gp.mean )
        return jnp.stack(y, axis=-1)
    
    @eqx.filter_jit
    def sample(self, X, num_samples, *, key):
        """Sample the output."""
        samples = []
        for i in range(self.num_outputs):
            key, subkey = jr.split(key)
            _, cond_gp = self.gps[i].condition(self.y_obs[:, i], X)
            samples.append( cond_gp.sample(subkey, shape=(num_samples,)) )
        return jnp.stack(samples, axis=-1)
    
    @property
    def num_outputs(self):
        return len(self.gps)
# --- cell 35
X_train_scaled_sub, y_train_scaled_sub = create_dataset(size=200)
key, subkey = jr.split(key)
trained_params, _ = train_gps(init_params, X_train_scaled_sub, y_train_scaled_sub, num_iters=1000, learning_rate=1e-2, batch_size=100, key=subkey)

# Create a GP for each output variable
gps = [build_gp(trained_params[o_name], X_train_scaled_sub) for o_name in OUTPUT_NAMES]

surrogate = Surrogate(gps=gps, y_obs=y_train_scaled_sub)
