# Source: https://github.com/andylolu2/idiots/blob/7e947ba24488a1327748e62171b0b22e4b83ba67/idiots/notebooks/svm_accuracy.ipynb
# Title: idiots/notebooks/svm_accuracy.ipynb ("Calculate kernel items individually")
# Cut: notebook cells 1, 5 converted to a module; checkpoint restore and plotting cells dropped;
#      the checkpoint loop and the data slicing kept as the author wrote them.
import jax
import jax.numpy as jnp
import neural_tangents as nt
from sklearn.svm import SVC
from sklearn.metrics import accuracy_score


def svm_accuracy_over_checkpoints(state_checkpoints, test_data_checkpoints, N=20):
  accuracy_checkpoints = []

  X_train = jnp.array(test_data_checkpoints[0]['x'][:N])
  Y_train = jnp.array(test_data_checkpoints[0]['y'][:N])

  X_test = jnp.array(test_data_checkpoints[0]['x'][N:2*N])
  Y_test = jnp.array(test_data_checkpoints[0]['y'][N:2*N])

  for i in range(len(state_checkpoints) - 1, len(state_checkpoints)):

    print("checkpoint:", i)

    state = state_checkpoints[i]

    kernel_fn = nt.empirical_kernel_fn(state.apply_fn,
          vmap_axes=0,
          implementation=nt.NtkImplementation.STRUCTURED_DERIVATIVES,)

    def custom_kernel(X1, X2):

      kernel = [[None for _ in range(len(X1))] for _ in range(len(X2))]

      for j, X1_item in enumerate(X1):
        print("j:", j)
        for k, X2_item in enumerate(X2):
          print("k:", k)
          kernel_item = kernel_fn(jnp.array([X1_item]), jnp.array([X2_item]), "ntk", state.params)
          kernel[j][k] = kernel_item[0][0]

      return kernel

    svc = SVC(kernel=custom_kernel)
    svc.fit(X_train, Y_train)

    predictions = svc.predict(X_test)
    accuracy = accuracy_score(Y_test, predictions)

    accuracy_checkpoints.append(accuracy)

  return accuracy_checkpoints
