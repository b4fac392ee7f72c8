# Source: https://github.com/jithendaraa/structure-learning/blob/8e60edbf05c3eb74ea621fec4fb0c0060402fd85/train_test.py
# Title: train_test.py (jithendaraa/structure-learning)
# Cut: kept train_vae_dibs (loss_fn under jax.grad, model = VAE_DIBS of vae_dibs.py) and the jitted train_step of
#      train_decoder_dibs (model = Decoder_DIBS, whose __call__ returns recons = vmap(decoder)(q_zs), one per particle);
#      torch code, tensorboard logging and the SHD evaluation inside the driver loops removed.
import jax
import jax.numpy as jnp
import jax.scipy.stats as dist
import optax
from jax import vmap, random
from flax.training import train_state
from tqdm import tqdm


def train_vae_dibs(model, loader_objs, opt, key):
    gt_graph = loader_objs['train_dataloader'].graph
    adjacency_matrix = loader_objs['adj_matrix']
    data = loader_objs['projected_data']
    x = jnp.array(data) 

    key, rng = random.split(key)
    m = model()
    state = train_state.TrainState.create(
        apply_fn=m.apply,
        params=m.init(rng, x, key, adjacency_matrix)['params'],
        tx=optax.adam(opt.lr),
    )


    def train_step(state, batch, z_rng):
        def loss_fn(params):
            recons, log_p_z_given_g, q_zs, q_z_mus, q_z_logvars, particles_g, eltwise_log_prob = m.apply({'params': params}, batch, z_rng, adjacency_matrix)
            n_particles = len(particles_g)
            mse_loss = 0.
            for recon in recons:
                err = (recon - x)
                mse_loss += jnp.mean(jnp.square(err)) 

            kl_z_loss = 0.
            # ? get KL( q(z | G) || P(z|G_i) )
            for i in range(n_particles):
                cov = jnp.diag(jnp.exp(0.5 * q_z_logvars[i]))
                q_z = dist.multivariate_normal.pdf(q_zs[i], q_z_mus[i], cov)
                log_q_z = dist.multivariate_normal.logpdf(q_zs[i], q_z_mus[i], cov)
                kl_z_loss += (q_z * (log_q_z - log_p_z_given_g[i]))

            soft_constraint = 0.
            if opt.soft_constraint is True:
                for g in particles_g:
                    soft_constraint += jnp.linalg.det(jnp.identity(opt.num_nodes) - g)

            loss = (mse_loss + kl_z_loss - soft_constraint) * 1/n_particles
            return loss

        loss = loss_fn(state.params)
    
        # s = time()
        grads = jax.grad(loss_fn)(state.params)
        # print(f'time to get grads {time() - s}s')
        # s = time()
        res = state.apply_gradients(grads=grads)
        # print(f'Time to apply grads {time() - s}s')
        return res, loss

    for step in tqdm(range(opt.steps)):
        key, rng = random.split(key)
        state, loss = train_step(state, x, rng)


def train_decoder_dibs(model, loader_objs, opt, key):
    adjacency_matrix = loader_objs['adj_matrix']
    gt_samples = loader_objs['data']
    x = loader_objs['projected_data']
    
    z_gt = jnp.array(gt_samples) 
    x = jnp.array(x)

    key, rng = random.split(key)
    m = model()
    key, subk = random.split(key)

    particles_z = utils.sample_initial_random_particles(key, opt.n_particles, opt.num_nodes)

    state = train_state.TrainState.create(
        apply_fn=m.apply,
        params=m.init(rng, z_gt, key, particles_z)['params'],
        tx=optax.adam(opt.lr),
    )

    @jax.jit
    def train_step(state, batch, z_rng, particles):
        def loss_fn(params):
            recons, _, _, _, _, particles_g, particles_z, eltwise_log_prob = m.apply({'params': params}, batch, z_rng, particles)
            mse_loss = 0.
            for recon in recons:
                err = (recon - x)
                mse_loss += jnp.mean(jnp.square(err)) 

            loss = (mse_loss) 
            return loss

        _, _, _, _, _, particles_g, particles_z, eltwise_log_prob = m.apply({'params': state.params}, batch, z_rng, particles)
        loss = loss_fn(state.params)
        grads = jax.grad(loss_fn)(state.params)
        res = state.apply_gradients(grads=grads)
        return res, loss, particles_g, particles_z

    for step in range(opt.steps):
        key, rng = random.split(key)
        state, loss, particles_g, particles_z = train_step(state, z_gt, rng, particles_z)

