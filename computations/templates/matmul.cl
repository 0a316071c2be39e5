{{- /*
The kernel of MatrixMul: output = matrix_a · matrix_b over the last two
axes, for every matrix of the batch.

Each work-group computes one tile of .p.BlockM × .p.BlockN outputs of one
output matrix; its .p.Items work-items hold .p.ItemM × .p.ItemN outputs
each in registers. The inner dimension runs in .p.Slices slices of
.p.BlockK: the work-group loads a slice of matrix_a (BlockM × BlockK) and
one of matrix_b (BlockK × BlockN) into local memory, stored with the inner
dimension first, and every work-item multiplies its rows of the one by its
columns of the other. Two buffers of local memory alternate: the next
slice is read from global memory into registers before the current one is
multiplied, and stored into the other buffer after, so that one barrier a
slice separates them.

A work-item's rows are .p.ItemM/.p.VecM runs of .p.VecM consecutive rows,
BlockM/ItemM·VecM rows apart, read from local memory as one vector each
(the same for columns): work-items next to each other read neighbouring
vectors, and the loads of a warp fall in few memory transactions.

The launch is one-dimensional: .p.Groups work-groups of .p.Items items,
ordered by batch, then tile row, then tile column.

Render arguments: .p (the plan), .m, .n, .k (the product's sizes),
.compute (the dtype of the arithmetic, the output's), .transA and .transB
(the operands are stored transposed), .aVector and .bVector (1-D operands),
.aBatchAxes, .bBatchAxes and .outBatchAxes (the number of batch axes of
each array), .aBatched and .bBatched (the operand has one matrix for each
product rather than one for all), .cuda (the kernel is CUDA C, whose
vector types name their components .x to .w).
*/ -}}

{{- /* The C type of a vector of .vec elements of dtype .dt. */ -}}
{{- define "vector_type" -}}
{{- $width := ternary (mul .vec 2) .vec .dt.IsComplex -}}
{{- if eq $width 1 }}{{ ctype .dt }}{{ else }}{{ ctype .dt.Real }}{{ $width }}{{ end -}}
{{- end -}}

{{- /* Element .i of .x, a vector of .vec elements of dtype .dt: OpenCL's
    components (.s2, .s23), or with .cuda those of CUDA's vector types (.z;
    a complex element from two of them). */ -}}
{{- define "component" -}}
{{- if le .vec 1 }}{{ .x }}
{{- else if .cuda -}}
{{- $names := list "x" "y" "z" "w" -}}
{{- if .dt.IsComplex }}COMPLEX_CTR({{ ctype .dt }})({{ .x }}.{{ index $names (mul .i 2) }}, {{ .x }}.{{ index $names (add (mul .i 2) 1) }})
{{- else }}{{ .x }}.{{ index $names .i }}{{ end -}}
{{- else -}}
{{- if .dt.IsComplex }}{{ .x }}.s{{ mul .i 2 }}{{ add (mul .i 2) 1 }}{{ else }}{{ .x }}.s{{ .i }}{{ end -}}
{{- end -}}
{{- end -}}

{{- /* The value .x of dtype .from as dtype .to. */ -}}
{{- define "convert" -}}
{{- if eq .from .to -}}
{{ .x }}
{{- else if and .to.IsComplex .from.IsComplex -}}
COMPLEX_CTR({{ ctype .to }})(({{ ctype .to.Real }})({{ .x }}).x, ({{ ctype .to.Real }})({{ .x }}).y)
{{- else if .to.IsComplex -}}
COMPLEX_CTR({{ ctype .to }})(({{ ctype .to.Real }})({{ .x }}), 0)
{{- else -}}
({{ ctype .to }})({{ .x }})
{{- end -}}
{{- end -}}

{{- /* The element of matrix_a at row `row` and inner index `inner` of the product. */ -}}
{{- define "load_a" -}}
{{- if .aVector -}}
{{ .matrix_a.LoadIdx }}(inner)
{{- else -}}
{{- $i0 := ternary "inner" "row" .transA -}}{{- $i1 := ternary "row" "inner" .transA -}}
{{- if .aBatchAxes -}}
{{ .matrix_a.LoadCombined .aBatchAxes 1 1 }}({{ if .aBatched }}batch{{ else }}0{{ end }}, {{ $i0 }}, {{ $i1 }})
{{- else -}}
{{ .matrix_a.LoadIdx }}({{ $i0 }}, {{ $i1 }})
{{- end -}}
{{- end -}}
{{- end -}}

{{- /* The element of matrix_b at inner index `inner` and column `col` of the product. */ -}}
{{- define "load_b" -}}
{{- if .bVector -}}
{{ .matrix_b.LoadIdx }}(inner)
{{- else -}}
{{- $i0 := ternary "col" "inner" .transB -}}{{- $i1 := ternary "inner" "col" .transB -}}
{{- if .bBatchAxes -}}
{{ .matrix_b.LoadCombined .bBatchAxes 1 1 }}({{ if .bBatched }}batch{{ else }}0{{ end }}, {{ $i0 }}, {{ $i1 }})
{{- else -}}
{{ .matrix_b.LoadIdx }}({{ $i0 }}, {{ $i1 }})
{{- end -}}
{{- end -}}
{{- end -}}

{{- /*
The position in the slice of the l-th element a work-item loads: consecutive
work-items load consecutive elements of the operand's memory, along the
inner dimension where it is stored that way. .fast is the length of the
slice along the operand's rows in memory, .fastName and .slowName the
variables of the positions along them and across them. Where the
work-items cover whole rows of the slice, the position along the rows is
the same for every l.
*/ -}}
{{- define "slice_position" -}}
{{- if eq (mod .items .fast) 0 }}
            const int {{ .fastName }} = lid % {{ .fast }};
            const int {{ .slowName }} = lid / {{ .fast }} + l * {{ div .items .fast }};
{{- else }}
            const int e = lid + l * {{ .items }};
            const int {{ .fastName }} = e % {{ .fast }};
            const int {{ .slowName }} = e / {{ .fast }};
{{- end }}
{{- end -}}

{{- define "slice_a_position" -}}
{{- if .transA -}}
{{ template "slice_position" (dict "items" .p.Items "fast" .p.BlockM "fastName" "r" "slowName" "kk") }}
{{- else -}}
{{ template "slice_position" (dict "items" .p.Items "fast" .p.BlockK "fastName" "kk" "slowName" "r") }}
{{- end -}}
{{- end -}}

{{- define "slice_b_position" -}}
{{- if .transB -}}
{{ template "slice_position" (dict "items" .p.Items "fast" .p.BlockK "fastName" "kk" "slowName" "c") }}
{{- else -}}
{{ template "slice_position" (dict "items" .p.Items "fast" .p.BlockN "fastName" "c" "slowName" "kk") }}
{{- end -}}
{{- end -}}

{{- /*
The test that indices .first and .second lie inside the matrices, of
.firstSize and .secondSize, on the sides where the tiles reach past them
(.firstEdge, .secondEdge); nothing where neither does.
*/ -}}
{{- define "inside" -}}
{{- if and .firstEdge .secondEdge -}}
if ({{ .first }} < {{ .firstSize }} && {{ .second }} < {{ .secondSize }})
{{- else if .firstEdge -}}
if ({{ .first }} < {{ .firstSize }})
{{- else if .secondEdge -}}
if ({{ .second }} < {{ .secondSize }})
{{- end -}}
{{- end -}}

{{- /* Reads the slice `slice` of both operands into next_a and next_b, zeros outside the matrices. */ -}}
{{- define "read_slice" }}
    {
        const VSIZE_T k0 = (VSIZE_T)(slice) * {{ .p.BlockK }};
        #pragma unroll
        for (int l = 0; l < {{ .p.LoadsA }}; l++)
        {
{{- template "slice_a_position" . }}
            const VSIZE_T row = row0 + r;
            const VSIZE_T inner = k0 + kk;
            next_a[l] = zero;
            {{ template "inside" (dict "first" "row" "firstSize" .m "firstEdge" .p.EdgeM "second" "inner" "secondSize" .k "secondEdge" .p.EdgeK) }}
            {
                const {{ .matrix_a.CType }} v = {{ template "load_a" . }};
                next_a[l] = {{ template "convert" (dict "from" .matrix_a.DType "to" .compute "x" "v") }};
            }
        }
        #pragma unroll
        for (int l = 0; l < {{ .p.LoadsB }}; l++)
        {
{{- template "slice_b_position" . }}
            const VSIZE_T col = col0 + c;
            const VSIZE_T inner = k0 + kk;
            next_b[l] = zero;
            {{ template "inside" (dict "first" "inner" "firstSize" .k "firstEdge" .p.EdgeK "second" "col" "secondSize" .n "secondEdge" .p.EdgeN) }}
            {
                const {{ .matrix_b.CType }} v = {{ template "load_b" . }};
                next_b[l] = {{ template "convert" (dict "from" .matrix_b.DType "to" .compute "x" "v") }};
            }
        }
    }
{{- end -}}

{{- /* The loop over the slices of the inner dimension: the first slice
    read and stored, then each multiplied while the next is read, and
    stored after it, one barrier a slice. The tensor cores' kernel
    (.p.MMA) multiplies with multiply_slice_mma. */ -}}
{{- define "slices" }}
{{- $p := .p }}
{{- if $p.Slices }}

    {{ ctype .compute }} next_a[{{ $p.LoadsA }}], next_b[{{ $p.LoadsB }}];
    {
        const int slice = 0;
        const int buf = 0;
{{- template "read_slice" . }}
{{- template "store_slice" . }}
    }
    LOCAL_BARRIER;
    for (int s = 0; s < {{ $p.Slices }}; s++)
    {
        const int buf = s & 1;
        const int slice = s + 1;
        if (slice < {{ $p.Slices }})
{{- template "read_slice" . }}
{{- if $p.MMA }}{{ template "multiply_slice_mma" . }}{{ else }}{{ template "multiply_slice" . }}{{ end }}
        if (slice < {{ $p.Slices }})
        {
            const int buf = (s + 1) & 1;
{{- template "store_slice" . }}
        }
        LOCAL_BARRIER;
    }
{{- end }}
{{- end -}}

{{- /* Stores next_a and next_b into the local buffer `buf`. */ -}}
{{- define "store_slice" }}
    {
        #pragma unroll
        for (int l = 0; l < {{ .p.LoadsA }}; l++)
        {
{{- template "slice_a_position" . }}
            ((LOCAL_MEM_ARG {{ ctype $.compute }} *)tile_a[buf][kk])[r] = next_a[l];
        }
        #pragma unroll
        for (int l = 0; l < {{ .p.LoadsB }}; l++)
        {
{{- template "slice_b_position" . }}
            ((LOCAL_MEM_ARG {{ ctype $.compute }} *)tile_b[buf][kk])[c] = next_b[l];
        }
    }
{{- end -}}

{{- /* acc[i][j] += a[i] · b[j]. */ -}}
{{- define "multiply_add" -}}
{{- if .compute.IsComplex }}
                acc[i][j].x = mad(a[i].x, b[j].x, acc[i][j].x);
                acc[i][j].x = mad(-a[i].y, b[j].y, acc[i][j].x);
                acc[i][j].y = mad(a[i].x, b[j].y, acc[i][j].y);
                acc[i][j].y = mad(a[i].y, b[j].x, acc[i][j].y);
{{- else }}
                acc[i][j] = mad(a[i], b[j], acc[i][j]);
{{- end }}
{{- end -}}

{{- /* Multiplies the slice in the local buffer `buf` into acc. */ -}}
{{- define "multiply_slice" -}}
{{- $p := .p }}
    #pragma unroll
    for (int kk = 0; kk < {{ $p.BlockK }}; kk++)
    {
        {{ ctype .compute }} a[{{ $p.ItemM }}], b[{{ $p.ItemN }}];
{{- range $s := seq (div $p.ItemM $p.VecM) }}
        {
            const {{ template "vector_type" (dict "vec" $p.VecM "dt" $.compute) }} v = tile_a[buf][kk][{{ $s }} * {{ div $p.BlockM $p.ItemM }} + tm];
{{- range $v := seq $p.VecM }}
            a[{{ add (mul $s $p.VecM) $v }}] = {{ template "component" (dict "x" "v" "vec" $p.VecM "dt" $.compute "i" $v "cuda" $.cuda) }};
{{- end }}
        }
{{- end }}
{{- range $s := seq (div $p.ItemN $p.VecN) }}
        {
            const {{ template "vector_type" (dict "vec" $p.VecN "dt" $.compute) }} v = tile_b[buf][kk][{{ $s }} * {{ div $p.BlockN $p.ItemN }} + tn];
{{- range $v := seq $p.VecN }}
            b[{{ add (mul $s $p.VecN) $v }}] = {{ template "component" (dict "x" "v" "vec" $p.VecN "dt" $.compute "i" $v "cuda" $.cuda) }};
{{- end }}
        }
{{- end }}
        #pragma unroll
        for (int i = 0; i < {{ $p.ItemM }}; i++)
        {
            #pragma unroll
            for (int j = 0; j < {{ $p.ItemN }}; j++)
            {
{{- template "multiply_add" . }}
            }
        }
    }
{{- end -}}

{{- /* Stores output[batch, row, col] = acc[i][j]. */ -}}
{{- define "store_output" -}}
{{ template "store_output_of" (dict "r" . "v" "acc[i][j]") }}
{{- end -}}

{{- /* Stores output[batch, row, col] = .v, with .r the render arguments. */ -}}
{{- define "store_output_of" -}}
{{- if .r.outBatchAxes -}}
{{ .r.output.StoreCombined .r.outBatchAxes 1 1 }}(batch, row, col, {{ .v }})
{{- else -}}
{{ .r.output.StoreIdx }}(row, col, {{ .v }})
{{- end -}}
{{- end -}}

{{- define "matmul" -}}
{{- $p := .p -}}
{{ .KernelDeclaration }}
{
    // The slices of both operands, twice, stored with the inner dimension
    // first and read as vectors.
    LOCAL_MEM {{ template "vector_type" (dict "vec" $p.VecM "dt" .compute) }} tile_a[2][{{ $p.BlockK }}][{{ div (add $p.BlockM $p.PadM) $p.VecM }}];
    LOCAL_MEM {{ template "vector_type" (dict "vec" $p.VecN "dt" .compute) }} tile_b[2][{{ $p.BlockK }}][{{ div (add $p.BlockN $p.PadN) $p.VecN }}];

    // The launch holds whole work-groups only: every work-item that stays
    // reaches the barriers.
    VIRTUAL_SKIP_THREADS;
    const int lid = virtual_local_id(0);
    const int tn = lid % {{ div $p.BlockN $p.ItemN }};
    const int tm = lid / {{ div $p.BlockN $p.ItemN }};
    const VSIZE_T group = virtual_group_id(0);
    const VSIZE_T batch = group / {{ mul $p.GroupsM $p.GroupsN }};
    const VSIZE_T tile = group % {{ mul $p.GroupsM $p.GroupsN }};
    const VSIZE_T row0 = (tile / {{ $p.GroupsN }}) * {{ $p.BlockM }};
    const VSIZE_T col0 = (tile % {{ $p.GroupsN }}) * {{ $p.BlockN }};
    const {{ ctype .compute }} zero = {{ literal .compute 0 }};

    {{ ctype .compute }} acc[{{ $p.ItemM }}][{{ $p.ItemN }}];
    #pragma unroll
    for (int i = 0; i < {{ $p.ItemM }}; i++)
    {
        #pragma unroll
        for (int j = 0; j < {{ $p.ItemN }}; j++)
            acc[i][j] = zero;
    }
{{- template "slices" . }}

    #pragma unroll
    for (int i = 0; i < {{ $p.ItemM }}; i++)
    {
        const VSIZE_T row = row0 + ((i / {{ $p.VecM }}) * {{ div $p.BlockM $p.ItemM }} + tm) * {{ $p.VecM }} + i % {{ $p.VecM }};
        #pragma unroll
        for (int j = 0; j < {{ $p.ItemN }}; j++)
        {
            const VSIZE_T col = col0 + ((j / {{ $p.VecN }}) * {{ div $p.BlockN $p.ItemN }} + tn) * {{ $p.VecN }} + j % {{ $p.VecN }};
            {{ template "inside" (dict "first" "row" "firstSize" .m "firstEdge" .p.EdgeM "second" "col" "secondSize" .n "secondEdge" .p.EdgeN) }}
                {{ template "store_output" . }};
        }
    }
}
{{- end -}}
