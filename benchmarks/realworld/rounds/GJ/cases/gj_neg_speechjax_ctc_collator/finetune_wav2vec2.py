# Source: https://github.com/thevasudevgupta/speech-jax/blob/11f18c1fdf21668bd2523d289cd4b20992a7eca0/projects/finetune_wav2vec2.py
# Title: speech-jax projects/finetune_wav2vec2.py (training_step, DataCollator)
# Cut: config loading, model set-up and the Trainer call dropped; training_step (pmapped by the Trainer) and the
#      host-side DataCollator kept.
import dataclasses
import sys
from functools import partial
from typing import Any, Callable, Dict, List, Optional, Tuple

import flax
import jax
import jax.numpy as jnp
import numpy as np
import optax
from datasets import interleave_datasets, load_dataset
from flax.training import train_state
from transformers import Wav2Vec2CTCTokenizer, Wav2Vec2FeatureExtractor
from transformers.models.wav2vec2.modeling_flax_wav2vec2 import (
    FlaxWav2Vec2ForCTC, _compute_mask_indices)

def training_step(
    state: train_state.TrainState,
    dropout_rng: jnp.DeviceArray,
    batch: Dict[str, jnp.DeviceArray],
) -> TrainingStepOutput:
    new_drp_rng, drp_rng = jax.random.split(dropout_rng, num=2)

    def loss_fn(params):
        labels = batch.pop("labels")
        label_paddings = batch.pop("label_paddings")

        outputs = state.apply_fn(
            **batch,
            params=params,
            dropout_rng=drp_rng,
            train=True,
            freeze_feature_encoder=True
        )
        seqlen = outputs.logits.shape[1]

        input_lengths = jnp.sum(batch["attention_mask"], axis=1)
        input_lengths = state.get_feat_extract_output_lengths(input_lengths)
        logit_paddings = input_lengths[..., None] <= jnp.arange(seqlen)

        # taking mean is fine as long as batches are equally distributed
        return state.loss_fn(
            outputs.logits, logit_paddings, labels, label_paddings
        ).mean()

    grad_fn = jax.value_and_grad(loss_fn)
    loss, grads = grad_fn(state.params)

    grads = jax.lax.pmean(grads, axis_name="batch")

    new_state = state.apply_gradients(grads=grads)

    return TrainingStepOutput(
        state=new_state,
        dropout_rng=new_drp_rng,
        loss=jax.lax.pmean(loss, axis_name="batch"),
        lr=state.lr_scheduler(state.step),
    )


def validation_step(
    state: train_state.TrainState, batch: Dict[str, jnp.DeviceArray]
) -> ValidationStepOutput:

    labels = batch.pop("labels")
    label_paddings = batch.pop("label_paddings")
    batch.pop("mask_time_indices", None)

    input_lengths = jnp.sum(batch["attention_mask"], axis=1)
    input_lengths = state.get_feat_extract_output_lengths(input_lengths)

    outputs = state.apply_fn(**batch, params=state.params, train=False)

    seqlen = outputs.logits.shape[1]
    logit_paddings = input_lengths[..., None] <= jnp.arange(seqlen)

    loss = state.loss_fn(outputs.logits, logit_paddings, labels, label_paddings).mean()
    loss = jax.lax.pmean(loss, axis_name="batch")

    return ValidationStepOutput(loss=loss)


class SpecAugmentConfig(BaseConfig):
    shape: Tuple[int, int]
    mask_time_prob: float
    mask_time_span: int
    min_masks: int


@dataclasses.dataclass
class DataCollator:
    feature_extractor: Wav2Vec2FeatureExtractor
    tokenizer: Wav2Vec2CTCTokenizer
    audio_maxlen: Optional[int] = None
    text_maxlen: Optional[int] = None
    spec_augment_config: Optional[SpecAugmentConfig] = None
    get_feat_extract_output_lengths: Callable = None

    def __call__(self, batch: List[Dict[str, Any]]):
        audio = [sample[0].numpy() for sample in batch]
        text = [sample[1].numpy().decode() for sample in batch]

        # TODO: explore other padding options in JAX (special dynamic padding?)
        audio = self.feature_extractor(
            audio,
            padding="max_length",
            max_length=self.audio_maxlen,
            truncation=True,
            return_tensors="np",
            sampling_rate=16000,
        )
        targets = self.tokenizer(
            text,
            max_length=self.text_maxlen,
            truncation=True,
            padding="max_length",
            return_tensors="np",
        )
        labels = targets["input_ids"]
        label_paddings = (targets["attention_mask"] == 0).astype(np.int32)

        outputs = {
            "input_values": audio["input_values"],
            "attention_mask": audio["attention_mask"],
            "labels": labels,
            "label_paddings": label_paddings,
        }

        if self.spec_augment_config is not None:
            input_lengths = np.sum(audio["attention_mask"], axis=1)
            assert self.get_feat_extract_output_lengths is not None
            input_lengths = self.get_feat_extract_output_lengths(input_lengths)
            seqlen = self.get_feat_extract_output_lengths(self.audio_maxlen)
            attention_mask = input_lengths[:, None] > np.arange(seqlen)

            outputs["mask_time_indices"] = _compute_mask_indices(
                self.spec_augment_config.shape,
                self.spec_augment_config.mask_time_prob,
                self.spec_augment_config.mask_time_span,
                attention_mask=attention_mask,
                min_masks=self.spec_augment_config.min_masks,
            )

        return outputs


model_id = configs["model"]["pretrained_id"]
model = FlaxWav2Vec2ForCTC.from_pretrained(model_id)
feature_extractor = Wav2Vec2FeatureExtractor.from_pretrained(model_id)
tokenizer = Wav2Vec2CTCTokenizer.from_pretrained(model_id)
