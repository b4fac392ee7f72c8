# Source: https://github.com/DesmondZhong/diff_sim_grads/blob/1fa5ccb3f68d1967c4547c1e6e504bff6699472b/task3_two_balls/_two_balls_1_brax.py
# Title: task3_two_balls/_two_balls_1_brax.py (Improving Gradient Computation for Differentiable Physics Simulation with Contacts)
# Cut: create_two_balls_1_system (brax protobuf config of two balls) cut; the result printing shortened.
import numpy as np
import brax
import jax.numpy as jnp
import jax
import os


def print_and_train(cfg, sys, qp_init, dynamics_mode):
    @jax.jit
    def compute_loss(qp_init, ctrls):

        def do_one_step(state, a):
            next_state, _ = sys.step(state, a)
            return (next_state, state)
        qp, qp_history = jax.lax.scan(do_one_step, qp_init, ctrls)
        terminal_loss = qp.pos[1][0] ** 2 + qp.pos[1][1] ** 2
        running_loss = (ctrls[:, 0:2] ** 2).sum() * sys.config.dt
        loss = terminal_loss + cfg.epsilon * running_loss
        return loss

    ctrls = jnp.array([[3., 3., 0.] for _ in range(cfg.large_steps)])

    loss = compute_loss(qp_init, ctrls)

    dldqp, dldctrls = jax.grad(compute_loss, [0, 1])(qp_init, ctrls)
    print(f"loss: {loss}")

    if cfg.is_train:
        print("---------start training------------")
        grad_loss = jax.jit(jax.grad(compute_loss, 1))
        loss_np = []
        for iter in range(cfg.train_iters):
            loss = compute_loss(qp_init, ctrls)
            loss_np.append(loss)
            dldctrls = grad_loss(qp_init, ctrls)
            ctrls -= cfg.learning_rate * dldctrls
            if cfg.verbose:
                print(f"Iter: {iter}, loss: {loss}")
        print("---------finish training------------")
        # saving
        loss_np = jnp.array(loss_np)
        save_dir = os.path.join(cfg.THIS_DIR, cfg.result_dir)
        os.makedirs(save_dir, exist_ok=True)
        jnp.savez(
            os.path.join(save_dir, cfg.name),
            loss=loss_np,
            ctrls=ctrls[:, 0:2]
        )
