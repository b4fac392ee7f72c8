# Source: https://github.com/epignatelli/cardiax/blob/1561c01e02e6b4f2d536cd2239920192dea9ee50/experiments/training/train.py
# Title: experiments/training/train.py — training script for the Fenton-Karma surrogate
# Cut: kept the refeed / test_refeed flags and the epoch loop that calls btt_step / evaluate and
#      grows refeed up to 20; logging, checkpointing and dataset construction removed.
import jax
from absl import flags

from deepx import optimise

flags.DEFINE_integer("refeed", 5, "")
flags.DEFINE_integer("test_refeed", 20, "")


def train(hparams, model, optimiser, opt_state, train_set, val_set, test_set,
          train_maxsteps, val_maxsteps, rng, rng_val):
    update = optimise.tbtt_step if hparams.tbtt else optimise.btt_step
    for i in range(hparams.epochs):
        train_loss_epoch = 0.0
        for j in range(train_maxsteps):
            k = (train_maxsteps * i) + j
            rng, _ = jax.random.split(rng)
            batch = train_set.sample(rng)
            xs, ys = optimise.preprocess(batch) if hparams.normalise else batch
            j_train, ys_hat, opt_state = update(
                model, optimiser, hparams.refeed, k, opt_state, xs, ys
            )
            j_train = j_train[0]  #  remove device axis - loss is returned synchronised
            train_loss_epoch += j_train

        params = optimiser.params(opt_state)
        _rng_val = rng_val
        for j in range(val_maxsteps):
            _rng_val, _ = jax.random.split(_rng_val)
            batch = test_set.sample(_rng_val)
            xs, ys = optimise.preprocess(batch) if hparams.normalise else batch
            j_test, ys_hat = optimise.evaluate(
                model, hparams.test_refeed, params, xs, ys
            )

        #  schedule
        train_loss_epoch /= train_maxsteps
        if (
            (i != 0)
            and (train_loss_epoch <= hparams.increase_at)
            and (hparams.refeed < 20)
        ):
            hparams = hparams._replace(refeed=hparams.refeed + 1)
            train_set.increase_frames()
            val_set.increase_frames()
