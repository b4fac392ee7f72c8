# Source: https://github.com/novastar53/jaxpt/blob/9105e9f8c9c1eaf9c913d00bfac2d6a6fbcd3012/notebooks/layernorm_experiment.ipynb
# Title: jaxpt notebooks/layernorm_experiment.ipynb (training configuration cell)
# Cut: only the config cell that sizes the gradient-accumulation count (dataclass decorator and num_devices=1 added so it runs alone)
from dataclasses import dataclass

num_devices = 1


@dataclass
class TrainerConfig:
  num_tokens_per_batch: int = 2**19 # 2**19, 0.5 million as per the GPT 3.5 paper
  mB: int = 32
  T: int = 2048
  grad_accumulation_steps: int = num_tokens_per_batch // (mB * T * num_devices) # Number of steps over which to average the gradient


trconf = TrainerConfig(
  num_tokens_per_batch=2**9,
  mB=16,
  T=32,
)
trconf.grad_accumulation_steps =  trconf.num_tokens_per_batch // (trconf.mB * trconf.T * num_devices) # Number of steps over which to average the gradient
