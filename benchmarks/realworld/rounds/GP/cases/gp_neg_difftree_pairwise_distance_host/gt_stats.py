# Source: https://github.com/ramithuh/diff-evol-tree-search/blob/0366c91e20c74aca0e52f61a912a809f32c6c042/gt_stats.py
# Title: gt_stats.py (statistics of the generated ground-truth leaves: pairwise distance matrix)
# Cut: argument parsing and wandb/plotting removed; the script body wrapped in main() with the
#      author's variable names; the distance loops kept as written (they run eagerly on the CPU).
import jax
## use cpu for the time being, let's see whether user requested a gpu later.
jax.config.update("jax_default_device", jax.devices("cpu")[0])
import jax.numpy as jnp

from gt_tree_gen import generate_groundtruth


def compute_distance(seq1, seq2, cost_mat):
    return jnp.sum(cost_mat[seq1.astype(int),seq2.astype(int)])


def main(metadata, args):
    n_leaves = metadata['n_leaves']
    key = jax.random.PRNGKey(args['seed'])

    #### Generate the groundtruth tree and sequences
    seqs, gt_seqs, tree = generate_groundtruth(metadata, args['seed'])

    #### Shuffle the sequences if requested
    if(args['shuffle_seqs']):
        shuffled_leaves = jax.random.permutation(key, seqs[0:n_leaves], independent=False)
        seqs = seqs.at[0:n_leaves].set(shuffled_leaves)

    cost_matrix = jnp.ones((metadata['n_letters'],metadata['n_letters'])) - jnp.identity(metadata['n_letters']).astype(jnp.float64)

    print("Sequences: (truncated to 20 characters)")
    arr = []
    for i in range(0,n_leaves):
        print(f"{i} -> {seqs[i][:20]}")

        arr.append(str(i))

    ## Compute distance matrix
    distance_mat = jnp.zeros((n_leaves, n_leaves))
    for i in range(0, n_leaves):
        for j in range(i+1, n_leaves):
            distance_mat = distance_mat.at[i,j].set(compute_distance(seqs[i], seqs[j], cost_matrix))
            distance_mat = distance_mat.at[j,i].set(distance_mat[i,j])

    print(distance_mat)
    print(arr)
    return distance_mat
