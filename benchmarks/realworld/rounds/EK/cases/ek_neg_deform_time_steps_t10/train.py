# Source: https://github.com/Sangluisme/Implicit-surf-Deformation/blob/e7992a5f544fc77073f7b698fcbec4aea027d7c4/train.py
# Title: Implicit-surf-Deformation train.py (model construction) with conf/faust.conf
# Cut: only the lines that build the model; conf/faust.conf sets network.T = 10 (quoted in the comment).
import utils

# conf/faust.conf:
#   network {
#       T=10
#       ...
#   }


def build(conf, implicit_net, velocity_net, learning_rate_fn, key):
    model = utils.get_class(conf.method)(T=conf.network.T, **conf.loss)
    implicit_train_state, velocity_train_state = model.model_init(key, learning_rate_fn, implicit_net, velocity_net, conf)
    return model, implicit_train_state, velocity_train_state
