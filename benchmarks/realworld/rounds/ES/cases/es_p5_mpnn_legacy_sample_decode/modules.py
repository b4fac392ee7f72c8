# Source: https://github.com/sokrypton/ColabDesign/blob/e31a56fe1d9b4de25c8697f3a28b75892941cc72/colabdesign/mpnn/legacy/modules.py
# Title: colabdesign/mpnn/legacy/modules.py (RunModel)
# Cut: only RunModel kept (it jits the haiku-transformed sample / tied_sample); ProteinMPNN layers omitted
#      and imported from a stub name.
import jax
import haiku as hk

from sample import mpnn_sample as ProteinMPNN  # stands in for the full ProteinMPNN(hk.Module)

class RunModel:
  def __init__(self, config) -> None:
    self.config = config

    def _forward_score(inputs):
      model = ProteinMPNN(**self.config)
      return model(**inputs)
    self.score = jax.jit(hk.transform(_forward_score).apply)
    self.init_score = jax.jit(hk.transform(_forward_score).init)

    def _forward_sample(inputs):
      model = ProteinMPNN(**self.config)
      return model.sample(**inputs)
    self.sample = jax.jit(hk.transform(_forward_sample).apply)
    self.init_sample = jax.jit(hk.transform(_forward_sample).init)

    def _forward_tsample(inputs):
      model = ProteinMPNN(**self.config)
      return model.tied_sample(**inputs)
    self.tied_sample = jax.jit(hk.transform(_forward_tsample).apply)
    self.init_tsample = jax.jit(hk.transform(_forward_tsample).init)
