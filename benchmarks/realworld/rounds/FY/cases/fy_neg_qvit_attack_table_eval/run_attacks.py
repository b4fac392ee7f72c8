# Source: https://github.com/nguyenquocviet2005/QDL/blob/9484504b9670d2a8fb2d237ab87ba604b5786c6d/QVAA/CIFAR/qvt_cifar_adversarial.py
# Title: QVAA/CIFAR/qvt_cifar_adversarial.py (__main__: loop over the attack table)
# Cut: the __main__ block with the attack table and the loop over it; the attacks, data loading and
#      training helpers are imported; the long comments are shortened.
from qvit_parts import create_patches, PATCH_SIZE_CIFAR, load_cifar10_data_raw, get_trained_qvit_params_and_model
from qvit_parts import FGSM, PGD, MIM, APGD, SA
from evaluate import evaluate_qvit_on_images

if __name__ == "__main__":
    N_TEST_SAMPLES = 200  # Number of test samples for adversarial attacks
    
    print(f"Loading {N_TEST_SAMPLES} CIFAR-10 test samples for adversarial evaluation...")
    x_test_images_jax, y_test_one_hot_jax = load_cifar10_data_raw(n_samples=N_TEST_SAMPLES, train=False, batch_size=N_TEST_SAMPLES)
    print(f"CIFAR-10 Test data loaded: images shape {x_test_images_jax.shape}, labels shape {y_test_one_hot_jax.shape}")

    # Get (minimally) trained QViT model and parameters for CIFAR-10
    qvit_params, qvit_model_instance = get_trained_qvit_params_and_model(
        n_train_subset=10000, n_epochs_subset=20, batch_size_train=64
    )

    # Define model function for attacks that use gradients (FGSM, PGD, MIM, APGD)
    # These expect model_fn(params, x_images_batch) -> logits
    # Ensure create_patches inside uses CIFAR patch size
    def qvit_model_fn_for_grad_attacks(params_model, x_images_input):
        x_patches_input = create_patches(x_images_input, patch_size=PATCH_SIZE_CIFAR)
        return qvit_model_instance(x_patches_input, params_model)

    # Define model function for SA attacks
    # SA expects model_fn(x_images_batch) -> logits. Params are bound from the outer scope.
    # Note: SA implementation provided does not actually use this model_fn's output.
    def qvit_model_fn_for_sa_attack(x_images_input):
        x_patches_input = create_patches(x_images_input, patch_size=PATCH_SIZE_CIFAR)
        return qvit_model_instance(x_patches_input, qvit_params) # qvit_params from main scope

    # Evaluate clean accuracy on QViT for CIFAR-10
    print("Evaluating clean accuracy on QViT (CIFAR-10)...")
    _, acc_clean = evaluate_qvit_on_images(qvit_model_instance, qvit_params, x_test_images_jax, y_test_one_hot_jax)
    print(f"Clean accuracy on QViT (CIFAR-10): {acc_clean:.4f}")

    # Configure attacks (eps, alpha, steps might need dataset-specific tuning)
    eps_val = 8/255 # A common starting point for images in [0,1]
    alpha_val = 2/255 # Common PGD step size, often eps/steps_val or similar
    steps_val = 10 # Number of PGD/MIM/APGD steps


    attacks_config = [
        {"name": "FGSM", "func": FGSM, "params": {"eps": eps_val}, "uses_grad_model_fn": True},
        {"name": "PGD", "func": PGD, "params": {"eps": eps_val, "alpha": alpha_val, "steps": steps_val}, "uses_grad_model_fn": True},
        {"name": "MIM", "func": MIM, "params": {"eps": eps_val, "alpha": alpha_val, "steps": steps_val, "decay": 1.0}, "uses_grad_model_fn": True},
        {"name": "APGD", "func": APGD, "params": {"eps": eps_val, "alpha": alpha_val, "steps": steps_val}, "uses_grad_model_fn": True},
        {"name": "SA", "func": SA, "params": {"eps": eps_val, "num_iters": steps_val, "p":0.05, "seed":0}, "uses_grad_model_fn": False}, # SA p might need adjustment for 32x32
    ]

    for attack_item in attacks_config:
        attack_name = attack_item["name"]
        attack_callable = attack_item["func"]
        attack_params_dict = attack_item["params"]
        
        print(f"--- Applying {attack_name} attack on QViT (CIFAR-10) ---")
        
        current_x_test_batch = x_test_images_jax # Using the full test batch loaded
        current_y_test_batch = y_test_one_hot_jax

        if attack_item["uses_grad_model_fn"]:
            x_adv = attack_callable(qvit_model_fn_for_grad_attacks, qvit_params, current_x_test_batch, current_y_test_batch, **attack_params_dict)
        else: # For SA
            # SA's first arg is model_fn, but it's not used by the current SA implementation.
            # Pass y_one_hot as it's in the signature, though also not used.
            x_adv = attack_callable(qvit_model_fn_for_sa_attack, current_x_test_batch, current_y_test_batch, **attack_params_dict)
            
        print(f"Evaluating QViT on {attack_name} adversarial examples (CIFAR-10)...")
        _, acc_adv = evaluate_qvit_on_images(qvit_model_instance, qvit_params, x_adv, current_y_test_batch)
        
        asr = 1.0 - acc_adv  # Attack Success Rate
        robustness_gap = acc_clean - acc_adv

        print(f"Adversarial accuracy ({attack_name}, CIFAR-10): {acc_adv:.4f}")
        print(f"Attack Success Rate ({attack_name}, CIFAR-10): {asr:.4f}")
        print(f"Robustness Gap ({attack_name}, CIFAR-10): {robustness_gap:.4f}")

