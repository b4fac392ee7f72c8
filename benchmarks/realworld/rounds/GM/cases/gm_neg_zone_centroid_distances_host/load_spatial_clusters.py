# Source: https://github.com/atzheng/or-gymnax/blob/8d24e0de9df336749ae6b231a5f9fceb6efa2ed2/scripts/dn-rideshare-pricing.py
# Title: scripts/dn-rideshare-pricing.py, load_spatial_clusters (zone centroids and pairwise distances)
# Cut: only load_spatial_clusters and its imports; the JAX experiment code that consumes `dist` is in the same script and omitted.
import jax
from jax import numpy as jnp
import pandas as pd
import numpy as np
import haversine


def load_spatial_clusters():
    zones = pd.read_parquet("taxi-zones.parquet")
    unq_zones, unq_zone_ids = np.unique(zones["zone"], return_inverse=True)
    zones["zone_id"] = unq_zone_ids
    nodes = pd.read_parquet("manhattan-nodes.parquet")
    nodes["lng"] = nodes["lng"].astype(float)
    nodes["lat"] = nodes["lat"].astype(float)
    nodes_zones = nodes.merge(zones, on="osmid")

    centroids = nodes_zones.groupby("zone_id").aggregate(
        {"lat": "mean", "lng": "mean"}
    )
    dist = np.zeros((len(centroids), len(centroids)))
    for i in range(len(centroids)):
        for j in range(len(centroids)):
            dist[i, j] = haversine.haversine(
                (centroids.iloc[i]["lat"], centroids.iloc[i]["lng"]),
                (centroids.iloc[j]["lat"], centroids.iloc[j]["lng"]),
            )
    return nodes_zones, dist


