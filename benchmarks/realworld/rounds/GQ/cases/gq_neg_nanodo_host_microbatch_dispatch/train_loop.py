# Source: https://github.com/google-deepmind/nanodo/blob/10aefdeed40a63293daf112b91a5538cd24fa3a4/nanodo/train.py
# Title: nanodo nanodo/train.py (train_and_evaluate: step loop with microbatch dispatch)
# Cut: mesh/state/dataset setup, eval and checkpoint closures reduced to callables passed in; the step loop kept as written
from absl import logging


def train_and_evaluate_loop(c, trainer, train_iter, hooks, _eval, _checkpoint, _process_metrics):
  # For multistep gradient accumulator to simulate large batch sizes.
  grad_accumulation_steps = c.get("grad_accumulation_steps", 1)
  micro_batch_size, r = divmod(c.batch_size, grad_accumulation_steps)
  if r:
    raise ValueError(
        "Batch size must be divisible by the gradient accumulation steps."
    )

  pending_microbatch_metrics = []
  for step in range(trainer.step, c.opt.num_train_steps + 1):
    is_final_step = step == c.opt.num_train_steps
    if step % c.eval_every_steps == 0 or is_final_step:
      _eval()
    if step % c.checkpoint_every_steps == 0 or is_final_step:
      _checkpoint()

    for h in hooks:
      h(step)

    # Schedule this step's tasks.
    # Initialize metrics for microbatch accumulation.
    new_microbatch_metrics = []
    for _ in range(grad_accumulation_steps):
      try:
        in_BxL = next(train_iter)
      except StopIteration:
        logging.warning("Ran out of data at step %d. Stopping.", step)
        break
      # Async dispatch next step.
      new_microbatch_metrics.append(trainer.do_step(step, in_BxL))

    # Download to host and process the previous step's metrics after having
    # asynchronously dispatched the new step.
    _process_metrics(step - 1, pending_microbatch_metrics)
    pending_microbatch_metrics = new_microbatch_metrics
  # Download to host and process the final step's metrics.
  _process_metrics(c.opt.num_train_steps, pending_microbatch_metrics)
