# Source: https://github.com/actuarialopensource/python-notebooks/blob/4ac564e8afdbc12569805080ed4546dc2542d466/learn/jax_notes_1.ipynb
# Title: actuarialopensource python-notebooks - learn/jax_notes_1.ipynb (select/ultimate mortality lookup)
# Cut: cells 2-12 converted to a script; jaxtyping annotations dropped. The list comprehensions over
#      the mortality-table ids of one pymort collection run once, in __init__, on the host.
import jax
import jax.numpy as jnp
from pymort import getIdGroup, MortXML
import equinox as eqx


class GetQ(eqx.Module):
  select: jnp.ndarray
  ultimate: jnp.ndarray

  def __init__(self, collection_id: int):
    ids = getIdGroup(collection_id).ids
    self.select = jnp.array([MortXML(id).Tables[0].Values.unstack().values for id in ids])
    self.ultimate = jnp.array([MortXML(id).Tables[1].Values.unstack().values for id in ids])

  def __call__(self, table_index, issue_age, duration_projected):
    return jnp.where(
        duration_projected < self.select.shape[-1],
        self.select[table_index, issue_age - 18, duration_projected], # offset because jax arrays are 0-indexed
        self.ultimate[table_index, (issue_age - 18) + duration_projected],
    )

get_q = GetQ(3299)


class ModelPoints(eqx.Module):
  mortality_table_index: jnp.ndarray
  issue_age: jnp.ndarray
  duration: jnp.ndarray
  face: jnp.ndarray

  def projected_q(self, timesteps: int):
    """
    Get the mortality rates q for the policies across time.
    """
    time_axis = jnp.arange(timesteps)[:, jnp.newaxis]
    duration_projected = time_axis + self.duration
    return get_q(self.mortality_table_index, self.issue_age, duration_projected)


mortality_table_index = jnp.arange(10)
duration = jnp.arange(1)
issue_age = jnp.arange(18, 51)
mortality_table_index, duration, issue_age = [x.flatten() for x in jnp.meshgrid(mortality_table_index, duration, issue_age)]
face = jnp.ones_like(issue_age) * 1_000_000
mp = ModelPoints(mortality_table_index, issue_age, duration, face)

timesteps = 20
q = mp.projected_q(timesteps)
# jnp.cumprod uses parallel prefix sum
npx = jnp.concatenate([jnp.ones((1, q.shape[1])), jnp.cumprod(1-q, axis=0)[:-1]])


def reserves(expected_claims, expected_premiums, v: float):
  discounts_boy = v ** jnp.arange(timesteps)[:, jnp.newaxis]
  discounts_eoy = v * discounts_boy
  discounted_expected_claims = expected_claims * discounts_eoy
  discounted_expected_premiums = expected_premiums * discounts_boy
  net_cashflows = discounted_expected_claims - discounted_expected_premiums
  reserves = jax.lax.cumsum(net_cashflows, reverse=True)
  return jnp.sum(reserves, axis=1)
