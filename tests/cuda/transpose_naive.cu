//pass
//--blockDim=[16,16] --gridDim=[8,4]
// mapcheck: exact
// Naive transpose straight from global memory: odata[x * height + y] = idata[y * width + x]
// with width = 128 columns and height = 64 rows (the grid covers exactly the matrix). The
// map (x, y) -> x * height + y is injective for y < height: race free (and uncoalesced).

#define WIDTH 128
#define HEIGHT 64

__global__ void transposeNaive(float *odata, const float *idata)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < WIDTH && y < HEIGHT)
        odata[x * HEIGHT + y] = idata[y * WIDTH + x];
}
