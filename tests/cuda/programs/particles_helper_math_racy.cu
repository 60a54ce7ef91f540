//xfail:data-race
//--blockDim=64 --gridDim=2
// mapcheck: exact
// `particles_helper_math.cu` with a smoothing step that reads the next particle's velocity:
// thread i reads vel[i + 1] (for i + 1 < n) and writes vel[i], and thread i + 1 writes
// vel[i + 1] with nothing ordering the two (no barrier; across blocks none is possible): a
// read-write race on `vel`, for example between threads 0 and 1 of block 0 on vel[1].
#include <helper_math.h>
#include "common.h"

__global__ void integrate(float4 *pos, float3 *vel, const float4 *forces, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float3 p = make_float3(pos[i]);
    float3 v = vel[i];
    if (i + 1 < n)
        v = lerp(v, vel[i + 1], 0.25f);
    float3 f = make_float3(forces[i]);
    v += f * dt;
    v = lerp(v, normalize(v) * length(v), 0.5f);
    p += v * dt;
    p = clamp(p, -1.0f, 1.0f);
    float speed = dot(v, v);
    vel[i] = v;
    pos[i] = make_float4(p, speed);
}

int main(void)
{
    int n = 128;
    float4 *h_pos = (float4 *)malloc(n * sizeof(float4));
    float3 *h_vel = (float3 *)calloc(n, sizeof(float3));
    float4 *h_f = (float4 *)malloc(n * sizeof(float4));
    for (int i = 0; i < n; i++) {
        h_pos[i] = make_float4(rand() / (float)RAND_MAX, 0.0f, 0.0f, 1.0f);
        h_f[i] = make_float4(0.0f, -9.8f, 0.0f, 0.0f);
    }
    float4 *d_pos, *d_f;
    float3 *d_vel;
    CHECK(cudaMalloc(&d_pos, n * sizeof(float4)));
    CHECK(cudaMalloc(&d_vel, n * sizeof(float3)));
    CHECK(cudaMalloc(&d_f, n * sizeof(float4)));
    CHECK(cudaMemcpy(d_pos, h_pos, n * sizeof(float4), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_vel, h_vel, n * sizeof(float3), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, h_f, n * sizeof(float4), cudaMemcpyHostToDevice));
    for (int step = 0; step < 10; step++)
        integrate<<<(n + THREADS - 1) / THREADS, THREADS>>>(d_pos, d_vel, d_f, 0.01f, n);
    CHECK(cudaMemcpy(h_pos, d_pos, n * sizeof(float4), cudaMemcpyDeviceToHost));
    printf("pos[0] = (%f, %f, %f)\n", h_pos[0].x, h_pos[0].y, h_pos[0].z);
    cudaFree(d_pos);
    cudaFree(d_vel);
    cudaFree(d_f);
    free(h_pos);
    free(h_vel);
    free(h_f);
    return 0;
}
