# Source: https://github.com/phlippe/uvadlc_notebooks/blob/0da8037c7abc32f478ff6142acceb72dbcf088ee/docs/tutorial_notebooks/JAX/tutorial17/SimCLR.ipynb
# Title: Tutorial 17 (JAX): Self-Supervised Contrastive Learning with SimCLR
# Cut: code cells 30, 37 and 55-56 converted to a script; the TrainerModule base class,
#      data loaders, logging and the logistic-regression part cut; augmentation is in augment.py.
import numpy as np
import jax
import jax.numpy as jnp
from jax import random
from flax import linen as nn
import optax
import flaxmodels

from augment import parallel_augment


class SimCLR(nn.Module):
    hidden_dim : int
    temperature : float

    def setup(self):
        self.convnet = flaxmodels.ResNet18(output='activations', pretrained=False,
                                           normalize=False, num_classes=4*self.hidden_dim)
        self.head = nn.Sequential([nn.relu, nn.Dense(self.hidden_dim)])

    def __call__(self, imgs, train=True):
        model_feats = self.convnet(imgs, train=train)
        feats = self.head(model_feats['fc'])
        # Calculate cosine similarity between all images
        cos_sim = optax.cosine_similarity(feats[:,None,:], feats[None,:,:])
        cos_sim /= self.temperature
        # Masking cosine similarities to itself
        diag_range = jnp.arange(feats.shape[0], dtype=jnp.int32)
        cos_sim = cos_sim.at[diag_range, diag_range].set(-9e15)
        # Find positive example -> batch_size//2 away from the original example
        shifted_diag = jnp.roll(diag_range, imgs.shape[0]//2)
        pos_logits = cos_sim[diag_range, shifted_diag]
        # InfoNCE loss
        nll = - pos_logits + nn.logsumexp(cos_sim, axis=-1)
        nll = nll.mean()
        metrics = {'loss': nll}
        comb_sim = jnp.concatenate([pos_logits[:,None],
                                    cos_sim.at[shifted_diag, diag_range].set(-9e15)],
                                   axis=-1)
        sim_argsort = (-comb_sim).argsort(axis=-1).argmin(axis=-1)
        metrics['acc_top1'] = (sim_argsort == 0).mean()
        metrics['acc_top5'] = (sim_argsort < 5).mean()
        return nll, metrics

    def encode(self, imgs, train=False):
        model_feats = self.convnet(imgs, train=train)
        return model_feats['block4_1'].mean(axis=(1,2))


class SimCLRTrainer:  # TrainerModule subclass in the notebook

    def create_functions(self):
        # Function to calculate the InfoNCE loss for a batch of images
        def calculate_loss(params, batch_stats, rng, batch, train):
            batch = parallel_augment(rng, batch)
            outs = self.model.apply({'params': params, 'batch_stats': batch_stats},
                                    batch,
                                    train=train,
                                    mutable=['batch_stats'] if train else False)
            (loss, metrics), new_model_state = outs if train else (outs, None)
            return loss, (metrics, new_model_state)
        # Training function
        def train_step(state, batch):
            rng, forward_rng = random.split(state.rng)
            loss_fn = lambda params: calculate_loss(params,
                                                    state.batch_stats,
                                                    forward_rng,
                                                    batch,
                                                    train=True)
            (_, (metrics, new_model_state)), grads = jax.value_and_grad(loss_fn,
                                                                        has_aux=True)(state.params)
            state = state.apply_gradients(grads=grads,
                                          batch_stats=new_model_state['batch_stats'],
                                          rng=rng)
            return state, metrics
        # jit for efficiency
        self.train_step = jax.jit(train_step)


def prepare_data_features(encode_fn, data_loader):
    # Encode all images
    feats, labels = [], []
    for batch_imgs, batch_labels in data_loader:
        batch_feats = encode_fn(batch_imgs)
        feats.append(jax.device_get(batch_feats))
        labels.append(batch_labels)
    feats = np.concatenate(feats, axis=0)
    labels = np.concatenate(labels, axis=0)
    idxs = labels.argsort()
    return feats[idxs], labels[idxs]


def make_encode_fn(model, state):
    return jax.jit(lambda img: model.bind({'params': state.params,
                                           'batch_stats': state.batch_stats}).encode(img))
