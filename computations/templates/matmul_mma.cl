{{- /*
The kernel of MatrixMul on the FP64 tensor cores (CUDA, compute capability
9.0 and later): float64 products, computed by warps with the instruction
mma.sync.aligned.m16n8k16.row.col.f64.

Each work-group computes one tile of .p.BlockM × .p.BlockN outputs of one
output matrix, and each of its .p.Items / 32 warps a block of
.p.ItemM × .p.ItemN of it, as .p.TilesM × .p.TilesN products of 16 × 8
outputs. The inner dimension runs in slices of .p.BlockK, loaded, stored
and alternated between two buffers as the kernel of matmul.cl does
(read_slice, store_slice); here the buffers are dynamic shared memory
(LOCAL_BUFFER), more than the 48 KiB static arrays may take, and their rows
are padded by .p.PadM and .p.PadN elements, so that the fragments a warp
reads fall in different banks.

The fragments, for g = lane / 4 and t = lane % 4 (PTX's layout of the
m16n8k16 .f64 shape): register r of A holds row g + 8·(r mod 2) and inner
index t + 4·(r div 2); register r of B inner index t + 4·r and column g;
register c of the outputs row g + 8·(c div 2) and column 2t + c mod 2.

Render arguments: those of matmul.cl.
*/ -}}

{{- /* Multiplies the slice in the local buffer `buf` into acc. */ -}}
{{- define "multiply_slice_mma" -}}
{{- $p := .p }}
    #pragma unroll
    for (int ks = 0; ks < {{ $p.BlockK }}; ks += 16)
    {
        double fa[{{ $p.TilesM }}][8], fb[{{ $p.TilesN }}][4];
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int r = 0; r < 8; r++)
                fa[i][r] = tile_a[buf][ks + t + 4 * (r / 2)][wm + i * 16 + g + 8 * (r % 2)];
        }
        #pragma unroll
        for (int j = 0; j < {{ $p.TilesN }}; j++)
        {
            #pragma unroll
            for (int r = 0; r < 4; r++)
                fb[j][r] = tile_b[buf][ks + t + 4 * r][wn + j * 8 + g];
        }
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int j = 0; j < {{ $p.TilesN }}; j++)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 "
                    "{%0, %1, %2, %3}, {%4, %5, %6, %7, %8, %9, %10, %11}, {%12, %13, %14, %15}, {%0, %1, %2, %3};"
                    : "+d"(acc[i][j][0]), "+d"(acc[i][j][1]), "+d"(acc[i][j][2]), "+d"(acc[i][j][3])
                    : "d"(fa[i][0]), "d"(fa[i][1]), "d"(fa[i][2]), "d"(fa[i][3]),
                      "d"(fa[i][4]), "d"(fa[i][5]), "d"(fa[i][6]), "d"(fa[i][7]),
                      "d"(fb[j][0]), "d"(fb[j][1]), "d"(fb[j][2]), "d"(fb[j][3]));
        }
    }
{{- end -}}

{{- define "matmul_mma" -}}
{{- $p := .p -}}
LOCAL_BUFFER_SIZE({{ $p.LocalBytes }})
{{ .KernelDeclaration }}
{
    // The slices of both operands, twice, stored with the inner dimension
    // first, in rows padded against bank conflicts.
    LOCAL_BUFFER(double, slices, {{ div $p.LocalBytes 8 }});
    double (*const tile_a)[{{ $p.BlockK }}][{{ add $p.BlockM $p.PadM }}] = (double (*)[{{ $p.BlockK }}][{{ add $p.BlockM $p.PadM }}])slices;
    double (*const tile_b)[{{ $p.BlockK }}][{{ add $p.BlockN $p.PadN }}] = (double (*)[{{ $p.BlockK }}][{{ add $p.BlockN $p.PadN }}])(slices + {{ mul 2 $p.BlockK (add $p.BlockM $p.PadM) }});

    // The launch holds whole work-groups only: every work-item that stays
    // reaches the barriers.
    VIRTUAL_SKIP_THREADS;
    const int lid = virtual_local_id(0);
    const int lane = lid % 32, warp = lid / 32;
    const int wm = (warp / {{ div $p.BlockN $p.ItemN }}) * {{ $p.ItemM }};
    const int wn = (warp % {{ div $p.BlockN $p.ItemN }}) * {{ $p.ItemN }};
    const int g = lane / 4, t = lane % 4;
    const VSIZE_T group = virtual_group_id(0);
    const VSIZE_T batch = group / {{ mul $p.GroupsM $p.GroupsN }};
    const VSIZE_T tile = group % {{ mul $p.GroupsM $p.GroupsN }};
    const VSIZE_T row0 = (tile / {{ $p.GroupsN }}) * {{ $p.BlockM }};
    const VSIZE_T col0 = (tile % {{ $p.GroupsN }}) * {{ $p.BlockN }};
    const double zero = 0.0;

    double acc[{{ $p.TilesM }}][{{ $p.TilesN }}][4];
    #pragma unroll
    for (int i = 0; i < {{ $p.TilesM }}; i++)
    {
        #pragma unroll
        for (int j = 0; j < {{ $p.TilesN }}; j++)
        {
            #pragma unroll
            for (int c = 0; c < 4; c++)
                acc[i][j][c] = zero;
        }
    }
{{- template "slices" . }}

    #pragma unroll
    for (int i = 0; i < {{ $p.TilesM }}; i++)
    {
        #pragma unroll
        for (int j = 0; j < {{ $p.TilesN }}; j++)
        {
            #pragma unroll
            for (int c = 0; c < 4; c++)
            {
                const VSIZE_T row = row0 + wm + i * 16 + g + 8 * (c / 2);
                const VSIZE_T col = col0 + wn + j * 8 + 2 * t + c % 2;
                {{ template "inside" (dict "first" "row" "firstSize" .m "firstEdge" .p.EdgeM "second" "col" "secondSize" .n "secondEdge" .p.EdgeN) }}
                    {{ template "store_output_of" (dict "r" . "v" "acc[i][j][c]") }};
            }
        }
    }
}
{{- end -}}
