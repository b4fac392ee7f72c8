# Source: https://github.com/google-deepmind/fusion_surrogates/blob/d28faa2661a31335b1bfe36bf0937e81c6aa2439/fusion_surrogates/tglfnn_ukaea/tglfnn_ukaea_model.py
# Title: fusion_surrogates/tglfnn_ukaea/tglfnn_ukaea_model.py (TGLFNNukaeaModel constructor and predict)
# Cut: only how the ensemble module of networks.py is built (n_ensemble from the model config,
#      default 5) and applied; parameter loading and the stats vectors are in the sibling case.
import jax

from networks import GaussianMLPEnsemble


def make_network(model_dict):
  return GaussianMLPEnsemble(
      n_ensemble=model_dict["config"].get("num_estimators", 5),
      num_hiddens=model_dict["config"].get("model_size", 6),
      hidden_size=model_dict["config"].get("hidden_size", 512),
      dropout=model_dict["config"].get("dropout", 0.0),
      activation=model_dict["config"].get("activation", "relu"),
  )


def predict(network, stacked_params, normalized_inputs):
  # One ensemble per output label, vmapped over the stacked label parameters.
  return jax.vmap(
      lambda params: network.apply(
          {"params": params},
          normalized_inputs,
          deterministic=True,
      ),
  )(stacked_params)
