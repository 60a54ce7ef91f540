//pass
//--blockDim=256 --gridDim=16
// mapcheck: exact
// Element-wise binary operation selected by a `switch` on an opcode parameter (as in
// framework "elementwise" kernels). Whatever the case, thread i writes only c[i]; the
// `default` case writes nothing. Uniform control (the opcode is a parameter): race free.

enum Op { OP_ADD = 0, OP_SUB = 1, OP_MUL = 2, OP_MAX = 3 };

__global__ void binary_op(const float *a, const float *b, float *c, int n, int op)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    switch (op) {
    case OP_ADD:
        c[i] = a[i] + b[i];
        break;
    case OP_SUB:
        c[i] = a[i] - b[i];
        break;
    case OP_MUL:
        c[i] = a[i] * b[i];
        break;
    case OP_MAX:
        c[i] = fmaxf(a[i], b[i]);
        break;
    default:
        break;
    }
}
