# Source: https://github.com/nuclear-multimessenger-astronomy/jester/blob/9006f595310187f7f915a25c22c663410ab19db9/jesterTOV/inference/run_inference.py
# Title: jesterTOV/inference/run_inference.py (EOS inference driver)
# Cut: only the lines that map the transform (NEP -> EOS -> TOV) and likelihood over test samples with vmap.
import jax


def check_likelihood(transform, likelihood, test_samples):
    test_samples_transformed = jax.vmap(transform.forward)(test_samples)
    test_log_prob = jax.vmap(likelihood.evaluate)(test_samples_transformed)
    return test_log_prob
