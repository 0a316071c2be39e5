{{- /*
The kernel of MatrixMul on the tensor cores (CUDA): float64 products
(.p.MMA "f64", compute capability 9.0 and later) computed by warps with the
instruction mma.sync.aligned.m16n8k16.row.col.f64, and float32 products in a
reduced precision (compute capability 8.0 and later), their operands rounded
as the fragments are read from local memory: .p.MMA "tf32" with
mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32, "bf16" and "f16" with
m16n8k16 .bf16 and .f16, accumulating in float32.

Each work-group computes one tile of .p.BlockM × .p.BlockN outputs of one
output matrix, and each of its .p.Items / 32 warps a block of
.p.ItemM × .p.ItemN of it, as .p.TilesM × .p.TilesN products of 16 × 8
outputs. The inner dimension runs in slices of .p.BlockK, loaded, stored
and alternated between two buffers as the kernel of matmul.cl does
(read_slice, store_slice); here the buffers are dynamic shared memory
(LOCAL_BUFFER), more than the 48 KiB static arrays may take, and their rows
are padded by .p.PadM and .p.PadN elements, so that the fragments a warp
reads fall in different banks.

The fragments, for g = lane / 4 and t = lane % 4 (PTX's layouts):
  - m16n8k16 .f64: register r < 8 of A holds row g + 8·(r mod 2) and inner
    index t + 4·(r div 2); register r < 4 of B inner index t + 4·r and
    column g;
  - m16n8k8 .tf32: the same for r < 4 of A and r < 2 of B;
  - m16n8k16 .bf16 and .f16: each register holds two values, the lower
    inner index in its lower half: register r < 4 of A row g + 8·(r mod 2)
    and inner indices 2t + 8·(r div 2) and the next; register r < 2 of B
    inner indices 2t + 8·r and the next, column g;
  - every shape: register c of the outputs row g + 8·(c div 2) and column
    2t + c mod 2.

Render arguments: those of matmul.cl.
*/ -}}

{{- /* The operands' conversions of the reduced precisions. */ -}}
{{- define "mma_conversions" -}}
{{- if eq .p.MMA "tf32" }}
// The float32 value x rounded to TF32, to the nearest, ties away from zero.
WITHIN_KERNEL unsigned int mma_tf32(float x)
{
    unsigned int r;
    asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(r) : "f"(x));
    return r;
}
{{- else if ne .p.MMA "f64" }}
// lo and hi rounded to the nearest {{ if eq .p.MMA "bf16" }}bfloat16{{ else }}half{{ end }} values, lo in the lower half of the result.
WITHIN_KERNEL unsigned int mma_pack(float lo, float hi)
{
    unsigned int r;
    asm("cvt.rn.{{ .p.MMA }}x2.f32 %0, %1, %2;" : "=r"(r) : "f"(hi), "f"(lo));
    return r;
}
{{- end }}
{{- end -}}

{{- /* Multiplies the slice in the local buffer `buf` into acc. */ -}}
{{- define "multiply_slice_mma" -}}
{{- $p := .p }}
{{- if eq $p.MMA "f64" }}
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
{{- else if eq $p.MMA "tf32" }}
    #pragma unroll
    for (int ks = 0; ks < {{ $p.BlockK }}; ks += 8)
    {
        unsigned int fa[{{ $p.TilesM }}][4], fb[{{ $p.TilesN }}][2];
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int r = 0; r < 4; r++)
                fa[i][r] = mma_tf32(tile_a[buf][ks + t + 4 * (r / 2)][wm + i * 16 + g + 8 * (r % 2)]);
        }
        #pragma unroll
        for (int j = 0; j < {{ $p.TilesN }}; j++)
        {
            #pragma unroll
            for (int r = 0; r < 2; r++)
                fb[j][r] = mma_tf32(tile_b[buf][ks + t + 4 * r][wn + j * 8 + g]);
        }
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int j = 0; j < {{ $p.TilesN }}; j++)
                asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 "
                    "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                    : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                    : "r"(fa[i][0]), "r"(fa[i][1]), "r"(fa[i][2]), "r"(fa[i][3]),
                      "r"(fb[j][0]), "r"(fb[j][1]));
        }
    }
{{- else }}
    #pragma unroll
    for (int ks = 0; ks < {{ $p.BlockK }}; ks += 16)
    {
        unsigned int fa[{{ $p.TilesM }}][4], fb[{{ $p.TilesN }}][2];
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int r = 0; r < 4; r++)
            {
                const int kk = ks + 2 * t + 8 * (r / 2), row = wm + i * 16 + g + 8 * (r % 2);
                fa[i][r] = mma_pack(tile_a[buf][kk][row], tile_a[buf][kk + 1][row]);
            }
        }
        #pragma unroll
        for (int j = 0; j < {{ $p.TilesN }}; j++)
        {
            #pragma unroll
            for (int r = 0; r < 2; r++)
            {
                const int kk = ks + 2 * t + 8 * r, col = wn + j * 8 + g;
                fb[j][r] = mma_pack(tile_b[buf][kk][col], tile_b[buf][kk + 1][col]);
            }
        }
        #pragma unroll
        for (int i = 0; i < {{ $p.TilesM }}; i++)
        {
            #pragma unroll
            for (int j = 0; j < {{ $p.TilesN }}; j++)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.{{ $p.MMA }}.{{ $p.MMA }}.f32 "
                    "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                    : "+f"(acc[i][j][0]), "+f"(acc[i][j][1]), "+f"(acc[i][j][2]), "+f"(acc[i][j][3])
                    : "r"(fa[i][0]), "r"(fa[i][1]), "r"(fa[i][2]), "r"(fa[i][3]),
                      "r"(fb[j][0]), "r"(fb[j][1]));
        }
    }
{{- end }}
{{- end -}}

{{- define "matmul_mma" -}}
{{- $p := .p -}}
{{ template "mma_conversions" . }}
LOCAL_BUFFER_SIZE({{ $p.LocalBytes }})
{{ .KernelDeclaration }}
{
    // The slices of both operands, twice, stored with the inner dimension
    // first, in rows padded against bank conflicts.
{{- $e := ctype .compute }}
    LOCAL_BUFFER({{ $e }}, slices, {{ div $p.LocalBytes .compute.Size }});
    {{ $e }} (*const tile_a)[{{ $p.BlockK }}][{{ add $p.BlockM $p.PadM }}] = ({{ $e }} (*)[{{ $p.BlockK }}][{{ add $p.BlockM $p.PadM }}])slices;
    {{ $e }} (*const tile_b)[{{ $p.BlockK }}][{{ add $p.BlockN $p.PadN }}] = ({{ $e }} (*)[{{ $p.BlockK }}][{{ add $p.BlockN $p.PadN }}])(slices + {{ mul 2 $p.BlockK (add $p.BlockM $p.PadM) }});

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
    const {{ $e }} zero = {{ literal .compute 0 }};

    {{ $e }} acc[{{ $p.TilesM }}][{{ $p.TilesN }}][4];
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
