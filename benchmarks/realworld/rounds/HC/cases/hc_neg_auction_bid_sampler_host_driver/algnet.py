# Source: https://github.com/degregat/two-player-auctions/blob/46cc3da01a4ccebfb5f8ecbe339cdf2626c3519a/algnet.py
# Title: algnet.py (Two Player Auction Learner, 2021)
# Cut: kept BidSampler, the training driver and test(); the TPAL class is imported from
#      tpal.py (the per-bidder networks, reproduced in case hc_neg_auction_per_bidder_mlp).
import jax
import jax.numpy as jnp

from tpal import TPAL


# Model
class BidSampler:
    def __init__(self, rng, bidders, items):
        self.bidders = bidders
        self.items = items

        self.key = rng

    def sample(self, num_samples):
        self.key, self.subkey = jax.random.split(self.key)

        sample = jnp.stack(
            [
                jax.random.uniform(self.subkey, (self.bidders, self.items))
                for _ in range(0, num_samples)
            ],
            axis=0,
        )
        return sample



# Train a two player auction learner and return it with state.
def training(
    num_steps,
    misr_updates,
    misr_reinit_iv,
    misr_reinit_lim,
    batch_size,
    bidders,
    items,
    net_width,
    net_depth,
    # val_dist, TODO: add option to use different distributions
):
    # @title {vertical-output: true}

    log_every = num_steps // 100


    # The model.
    tpal = TPAL(bidders, items, net_width, net_depth)

    # Top-level RNG.
    rng = jax.random.PRNGKey(1729)

    # Initialize the network and optimizer.
    rng, rng_sampler, rng_state_init, rng_misr_reinit = jax.random.split(rng, 4)

    # Initialize BidSampler
    sampler = BidSampler(rng_sampler, bidders, items)

    tpal_state = tpal.initial_state(rng_state_init, sampler.sample(1))

    steps = []
    auct_losses = []
    misr_losses = []

    for step in range(num_steps):
        # Sample valuations
        val_sample = sampler.sample(batch_size)

        if ((step % misr_reinit_iv) == 0) and (step <= misr_reinit_lim):
            tpal_state = tpal.reinit_misr(
                rng_misr_reinit, tpal_state, sampler.sample(1)
            )

        for _ in range(0, misr_updates):
            tpal_state, misr_log = tpal.update_misr(tpal_state, val_sample)

        tpal_state, auct_log = tpal.update_auct(tpal_state, val_sample)

        # Log the losses.
        if step % log_every == 0:
            # It's important to call `device_get` here so we don't take up device
            # memory by saving the losses.
            misr_log = jax.device_get(misr_log)
            auct_log = jax.device_get(auct_log)

            auct_loss = auct_log["auct_loss"]
            misr_loss = misr_log["misr_loss"]
            print(
                f"Step {step}: "
                f"auct_loss = {auct_loss:.3f}, misr_loss = {misr_loss:.3f}"
            )
            steps.append(step)
            auct_losses.append(auct_loss)
            misr_losses.append(misr_loss)

    return tpal, tpal_state


def test(tpal, tpal_state):
    rng = jax.random.PRNGKey(1337)
    sampler = BidSampler(rng, tpal.bidders, tpal.items)

    for _ in range(0, 10):
        val_sample = sampler.sample(1)

        # Receive an auction
        alloc, pay = tpal.auct_transform.apply(tpal_state.params.auct, val_sample)

        # Receive misreports
        misreports = tpal.misr_transform.apply(tpal_state.params.misr, val_sample)

        # TODO: put the squeeze in misr_utility?
        misr_util = tpal.misr_utility(
            misreports, jnp.squeeze(val_sample), tpal_state.params.auct
        )
        truth_util = tpal.utility(val_sample, alloc, pay)
        regret = misr_util - truth_util

        print("utility truthful: " + str(jnp.sum(truth_util)))
        print("utility misrep: " + str(jnp.sum(misr_util)))
        print("regret: " + str(jnp.sum(regret)))
        print("pay: " + str(jnp.sum(pay)))



# Short training, for tests
tpal, state = training(1000, 50, 500, 1000, 100, 5, 10, 200, 7)
# Medium length training
# tpal, state = training(50000, 50, 500, 1000, 100, 5, 10, 200, 7)
# Long training
# tpal, state = training(200000, 50, 1200, 50000, 100, 5, 10, 200, 7)
# Full training, large batches, high # of misreport updates
# tpal, state = training(200000, 100, 1200, 50000, 500, 5, 10, 200, 7)

print("Metrics of Two-Player Auction Learner")
test(tpal, state)
