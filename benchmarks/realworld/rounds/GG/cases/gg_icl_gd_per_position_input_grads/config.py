# Source: https://github.com/google-research/self-organising-systems/blob/3d5547ca48b60ecac459834e2c05c9ff5df87991/transformers_learn_icl_by_gd/src/config.py
# Title: transformers_learn_icl_by_gd/src/config.py
# Cut: kept the data and model hyper-parameters; language-model and training settings dropped.
from ml_collections import config_dict

config = config_dict.ConfigDict()

# Data hps
config.dataset_size = 10
config.input_size = 10
config.test_size = 100
config.input_range = 1.0
config.weight_scale = 1
config.input_shift = 0
config.size_distract = 0
config.classic_token_const = False
config.non_linear_reg_task = False

# Model hps
config.new_token_construction = True
config.deq = True
config.emb_size = config.input_size + 1

config.att_only_trans = True
config.include_query = False
config.pos_enc = False
config.pos_enc_size = 0
config.concat_pos_enc = False
config.zero_pos_enc = False
config.use_softmax = False
config.use_non_lin_mix = False
config.first_layer_sm = False
config.use_bias = False
config.out_proj = False
config.in_proj = False
config.layer_norm = False
config.num_layers = 1
config.num_heads = 1
config.key_size = 11
config.output_size = 1
config.init_scale = 0.002 / config.num_layers
