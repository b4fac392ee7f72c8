# Source: https://github.com/alecbetancourt/JAX-ParamOpt/blob/553d7cc8b31714050938812d3a348421da3361a7/jaxparamopt/optimizer.py
# Title: jaxparamopt/optimizer.py (calculate_loss: force-field fitting loss, jitted in driver.py)
# Cut: kept the head of calculate_loss up to the loop that evaluates each group of structures and the energy term; imports and the energy functions are stubs; the jit is the one from jaxparamopt/driver.py, shown at the bottom.
import jax
import jax.numpy as jnp
import numpy as onp


def calculate_energy_and_charges(positions, structure, nbr_lists, force_field, ff_type, ffq_ff):
  ...


def energy_forces_hessian(positions, structure, nbr_lists, force_field, ff_type, ffq_ff):
  ...


def calculate_loss(force_field,
                    list_positions,
                    list_structure,
                    list_nbr_lists,
                    training_data,
                    return_indiv_error=False,
                    ff_type="reaxff",
                    ffq_ff=None,
                    metric="sse"):
  '''
  Calculate the loss function
  '''
  # create a dictionary to return individual erros if needed
  all_indiv_errors = dict()
  # Required functions for potential energy and force calculations
  if ff_type == "reaxff" or ff_type == "amber":
    # TODO probably a better and more efficient way of doing this
    if isinstance(force_field, list):
      pot_f = jax.vmap(calculate_energy_and_charges, in_axes=(0,0,0,0,None,None))
      pot_w_force_f = jax.vmap(jax.value_and_grad(calculate_energy_and_charges,
                                                has_aux=True),
                            in_axes=(0,0,0,0,None,None))
      pot_w_hessian_f = jax.vmap(energy_forces_hessian, in_axes=(0,0,0,0,None,None))
    else:
      pot_f = jax.vmap(calculate_energy_and_charges, in_axes=(0,0,0,None,None,None))
      pot_w_force_f = jax.vmap(jax.value_and_grad(calculate_energy_and_charges,
                                                has_aux=True),
                            in_axes=(0,0,0,None,None,None))
      pot_w_hessian_f = jax.vmap(energy_forces_hessian, in_axes=(0,0,0,None,None,None))
  elif ff_type == "ambereem":
    pot_f = jax.vmap(calculate_energy_and_charges, in_axes=(0,0,0,0,None,None))
    pot_w_force_f = jax.vmap(jax.value_and_grad(calculate_energy_and_charges,
                                              has_aux=True),
                          in_axes=(0,0,0,0,None,None))
    # TODO remove this section and standardize

  dtype = list_positions[0].dtype

  charge_flag = training_data.charge_items != None
  geo_flag = (training_data.dist_items != None
                    or training_data.angle_items != None
                    or training_data.torsion_items != None)
  force_flag = (training_data.force_items != None
                      or training_data.RMSG_items != None)
  hessian_flag = training_data.hessian_items != None

  # use onp here to not let get these traced by JAX
  list_sizes = onp.array([len(l.name) for l in list_structure])
  total_num_systems = onp.sum(list_sizes)
  atom_counts = onp.array([l.atom_types.shape[1] for l in list_structure])
  max_atom_count = onp.max(atom_counts)

  total_error = 0.0

  all_energy = jnp.zeros(total_num_systems,dtype=dtype)

  # allocate the data structures to store the results
  if charge_flag:
    all_charges = jnp.zeros((total_num_systems, max_atom_count),dtype=dtype)
  if force_flag:
    all_forces = jnp.zeros((total_num_systems, max_atom_count, 3),dtype=dtype)
  if geo_flag:
    all_positions = jnp.zeros((total_num_systems, max_atom_count, 3),dtype=dtype)
  if hessian_flag:
    all_hessians = jnp.zeros((total_num_systems, max_atom_count, max_atom_count, 3, 3),dtype=dtype)

  # evaluate the required observables
  for i in range(len(list_structure)):
    if ff_type == "reaxff":
      list_nbr = list_nbr_lists[i]
      ff = force_field
    elif ff_type == "ambereem":
      list_nbr = []
      ff = force_field[i]
    elif ff_type == "amber":
      list_nbr = [[] for _ in range(len(list_structure[i].name))]
      ff = force_field[i]
    
    if hessian_flag:
      #https://jax.readthedocs.io/en/latest/notebooks/autodiff_cookbook.html#jacobians-and-hessians-using-jacfwd-and-jacrev
      # TODO look into this point in particular to see which method is more efficient.
      # it may also be the case that some datasets would only have hessian information
      # but this seems unlikely so i'm not opposed to this approach

      # TODO how to get forces and hessian in one go?
      (energy, charges), forces, hessian = pot_w_hessian_f(list_positions[i],
                                                list_structure[i],
                                                list_nbr,
                                                ff,
                                                ff_type,
                                                ffq_ff)

      all_forces = all_forces.at[list_structure[i].name,
                                 :atom_counts[i],
                                 :].set(forces)

      natoms = atom_counts[i]

      # details are in the documentation for jax.hessian but the pytree
      # is returned in block format rather than (natoms*3,natoms*3) format
      hess_block = hessian.transpose(0, 1, 3, 2, 4)

      # store into preallocated array
      all_hessians = all_hessians.at[
          list_structure[i].name, :natoms, :natoms, :, :
      ].set(hess_block)
    elif force_flag:
      (energy, charges), forces = pot_w_force_f(list_positions[i],
                                                list_structure[i],
                                                list_nbr,
                                                ff,
                                                ff_type,
                                                ffq_ff)
      all_forces = all_forces.at[list_structure[i].name,
                                 :atom_counts[i],
                                 :].set(forces)
    else:
      energy, charges = pot_f(list_positions[i],
                                list_structure[i],
                                list_nbr,
                                ff,
                                ff_type,
                                ffq_ff)
      # TODO also do some runs under a few situations with config.update("jax_debug_nans") or JAX_DEBUG_NANS=True
      # the issue with nan values propogating to gradients from masked indices is still a consideration
      # TODO should add in some kind of test for loss/force gradients at some point
      # if jnp.any(jnp.isnan/isinf/whatever else) -> error

    charges = charges[:, :atom_counts[i]]
    all_energy = all_energy.at[list_structure[i].name].set(energy)
    if charge_flag:
      all_charges = all_charges.at[list_structure[i].name,
                                   :atom_counts[i]].set(charges)
    if geo_flag:
      all_positions = all_positions.at[list_structure[i].name,
                                 :atom_counts[i],
                                 :].set(list_positions[i])

  if training_data.energy_items != None:
    # TODO add flag for relative energies or separate training item
    # also add print or dump flag for this at every step
    # maybe dump everything into labeled json or hdf file?
    energy_items = training_data.energy_items
    energy_preds = jnp.sum(all_energy[energy_items.sys_inds]
                           * energy_items.multip,axis=1)

    #if args.relative_energy_flag # TODO needed for torsion
    total_error += jnp.sum((energy_items.target - energy_preds) ** 2)
  return total_error


loss_func = jax.jit(calculate_loss, static_argnames=('return_indiv_error','ff_type','metric'))
