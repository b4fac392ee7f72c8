# Source: https://github.com/gmbabreu/full-gauss-newton/blob/0495d76a34443d596999bc48fbd1158a6f0b6924/EasyLM/models/llama/llama_train_gn.py
# Title: EasyLM/models/llama/llama_train_gn.py (full Gauss-Newton outer loop for LLaMA)
# Cut: kept the loss, the jitted loss used by the line search and the outer training loop (inner GN steps, host-side line search over step sizes and prefetched batches); flags, sharding setup, checkpointing, logging and evaluation cut
import jax
import jax.numpy as jnp
from jax import linearize, linear_transpose
from jax.experimental.pjit import pjit
from jax.sharding import PartitionSpec as PS
from flax.training.train_state import TrainState
from transformers import AutoTokenizer
from flax.traverse_util import flatten_dict, unflatten_dict


def main(argv):
    # (flags, model, optimizer and pjit setup cut)
    def loss_fn(params, batch, rng):
        rng_generator = JaxRNG(rng)

        logits = model.apply(
            params, batch['input_tokens'], deterministic=False,
            rngs=rng_generator(LLaMAConfigurator.rng_keys()),
        ).logits
        return cross_entropy_loss_and_accuracy(
            logits, batch['target_tokens'], batch['loss_masks']
        )

    parallel_loss_fn = jax.jit(loss_fn)

    with mesh:
        sharded_rng = next_rng()

        step_counter = trange(start_step, FLAGS.total_steps, ncols=0)

        inner_state = create_trainstate_from_params(train_state.params)
        dataset = iter(dataset)

        for step in step_counter:
            print("step", step, "param norm", global_norm(train_state.params), flush=True)

            if FLAGS.reset_start:
                inner_state = inner_state.replace(
                    params=train_state.params,
                    opt_state=tayl_solver.init(train_state.params)
                )

            for i in range(FLAGS.inner_loop_iter):
                batch_, dataset_metrics_ = next(dataset)
                batch = jax.tree.map(
                    lambda x: jax.lax.with_sharding_constraint(x, PS(('dp', 'fsdp'))),
                    batch_
                )
                inner_state, sharded_rng, metrics = sharded_train_step(
                    inner_state, train_state.params, sharded_rng, batch, FLAGS.inner_loop_wd
                )

                if FLAGS.log_inner_steps:
                    log_metrics = {"inner_step": step*FLAGS.inner_loop_iter + i}
                    log_metrics['inner_loss'] = metrics['loss']
                    log_metrics['inner_gradient_norm'] = metrics['gradient_norm']
                    log_metrics['inner_param_norm'] = metrics['param_norm']
                    log_metrics['inner_gpu_memory'] = metrics['gpu_memory']
                    log_metrics['inner_learning_rate'] = metrics['learning_rate']
                    wandb.log(log_metrics)

                if FLAGS.weight_average and not FLAGS.linesearch: # for linesearch, do ema in outer loop
                    alpha = FLAGS.weight_average_decay
                    ema = jax.tree_util.tree_map(lambda x, y: alpha*x + (1-alpha)*y, ema, inner_state.params)

            # train_state = train_state.replace(params=jax.device_get(inner_state.params), step=step)

            if FLAGS.linesearch:
                    
                exit = False
                pre_fetched_batches = []
                for _ in range(FLAGS.inner_loop_iter): # new data
                    try:
                        batch, _ = next(dataset)
                        pre_fetched_batches.append(batch)
                    except StopIteration:
                        print('Dataset exhausted')
                        exit = True
                        break
                
                if exit:
                    break
                # loss_partial = partial(compute_average_loss, dataset=dataset, rng=sharded_rng, loss_fn=loss_fn, batch_accumulation_steps=FLAGS.inner_loop_iter*gradient_accumulation_steps)
                dir = jax.tree_util.tree_map(lambda x, y: x - y, inner_state.params, train_state.params)
                losses = []
                for step_size in [1/jnp.sqrt(2)**i for i in range(FLAGS.ls_range)]:
                    # Compute loss using pre-fetched batches
                    updated_params = jax.tree_util.tree_map(lambda x, y: x + step_size*y, train_state.params, dir)
                    accumulated_loss = 0.0
                    for batch in pre_fetched_batches:
                        sharded_rng, subrng = jax.random.split(sharded_rng)
                        loss, _ = parallel_loss_fn(updated_params, batch, subrng)
                        accumulated_loss += loss
                    
                    average_loss = accumulated_loss / len(pre_fetched_batches)
                    losses.append((step_size, average_loss))
                step_size, loss = min(losses, key=lambda x: x[1])
                step_size = jax.device_get(step_size)
                print('Step size:', step_size)
                wandb.log({
                    'step_size': step_size,
                    'global_step': step,
                    })
                # for (_step_size, _loss) in losses:
                #     tag = f"{_step_size:.4f}"    
                #     wandb.log({
                #         f"step_size_{tag}_loss": _loss,
                #         "global_step": global_step,
                #     })
                updated_params = jax.tree_util.tree_map(lambda x, y: x + step_size*y, train_state.params, dir)
                train_state = train_state.replace(
                    step=train_state.step+1,
                    opt_state=inner_state.opt_state,
                    params=updated_params,
                    warmstart_params=inner_state.params, # store the new params for the next iteration
                )
                
                if FLAGS.weight_average:
                    alpha = FLAGS.weight_average_decay
                    ema = jax.tree_util.tree_map(lambda x, y: alpha*x + (1-alpha)*y, ema, updated_params)
            else:
                train_state = train_state.replace(
                    step=train_state.step+1,
                    opt_state=inner_state.opt_state,
                    params=inner_state.params
                )
