//xfail:data-race
//--blockDim=256 --gridDim=8
// mapcheck: data-dependent
// BFS frontier expansion as in Rodinia's bfs (kernel 1, with the node array split into
// `starting`/`no_of_edges` arrays). Every frontier node scans its edges and, for each
// unvisited neighbour id, writes g_cost[id] and g_updating_graph_mask[id]. Two frontier nodes
// with a common unvisited neighbour write the same cells with no synchronisation: a
// (benign-by-intent, but real) write-write data race. Also, node tid's own g_cost[tid] is read
// while another thread may write it (when tid is someone's unvisited neighbour).

__global__ void bfs_kernel(const int *starting, const int *no_of_edges, const int *g_graph_edges,
                           bool *g_graph_mask, bool *g_updating_graph_mask,
                           const bool *g_graph_visited, int *g_cost, int no_of_nodes)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < no_of_nodes && g_graph_mask[tid]) {
        g_graph_mask[tid] = false;
        for (int i = starting[tid]; i < no_of_edges[tid] + starting[tid]; i++) {
            int id = g_graph_edges[i];
            if (!g_graph_visited[id]) {
                g_cost[id] = g_cost[tid] + 1;
                g_updating_graph_mask[id] = true;
            }
        }
    }
}
