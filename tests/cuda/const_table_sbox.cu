//pass
//--blockDim=256 --gridDim=2
// mapcheck: exact
// mapcheck: known-imprecision: data-dependent possibly-racy — a `const` table of more than 64 cells is read as a value in the table's range (0..255), not cell by cell, so that the permutation is not seen
// A 256-entry substitution table in the style of AES's S-box: sbox[i] = (167 i + 13) mod 256,
// a bijection of 0..255 (167 is odd), so the 256 threads of a block write 256 distinct cells
// of the block's row. Race free. mapcheck must not "confirm" a race by choosing the table's
// contents: nobody can write a `const` object.

const unsigned char sbox[256] = {
    13, 180, 91, 2, 169, 80, 247, 158, 69, 236, 147, 58, 225, 136, 47, 214,
    125, 36, 203, 114, 25, 192, 103, 14, 181, 92, 3, 170, 81, 248, 159, 70,
    237, 148, 59, 226, 137, 48, 215, 126, 37, 204, 115, 26, 193, 104, 15, 182,
    93, 4, 171, 82, 249, 160, 71, 238, 149, 60, 227, 138, 49, 216, 127, 38,
    205, 116, 27, 194, 105, 16, 183, 94, 5, 172, 83, 250, 161, 72, 239, 150,
    61, 228, 139, 50, 217, 128, 39, 206, 117, 28, 195, 106, 17, 184, 95, 6,
    173, 84, 251, 162, 73, 240, 151, 62, 229, 140, 51, 218, 129, 40, 207, 118,
    29, 196, 107, 18, 185, 96, 7, 174, 85, 252, 163, 74, 241, 152, 63, 230,
    141, 52, 219, 130, 41, 208, 119, 30, 197, 108, 19, 186, 97, 8, 175, 86,
    253, 164, 75, 242, 153, 64, 231, 142, 53, 220, 131, 42, 209, 120, 31, 198,
    109, 20, 187, 98, 9, 176, 87, 254, 165, 76, 243, 154, 65, 232, 143, 54,
    221, 132, 43, 210, 121, 32, 199, 110, 21, 188, 99, 10, 177, 88, 255, 166,
    77, 244, 155, 66, 233, 144, 55, 222, 133, 44, 211, 122, 33, 200, 111, 22,
    189, 100, 11, 178, 89, 0, 167, 78, 245, 156, 67, 234, 145, 56, 223, 134,
    45, 212, 123, 34, 201, 112, 23, 190, 101, 12, 179, 90, 1, 168, 79, 246,
    157, 68, 235, 146, 57, 224, 135, 46, 213, 124, 35, 202, 113, 24, 191, 102
};

__global__ void substitute(int *out)
{
    out[blockIdx.x * 256 + sbox[threadIdx.x]] = threadIdx.x;
}
