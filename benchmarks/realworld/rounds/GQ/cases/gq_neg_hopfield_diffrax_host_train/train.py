# Source: https://github.com/sofiyabogakovskaya/HopfieldAM/blob/b53787733c4f6127bd5f399a89775d30face4641/src/train.py
# Title: HopfieldAM src/train.py and utils/metrics.py (epoch loop and validation accuracy)
# Cut: logging calls removed; batch_accuracy from utils/metrics.py appended
import jax.numpy as jnp
import equinox as eqx
from jax import vmap
from jax.nn import log_softmax
from tqdm import tqdm

from integrate import integrate

@eqx.filter_jit
def update(model, x, y, batch_loss, opt_state, optimizer, dt, t1, N_classes):
    loss, grads = eqx.filter_value_and_grad(batch_loss)(model, x, y, dt, t1, N_classes)
    updates, opt_state = optimizer.update(grads, opt_state, model)
    model = eqx.apply_updates(model, updates)
    return model, opt_state, loss

def train(model, train_loader, val_loader, batch_loss, optimizer, opt_state, epochs, dt, t1, N_classes):
    train_losses = []
    val_accuracies = []
    for epoch in tqdm(range(epochs), desc="epoch training..."):
        total_loss = 0.0
        num_batches = 0
        for x_batch, y_batch in train_loader():
            model, opt_state, loss_value = update(model=model,
                                                  x=x_batch,
                                                  y=y_batch,
                                                  batch_loss=batch_loss,
                                                  opt_state=opt_state,
                                                  optimizer=optimizer,
                                                  dt=dt,
                                                  t1=t1,
                                                  N_classes=N_classes
                                                  )
            total_loss += loss_value
            num_batches += 1
        train_loss = total_loss / num_batches
        train_loss = round(float(train_loss), 4)
        val_accuracy = batch_accuracy(model, val_loader, dt, t1, N_classes)
        val_accuracy = round(float(val_accuracy), 4)
        train_losses.append(train_loss)
        val_accuracies.append(val_accuracy)
    return model, train_losses, val_accuracies


def accuracy(model, x, y, dt, t1, N_classes):
    x_T = integrate(model, x, dt, t1)[-N_classes:]
    log_proba = log_softmax(x_T)
    return jnp.argmax(log_proba) == y

def batch_accuracy(model, val_loader, dt, t1, N_classes):
    total_accuracy = 0.0
    num_batches = 0
    for x_batch, y_batch in val_loader():
         batch_acc = jnp.mean(
             vmap(accuracy, in_axes=(None, 0, 0, None, None, None))(model, x_batch, y_batch, dt, t1, N_classes)
             )
         total_accuracy += batch_acc
         num_batches += 1
    return total_accuracy / num_batches
