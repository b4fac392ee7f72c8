# Source: https://github.com/HIPS/autopaint/blob/acbe781a2a374af7604117b9ded71e00add5b926/experiments/9-test-early-stop/7-train-both-batch/main.py
# Title: autopaint experiments/9-test-early-stop/7-train-both-batch/main.py: VAE decoder trained with an early-stopped gradient sampler as encoder
# Cut: dropped the commented-out header, pretrained-weights loader, plotting callback and timing;
#      Python-2 prints turned into calls. lower_bound handles one image (its sampler runs per image);
#      the WeightsParser around the decoder weights is replaced by a plain vector; build_early_stop_fixed_params
#      and make_binary_nn are the project's own helpers.
import pickle

import autograd.numpy.random as npr
import autograd.numpy as np
from autograd import grad

from autopaint.optimizers import adam
from autopaint.neuralnet import make_batches
from autopaint.util import build_logprob_mvn
from autopaint.neuralnet import make_binary_nn
from autopaint.early_stop import build_early_stop_fixed_params
param_scale = 0.1
samples_per_image = 10
latent_dimensions = 10
hidden_units = 500


def lower_bound(weights,encode,decode_log_like,N_weights_enc,train_images,samples_per_image,latent_dimensions,rs):
    train_images = np.atleast_2d(train_images)
    enc_w = weights[0:N_weights_enc]
    dec_w = weights[N_weights_enc:len(weights)]
    log_normal = build_logprob_mvn(np.zeros(latent_dimensions), np.eye(latent_dimensions),pseudo_inv = True)

    def log_lik_func(z):
        # train_images_repeat = np.repeat(train_images,samples_per_image,axis=0)
        train_images_repeat = np.repeat(train_images,z.shape[0],axis=0)
        assert z.shape[0] == train_images_repeat.shape[0]
        return decode_log_like(dec_w,z,train_images_repeat) +log_normal(z)


    samples, loglik_estimates, entropy_estimates = encode(enc_w,log_lik_func,rs,num_samples=samples_per_image)
    loglik_estimate = np.mean(loglik_estimates)
    entropy_estimate = np.mean(entropy_estimates)
    return loglik_estimate + entropy_estimate


def lower_bound_batch(weights,encode,decode_log_like,N_weights_enc,train_images,samples_per_image,latent_dimensions,rs):
    lower_bound_sum = 0.0
    #Turn off printing
    # sys.stdout = open(os.devnull, "w")

    #Batch_size is train_images.shape[0]
    for i in xrange(train_images.shape[0]):
        cur_image = train_images[i,:]
        lower_bound_sum = lower_bound_sum+lower_bound(weights,encode,decode_log_like,N_weights_enc,cur_image,samples_per_image,latent_dimensions,rs)
    lower_bound_est = lower_bound_sum/train_images.shape[0]
    #Turn on printing
    # sys.stdout = sys.__stdout__

    return lower_bound_est


def run_aevb(train_images):
    D = train_images.shape[1]

    dec_layers = [latent_dimensions, hidden_units,hidden_units, D]

    mean = np.zeros(latent_dimensions)
    log_stddevs = np.log(1.0*np.ones(latent_dimensions))
    log_stepsize = np.log(.005)

    rs = np.random.npr.RandomState(0)
    sample_and_run_es =build_early_stop_fixed_params( latent_dimensions,  approx=True,mean= mean,log_stddevs = log_stddevs,log_stepsize=log_stepsize)
    N_weights_dec, decoder, decoder_log_like = make_binary_nn(dec_layers)
    N_weights_enc = 0
    encoder = sample_and_run_es
    params = rs.randn(N_weights_dec) * param_scale

    # Optimize aevb
    batch_size = 10
    num_training_iters = 1600
    rs = npr.RandomState(0)

    batch_idxs = make_batches(train_images.shape[0], batch_size)

    def batch_value_and_grad(weights, iter):
        iter = iter % len(batch_idxs)
        cur_data = train_images[batch_idxs[iter]]
        return lower_bound_batch(weights,encoder,decoder_log_like,N_weights_enc,cur_data,samples_per_image,latent_dimensions,rs)
    lb_grad = grad(batch_value_and_grad)

    final_params = adam(lb_grad, params, num_training_iters)
    return final_params


if __name__ == '__main__':
    with open('../../../autopaint/mnist_binary_data.pkl') as f:
        N_data, train_images, train_labels, test_images, test_labels = pickle.load(f)
    run_aevb(train_images)
