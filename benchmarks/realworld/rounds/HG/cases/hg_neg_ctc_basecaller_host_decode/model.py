# Source: https://github.com/townsag/SimpleCall/blob/38bc4f4820965eb13caea9cbd0e4295b9d8d24c8/src/model.py
# Title: src/model.py
# Cut: kept the jitted train_step/eval_step, the per-read Viterbi decoding, the accuracy computation and the epoch loops; the CNN-LSTM model classes and create_train_state dropped (train_step/eval_step reference src.ctc_objectives.ctc_loss, a lax.scan CTC copied from lingvo).
import flax
import optax
from flax import linen as nn 
from flax.training import train_state
from flax.training import checkpoints
from typing import Any, Sequence

import jax
import jax.numpy as jnp
from jax import random
import numpy as np

import wandb

from src.ctc_objectives import ctc_loss
from fast_ctc_decode import viterbi_search
from scripts.evaluation import alignment_accuracy

import chex


NON_RECURRENT_ENCODING_DICT = {'A':1, 'C':2, 'G':3, 'T':4, '':0}
NON_RECURRENT_DECODING_DICT = {1:'A', 2:'C', 3:'G', 4:'T', 0:''}
PADDING_NUM = 0


@jax.jit
def train_step(state, samples, ground_truth_labels, labels_padding_mask, batch):
    def loss_fn(params):
        # apply can take both a single input or a vector of inputs
        x = jnp.expand_dims(samples, axis=2)
        # epsilon = 1e-10
        # logits = jnp.clip(state.apply_fn({'params': params}, x), a_min=epsilon, a_max=1-epsilon)
        logits = state.apply_fn({'params': params}, x)
        loss = ctc_loss(logits=logits,
                        logitpaddings=jnp.zeros((logits.shape[0], logits.shape[1])),
                        labels=ground_truth_labels,
                        labelpaddings=labels_padding_mask,
                        blank_id=0)
        mean_batch_loss = jnp.mean(loss)
        return mean_batch_loss, logits
  
    (mean_batch_loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)   # gradient descent is performed here

    # this abstracts away the optimizer function call and optimizer implementation behind the state class api
    state = state.apply_gradients(grads=grads) # update is performed here
    return state, logits, mean_batch_loss

@jax.jit
def eval_step(state, samples, ground_truth_labels, labels_padding_mask):
    x = jnp.expand_dims(samples, axis=2)
    logits = state.apply_fn({'params': state.params}, x)
    per_seq_loss = ctc_loss(logits=logits,
                            logitpaddings=jnp.zeros((logits.shape[0], logits.shape[1])),
                            labels=ground_truth_labels,
                            labelpaddings=labels_padding_mask,
                            blank_id=0)
    mean_batch_loss = jnp.mean(per_seq_loss)
    return logits, mean_batch_loss

def decode_batch(logits, alphabet, qstring = False, qscale = 1.0, qbias = 1.0, collapse_repeats = True):
    """
    inputs:
        logits:
            - has shape (Batch, length, features=5)
        Alphabet:
            - string of length 5, probably "NACGT"
    returns: 
        list of strings:[Batch]
    """
    # ToDo: rewite the loopy implementation in a vmapped or pmapped way, this is not very Jax-thonic
    # this is questionable, I am not sure if jax can vmap over non pure python code
    chex.assert_rank(logits, 3)
    # process the logits to be predictions
    epsilon = 1e-10
    predictions = jnp.log(jnp.clip(nn.softmax(logits, axis=-1), a_min=epsilon, a_max=1-epsilon))

    decoded_predictions = []
    for sample_num in range(predictions.shape[0]):
        seq, _path = viterbi_search(np.array(predictions[sample_num,:,:]), alphabet,  qstring = qstring, qscale = qscale, qbias = qbias, collapse_repeats = collapse_repeats)
        decoded_predictions.append(seq)
    return decoded_predictions

def accuracy_batch(logits, ground_truth_labels, alphabet):
    decoded_predictions = decode_batch(logits=logits, alphabet=alphabet)
    # decode labels
    ground_truth_labels = ground_truth_labels.astype(str)
    ground_truth_labels[ground_truth_labels == str(PADDING_NUM)] = ""
    for key, value in NON_RECURRENT_DECODING_DICT.items():
        ground_truth_labels[ground_truth_labels == str(key)] = value
    ground_truth_labels_str_list = ["".join(sample) for sample in ground_truth_labels.tolist()]
    # compute the accuracy
    assert len(decoded_predictions) == len(ground_truth_labels_str_list), \
        f"there should be as many label sequences: {len(ground_truth_labels_str_list)} as there are prediction sequences: {len(decoded_predictions)}"
    per_sequence_accuracies = list()
    for label_seq, pred_seq in zip(ground_truth_labels_str_list, decoded_predictions):
        per_sequence_accuracies.append(alignment_accuracy(label_seq, pred_seq))
    
    return jnp.mean(jnp.array(per_sequence_accuracies))

def train_one_epoch(state, train_dataloader, alphabet, epoch, batches_per_epoch, checkpoint_dir):
    """Train for 1 epoch on the training set."""
    batch_metrics = []
    for count, batch in enumerate(train_dataloader):
        features = batch["x"]
        labels = batch["y"]
        labels_padding_mask = jnp.zeros_like(labels)
        labels_padding_mask = labels_padding_mask.at[labels == 0].set(1)
        # labels_padding_mask[labels == 0] = 1
        state, batch_logits, mean_batch_loss = train_step(state=state, samples=features, ground_truth_labels=labels, 
                                    labels_padding_mask=labels_padding_mask, batch=count)
        mean_batch_accuracy = accuracy_batch(logits=batch_logits, ground_truth_labels=labels, alphabet=alphabet)

        batch_metrics.append({"loss": mean_batch_loss, "accuracy": mean_batch_accuracy})
        # if count % 10 == 0:
            # wandb.log({
            #     "Train Loss": mean_batch_loss,
            #     "Train Accuracy": mean_batch_accuracy,
            # }, step=state.step)
        
        #if count % 100 == 0:
        #    checkpoints.save_checkpoint(ckpt_dir=checkpoint_dir, target=state.params, step=state.step)
        if count % 10 == 0:
            print("epoch: ", epoch, ", batch: ", count, ", mean_batch_accuracy: ", mean_batch_accuracy, "mean_batch_loss: ", mean_batch_loss)
        # print(metrics)

    # Aggregate the metrics over the epoch
    batch_metrics = jax.device_get(batch_metrics)  # pull from the accelerator onto host (CPU)
    epoch_metrics = {
        "mean_epoch_loss": jnp.mean(jnp.array([item["loss"] for item in batch_metrics])),
        "mean_epoch_accuracy": jnp.mean(jnp.array([item["accuracy"] for item in batch_metrics]))
    }

    return state, epoch_metrics


def evaluate_model(state, test_dataloader, alphabet, epoch):
    """Evaluate on the validation set."""
    batch_metrics = []
    for num, batch in enumerate(test_dataloader):
        print("batch num: ", num)
        test_features = batch["x"]
        test_labels = batch["y"]

        test_labels_padding_mask = jnp.zeros_like(test_labels)
        test_labels_padding_mask = test_labels_padding_mask.at[test_labels == 0].set(1)
        batch_logits, mean_batch_loss = eval_step(state=state, samples=test_features, ground_truth_labels=test_labels, 
                            labels_padding_mask=test_labels_padding_mask)
        mean_batch_accuracy = accuracy_batch(logits=batch_logits, ground_truth_labels=test_labels, alphabet=alphabet)
        mean_batch_loss = jax.device_get(mean_batch_loss)  # pull from the accelerator onto host (CPU)
        mean_batch_accuracy = jax.device_get(mean_batch_accuracy)
        batch_metrics.append({"loss": mean_batch_loss, "accuracy": mean_batch_accuracy})
        print("epoch: ", epoch, ", batch: ", num, ", mean_batch_valid_accuracy: ", mean_batch_accuracy, "mean_batch_valid_loss: ", mean_batch_loss)

    # print("bnatch metrics element type: ", type(batch_metrics[0]))
    # print("shape of elem accuracy: ", batch_metrics[0]["loss"].shape)
    mean_metrics_over_test_set = {}
    mean_metrics_over_test_set["loss"] = jnp.mean(jnp.array([item["loss"] for item in batch_metrics]))
    mean_metrics_over_test_set["accuracy"] = jnp.mean(jnp.array([item["accuracy"] for item in batch_metrics]))
    # wandb.log({
    #         "Validation Loss": mean_metrics_over_test_set["loss"],
    #         "Validation Accuracy": mean_metrics_over_test_set["accuracy"],
    #     }, step=state.step)
    return mean_metrics_over_test_set
