# Source: https://github.com/gmbabreu/full-gauss-newton/blob/0495d76a34443d596999bc48fbd1158a6f0b6924/EasyLM/models/llama/llama_train_gn_layerwise.py
# Title: EasyLM/models/llama/llama_train_gn_layerwise.py (layer-wise Gauss-Newton training)
# Cut: kept the construction of the per-layer optimizer list; everything else cut
def main(argv):
    # (flags, model and schedule helpers cut)
    layers = ['wte']
    for layer in range(llama_config.num_hidden_layers):
        layers.append(layer)
    # layers.append('ln_f')
    layers.append('lm_head')
    
    all_schedules = []
    all_optimizers = []

    for layer in layers: # initialize optimizers for each layer
        # inner_lr = FLAGS.inner_loop_lr / 10 if layer in ['wte', 'lm_head'] else FLAGS.inner_loop_lr
        lr_sched = get_global_lr_sched(FLAGS.lr_sched, FLAGS.inner_loop_lr, FLAGS.total_steps, FLAGS.inner_loop_iter, FLAGS.global_warmup, FLAGS.inner_loop_warmup, FLAGS.end_lr)
        tayl_solver = build_optimizer(lr_sched, FLAGS.inner_b1, FLAGS.inner_b2, FLAGS.inner_clip_gradient, 
                                      FLAGS.optimizer_wd, FLAGS.optimizer_type, layer=layer)
        all_schedules.append(lr_sched)
        all_optimizers.append(tayl_solver)
