# Source: https://github.com/bishopcurtisj/honeybee/blob/f2798e40c2aee53c1127f11b00956288973c54b3/jax_src/systems/calculations.py
# Title: honeybee - jax_src/systems/calculations.py (market-clearing price by bisection over agent demands)
# Cut: kept calculate_market_price, update_demands and calculate_returns; the demand registry is a
#      parameter instead of a star import. `jnp` is NumPy (import numpy as jnp) and nothing is jitted.
import numpy as jnp

GAMMA_CONSTANTS = [1,1]


def calculate_market_price(agents: jnp.ndarray, supply: float, maximum_supply: float, DEMAND_REGISTRY, start_price: float = 0, min_price: float = 0, max_price: float = 100_000, informed: bool = True) -> float:
    if maximum_supply < supply:
        supply = maximum_supply

    if start_price == 0:
        p = (min_price + max_price)/2
    else:
        p = start_price
    agents = update_demands(p, agents, informed, DEMAND_REGISTRY)

    if supply == 0:
        total_demand = jnp.sum(agents[:,2])
    else:
        total_demand = jnp.sum(agents[agents[:,2]>=0, 2])

    iterations = 0
    while not jnp.allclose(total_demand, supply, rtol=0.15):

        if total_demand < supply:
            max_price = p
        elif total_demand > supply:
            min_price = p
        else:
            return p

        p = (min_price + max_price)/2
        agents = update_demands(p, agents, informed, DEMAND_REGISTRY)
        if supply == 0:
            total_demand = jnp.sum(agents[:,2])
        else:
            total_demand = jnp.sum(agents[agents[:,2]>=0, 2])
        iterations += 1
        if iterations > 10000:
            raise ValueError(f"Price calculation did not converge, current price: {p}, total demand: {total_demand}, supply: {supply}")
    return p


## Pretty confident for loop is the only way, but will reevaluate. Demand Functions should always be pretty simple, so optimization is probably less relevant
def update_demands(price: float, agents: jnp.ndarray, informed: bool, DEMAND_REGISTRY) -> jnp.ndarray:
    """
    Update the demand of a set of agents given a price
    agents should have the following columns:
    [informed, signal, demand, demand_function, demand_function_params...]
    """

    if informed:
        for i in range(len(agents)):
            df = DEMAND_REGISTRY[int(agents[i,3])]()
            agents[i,2] = df(price, agents[i,4:], agents[i,1], GAMMA_CONSTANTS[int(agents[i,0])])
    else:
        for i in range(len(agents)):
            df = DEMAND_REGISTRY[int(agents[i,1])]()

            agents[i,0] = df(price, agents[i,2:])

    return agents


def calculate_returns(agents: jnp.ndarray, market, repetition: int, DEMAND_REGISTRY, informed: bool = True) -> jnp.ndarray:
    market.price = calculate_market_price(agents, market.supply[repetition], market.demand_at_p0, DEMAND_REGISTRY, market.price, informed=informed)
    returns = agents[:,2] * (market.dividends[repetition] - market.price) - market.cost_of_info * agents[:,0]
    return returns
