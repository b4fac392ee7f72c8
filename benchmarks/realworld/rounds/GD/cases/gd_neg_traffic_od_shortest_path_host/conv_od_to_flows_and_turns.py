# Source: https://github.com/pyrddlgym-project/pyRDDLGym/blob/f77a784870246f57f7257b9660c6cec1fc6f1497/pyRDDLGym/Examples/Traffic/Calibration/conv_od_to_flows_and_turns.py
# Title: pyRDDLGym/Examples/Traffic/Calibration/conv_od_to_flows_and_turns.py
# Cut: kept prepare_shortest_path_assignment (networkx shortest paths, run once on the host) and the jax OD-to-flows conversion used inside the differentiated reward; test block dropped.
import numpy as np
import jax
import jax.numpy as jnp
import networkx as nx

def prepare_shortest_path_assignment(myEnv):
    model = myEnv.model
    init_state_subs = myEnv.sampler.subs

    intersections = model.objects['intersection']
    links = model.objects['link']
    link_from = init_state_subs['LINK-FROM'].T
    link_to = init_state_subs['LINK-TO']
    link_len = init_state_subs['Dl']
    link_turns = init_state_subs['TURN']
    sink = init_state_subs['SINK']
    source = init_state_subs['SOURCE']

    DG = nx.DiGraph()
    DG.add_nodes_from(intersections)

    srcs, sinks = [], []
    for Li, (L, fr, to, len_, sink, src) in enumerate(zip(links, link_from, link_to, link_len, sink, source)):
        if sink:
            DG.add_node(L)
            fr_idx = fr.nonzero()[0][0]
            DG.add_edge(f'i{fr_idx}', L, idx=Li, len=len_)
            sinks.append(L)
        elif src:
            DG.add_node(L)
            to_idx = to.nonzero()[0][0]
            DG.add_edge(L, f'i{to_idx}', idx=Li, len=len_)
            srcs.append(L)
        else:
            fr_idx = fr.nonzero()[0][0]
            to_idx = to.nonzero()[0][0]
            DG.add_edge(f'i{fr_idx}', f'i{to_idx}', idx=Li, len=len_)


    def parse_as_edge_path(path, link_turns):
        edge_path = tuple(DG[v0][v1]['idx'] for v0, v1 in zip(path, path[1:]))
        for ei0, ei1 in zip(edge_path, edge_path[1:]):
            if not link_turns[ei0, ei1]:
                # A path in the graph may not be valid if, for example, it contains
                # disallowed U-turns
                return None
        return edge_path

    turn_flow_matrix = np.zeros(shape=(len(srcs), len(sinks), len(links), len(links)))
    for srci, src in enumerate(srcs):
        for snki, snk in enumerate(sinks):
            valid_edge_paths = []
            for path in nx.all_shortest_paths(DG, src, snk, weight='len'):
                edge_path = parse_as_edge_path(path, link_turns)
                if edge_path is not None:
                    valid_edge_paths.append(edge_path)

            if len(valid_edge_paths) == 0:
                continue

            alpha = 1/len(valid_edge_paths)
            for edge_path in valid_edge_paths:
                for e0i, e1i in zip(edge_path, edge_path[1:]):
                    turn_flow_matrix[srci, snki, e0i, e1i] += alpha

    return srcs, sinks, turn_flow_matrix


def convert_od_to_flows_and_turn_props_jax(od, turn_flow_matrix):
    # The first coordinate should be the batch index
    inflows = jnp.sum(od, axis=2)
    turn_flows = jnp.einsum('bij,bijkl->bkl', od, turn_flow_matrix)
    turn_props = turn_flows / (jnp.sum(turn_flows, axis=2) + 1e-8)[..., jnp.newaxis]
    return inflows, turn_props
