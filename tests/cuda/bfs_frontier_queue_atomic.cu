//pass
//--blockDim=256 --gridDim=8
// mapcheck: data-dependent
// Level-synchronous BFS with an explicit output queue (Harish & Narayanan / Merrill style):
// each thread takes one vertex of the current frontier, claims each unlabelled neighbour with
// atomicCAS on its label, and appends claimed vertices to the next frontier at a slot
// reserved with atomicAdd on the queue tail. Labels and the tail are only touched atomically;
// each reserved slot is distinct (atomicAdd returns distinct old values), so the plain writes
// to next_frontier never collide; the frontier, row offsets and columns are only read.
// Race free for every graph — though a checker that treats atomic results as arbitrary cannot
// see that the slots differ.

__global__ void bfs_expand(const int *frontier, int frontier_size, const int *row_offsets,
                           const int *column_indices, int *labels, int *next_frontier,
                           int *next_size, int level)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= frontier_size)
        return;
    int v = frontier[tid];
    for (int e = row_offsets[v]; e < row_offsets[v + 1]; ++e) {
        int u = column_indices[e];
        if (atomicCAS(&labels[u], -1, level + 1) == -1) {
            int slot = atomicAdd(next_size, 1);
            next_frontier[slot] = u;
        }
    }
}
