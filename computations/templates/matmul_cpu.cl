{{- /*
The kernel of MatrixMul on a CPU: output = matrix_a · matrix_b over the
last two axes, for every matrix of the batch, with no local memory and no
barriers.

Each work-item computes one block of .p.BlockM × .p.BlockN outputs of one
output matrix in registers, as vectors of .p.Lanes real lanes (.p.Elems
elements of the product's dtype; complex values interleaved as in memory),
walking the whole inner dimension:

- along N (.p.Kind 0) and along M (1), the vectors run along the output's
  columns (rows of matrix_b) or rows (columns of a transposed matrix_a),
  .p.Vecs of them; for each inner index the work-item loads them and
  multiplies each by one element of the other operand broadcast over the
  lanes, for each of its .p.Scalars outputs along the other dimension:
  outer products. A complex element's real and imaginary parts multiply
  the vector into two accumulators, joined once at the end (acc + i·accim,
  the parts of accim swapped).
- along K (2), the vectors run along the inner dimension, loaded from rows
  of matrix_a and columns of a transposed matrix_b: .p.Scalars rows by
  .p.Vecs columns of partial dot products, whose lanes are summed at the
  end. A complex product also multiplies matrix_b's vector with its parts
  swapped (accsw): the real part is the even lanes of acc less its odd
  ones, the imaginary part every lane of accsw.

The vectors are built from elements loaded one by one through the
operands' load functions (so that transformations connected to them run
inside the kernel), which LLVM merges into vector loads where the indices
are consecutive; complex64 elements are loaded as doubles, whose vectors
it merges (not those of float2), and reinterpreted as floats. Where the
CPU has fused multiply-adds, fma is called: PoCL's mad is a multiply and
an add.

Consecutive work-items compute consecutive blocks along the dimension of
the broadcast elements (along K, of the rows), .p.Slots of them (see the
plan), so that they read the same vectors of the other operand while those
are in the caches. Along N and M, where that operand outgrows the caches,
a work-item computes .p.Rounds blocks along the broadcast elements'
dimension in slices of .p.Depth inner indices, its accumulators held in
an array between them: each slice of the vectors is read from memory once
for all the blocks. The blocks at the edges reach past the matrices: their
loads are clamped to the last row or column, and their stores checked.

Render arguments: as the GPU's kernel (matmul.cl), .p being the CPU's plan.
The operands' loads and conversions are matmul.cl's (load_a, load_b and
convert), in MATMUL_CPU_A and MATMUL_CPU_B, whose arguments they take as
arguments of the load functions.
*/ -}}

{{- /* The real vector type of the plan's lanes. */ -}}
{{- define "matmul_cpu_vector" -}}
{{ ctype .compute.Real }}{{ .p.Lanes }}
{{- end -}}

{{- /* Stores v into the output at row `row` and column `col`. */ -}}
{{- define "matmul_cpu_store" -}}
{{- if .outBatchAxes -}}
{{ .output.StoreCombined .outBatchAxes 1 1 }}(batch, (row), (col), (v))
{{- else -}}
{{ .output.StoreIdx }}((row), (col), (v))
{{- end -}}
{{- end -}}

{{- /*
Component .i of a vector of complex (.complex) or real elements: the pair
of lanes .s<2i><2i+1>, or lane .s<i>.
*/ -}}
{{- define "matmul_cpu_component" -}}
{{- if .complex }}.s{{ printf "%x%x" (mul .i 2) (add (mul .i 2) 1) }}{{ else }}.s{{ printf "%x" .i }}{{ end -}}
{{- end -}}

{{- /* The vector .x with the real and imaginary parts of each element swapped. */ -}}
{{- define "matmul_cpu_swapped" -}}
{{ .x }}.s{{ range $e := seq .elems }}{{ printf "%x%x" (add (mul $e 2) 1) (mul $e 2) }}{{ end }}
{{- end -}}

{{- /*
The vector of lanes .elem(0), ..., .elem(.elems-1) of the context's
dtype, where .elem is a macro of one argument (an element's index); an
index at or past .valid (where set) gives zero.
*/ -}}
{{- define "matmul_cpu_gather" -}}
{{- if and .c.compute.IsComplex (not .c.compute.IsDouble) -}}
as_float{{ .c.p.Lanes }}((double{{ .c.p.Elems }})({{ range $e := seq .c.p.Elems }}{{ if $e }}, {{ end }}
{{- if and $.valid (ge $e $.valid) }}0{{ else }}as_double({{ $.elem }}({{ $e }})){{ end }}{{ end }}))
{{- else -}}
({{ template "matmul_cpu_vector" .c }})({{ range $e := seq .c.p.Elems }}{{ if $e }}, {{ end }}
{{- if and $.valid (ge $e $.valid) }}{{ literal $.c.compute 0 }}{{ else }}{{ $.elem }}({{ $e }}){{ end }}{{ end }})
{{- end -}}
{{- end -}}

{{- /*
The statements that sum the lanes of the vector .x of .lanes real lanes of
C type .real down to .to lanes, the last into h<to>.
*/ -}}
{{- define "matmul_cpu_halve" -}}
{{- $prev := .x -}}{{- $w := .lanes -}}
{{- range $i := seq 5 -}}
{{- if gt $w $.to -}}
{{- $w = div $w 2 }}
            const {{ $.real }}{{ if gt $w 1 }}{{ $w }}{{ end }} h{{ $w }} = {{ $prev }}.lo + {{ $prev }}.hi;
{{- $prev = printf "h%d" $w -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- /*
One step of the outer products along N or M, at inner index `inner`: the
vectors, then the broadcast elements times them. .clamp: the vectors'
indices are clamped to the matrices.
*/ -}}
{{- define "matmul_cpu_outer_step" -}}
{{- $c := .c -}}{{- $p := $c.p -}}
{{- range $v := seq $p.Vecs }}
            const {{ template "matmul_cpu_vector" $c }} b{{ $v }} = {{ template "matmul_cpu_gather" (dict "c" $c "elem" (printf "MATMUL_CPU_VEC_%d" $v) "valid" 0) }};
{{- end }}
{{- range $s := seq $p.Scalars }}
            {
{{- if $c.compute.IsComplex }}
                const {{ ctype $c.compute.Real }} are = MATMUL_CPU_SCALAR(inner, s{{ $s }}).x;
                const {{ ctype $c.compute.Real }} aim = MATMUL_CPU_SCALAR(inner, s{{ $s }}).y;
{{- else }}
                const {{ ctype $c.compute }} a = MATMUL_CPU_SCALAR(inner, s{{ $s }});
{{- end }}
{{- range $v := seq $p.Vecs }}
{{- if $c.compute.IsComplex }}
                acc{{ $s }}_{{ $v }} = MATMUL_CPU_MAD(({{ template "matmul_cpu_vector" $c }})(are), b{{ $v }}, acc{{ $s }}_{{ $v }});
                accim{{ $s }}_{{ $v }} = MATMUL_CPU_MAD(({{ template "matmul_cpu_vector" $c }})(aim), b{{ $v }}, accim{{ $s }}_{{ $v }});
{{- else }}
                acc{{ $s }}_{{ $v }} = MATMUL_CPU_MAD(({{ template "matmul_cpu_vector" $c }})(a), b{{ $v }}, acc{{ $s }}_{{ $v }});
{{- end }}
{{- end }}
            }
{{- end }}
{{- end -}}

{{- /* The outer products along N or M over the whole inner dimension, the vectors' indices clamped where .clamp. */ -}}
{{- define "matmul_cpu_outer_loop" -}}
{{- $c := .c -}}{{- $p := $c.p }}
{{- range $v := seq $p.Vecs }}
#define MATMUL_CPU_VEC_{{ $v }}(e) MATMUL_CPU_VECTOR(inner, {{ if $.clamp }}min(vbase + {{ mul $v $p.Elems }} + (e), (VSIZE_T){{ sub $.vecSize 1 }}){{ else }}vbase + {{ mul $v $p.Elems }} + (e){{ end }})
{{- end }}
        for (VSIZE_T inner = {{ .from }}; inner < {{ .to }}; inner++)
        {
{{- template "matmul_cpu_outer_step" . }}
        }
{{- range $v := seq $p.Vecs }}
#undef MATMUL_CPU_VEC_{{ $v }}
{{- end }}
{{- end -}}

{{- define "matmul_cpu_outer" -}}
{{- $p := .p -}}
{{- $scalarSize := ternary .n .m (eq $p.Kind 1) -}}
{{- $vecSize := ternary .m .n (eq $p.Kind 1) -}}
{{- $scalarEdge := ternary $p.EdgeN $p.EdgeM (eq $p.Kind 1) -}}
{{- $vecEdge := ternary $p.EdgeM $p.EdgeN (eq $p.Kind 1) -}}
{{- $vecBlocks := ternary $p.BlocksM $p.BlocksN (eq $p.Kind 1) -}}
{{- $scalarBlocks := ternary $p.BlocksN $p.BlocksM (eq $p.Kind 1) -}}
{{- $vecBlock := mul $p.Vecs $p.Elems -}}
{{- $groups := div_ceil $scalarBlocks $p.Rounds -}}
{{- $held := mul $p.Scalars $p.Vecs (ternary 2 1 .compute.IsComplex) -}}
{{- if eq $p.Kind 1 }}
// Along M: the vectors are columns of the transposed matrix_a, the
// broadcast elements those of matrix_b.
#define MATMUL_CPU_VECTOR(inner, v) MATMUL_CPU_A(v, inner)
#define MATMUL_CPU_SCALAR(inner, s) MATMUL_CPU_B(inner, s)
#define MATMUL_CPU_OUT(s, v, x) MATMUL_CPU_STORE(v, s, x)
{{- else }}
// Along N: the vectors are rows of matrix_b, the broadcast elements those
// of matrix_a.
#define MATMUL_CPU_VECTOR(inner, v) MATMUL_CPU_B(inner, v)
#define MATMUL_CPU_SCALAR(inner, s) MATMUL_CPU_A(s, inner)
#define MATMUL_CPU_OUT(s, v, x) MATMUL_CPU_STORE(s, v, x)
{{- end }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T item = virtual_global_id(0);
    const VSIZE_T batch = item / {{ mul $p.Slots $vecBlocks }};
    const VSIZE_T block = item % {{ mul $p.Slots $vecBlocks }};
{{- if ne $p.Slots $groups }}
    // The slot past the blocks, which the plan adds to a power of two.
    if (block % {{ $p.Slots }} >= {{ $groups }})
        return;
{{- end }}
    // The first output of the work-item's blocks along the broadcast
    // elements' dimension, and along the vectors'.
    const VSIZE_T sfirst = (block % {{ $p.Slots }}) * {{ mul $p.Scalars $p.Rounds }};
    const VSIZE_T vbase = (block / {{ $p.Slots }}) * {{ $vecBlock }};
{{- if $p.Depth }}
    // The accumulators of the work-item's {{ $p.Rounds }} blocks, kept here
    // between the slices of {{ $p.Depth }} inner indices: each slice of the
    // vectors' operand is read for every block while it is in the caches.
    {{ template "matmul_cpu_vector" $ }} held[{{ $p.Rounds }}][{{ $held }}];
    for (int r = 0; r < {{ $p.Rounds }}; r++)
        for (int j = 0; j < {{ $held }}; j++)
            held[r][j] = 0;
    for (VSIZE_T k0 = 0; k0 < {{ .k }}; k0 += {{ $p.Depth }})
    {
        const VSIZE_T kend = min(k0 + {{ $p.Depth }}, (VSIZE_T){{ .k }});
        for (int r = 0; r < {{ $p.Rounds }}; r++)
        {
            const VSIZE_T sbase = sfirst + r * {{ $p.Scalars }};
            if (sbase >= {{ $scalarSize }})
                break;
{{- template "matmul_cpu_outer_block" (dict "c" $ "vecSize" $vecSize "vecEdge" $vecEdge "scalarSize" $scalarSize "scalarEdge" $scalarEdge "from" "k0" "to" "kend" "held" true) }}
        }
    }
    for (int r = 0; r < {{ $p.Rounds }}; r++)
    {
        const VSIZE_T sbase = sfirst + r * {{ $p.Scalars }};
        if (sbase >= {{ $scalarSize }})
            break;
{{- range $s := seq $p.Scalars }}{{ range $v := seq $p.Vecs }}
        const {{ template "matmul_cpu_vector" $ }} acc{{ $s }}_{{ $v }} = held[r][{{ add (mul $s $p.Vecs) $v }}];
{{- if $.compute.IsComplex }}
        const {{ template "matmul_cpu_vector" $ }} accim{{ $s }}_{{ $v }} = held[r][{{ add (mul $p.Scalars $p.Vecs) (add (mul $s $p.Vecs) $v) }}];
{{- end }}
{{- end }}{{ end }}
{{- template "matmul_cpu_outer_store" (dict "c" $ "vecSize" $vecSize "vecEdge" $vecEdge "scalarSize" $scalarSize "scalarEdge" $scalarEdge) }}
    }
{{- else }}
    {
        const VSIZE_T sbase = sfirst;
{{- template "matmul_cpu_outer_block" (dict "c" $ "vecSize" $vecSize "vecEdge" $vecEdge "scalarSize" $scalarSize "scalarEdge" $scalarEdge "from" "0" "to" .k "held" false) }}
{{- template "matmul_cpu_outer_store" (dict "c" $ "vecSize" $vecSize "vecEdge" $vecEdge "scalarSize" $scalarSize "scalarEdge" $scalarEdge) }}
    }
{{- end }}
}
{{- end -}}

{{- /*
The outer products of one block along N or M from inner index .from to
.to: from zero, or (.held) from the accumulators held for block r and
back into them.
*/ -}}
{{- define "matmul_cpu_outer_block" -}}
{{- $c := .c -}}{{- $p := $c.p -}}
{{- range $s := seq $p.Scalars }}
            const VSIZE_T s{{ $s }} = {{ if $.scalarEdge }}min(sbase + {{ $s }}, (VSIZE_T){{ sub $.scalarSize 1 }}){{ else }}sbase + {{ $s }}{{ end }};
{{- end }}
{{- range $s := seq $p.Scalars }}{{ range $v := seq $p.Vecs }}
{{- if $.held }}
            {{ template "matmul_cpu_vector" $c }} acc{{ $s }}_{{ $v }} = held[r][{{ add (mul $s $p.Vecs) $v }}]{{ if $c.compute.IsComplex }}, accim{{ $s }}_{{ $v }} = held[r][{{ add (mul $p.Scalars $p.Vecs) (add (mul $s $p.Vecs) $v) }}]{{ end }};
{{- else }}
            {{ template "matmul_cpu_vector" $c }} acc{{ $s }}_{{ $v }} = 0{{ if $c.compute.IsComplex }}, accim{{ $s }}_{{ $v }} = 0{{ end }};
{{- end }}
{{- end }}{{ end }}
{{- if .vecEdge }}
            if (vbase + {{ mul $p.Vecs $p.Elems }} <= {{ .vecSize }})
            {
{{- template "matmul_cpu_outer_loop" (dict "c" $c "vecSize" .vecSize "clamp" false "from" .from "to" .to) }}
            }
            else
            {
{{- template "matmul_cpu_outer_loop" (dict "c" $c "vecSize" .vecSize "clamp" true "from" .from "to" .to) }}
            }
{{- else }}
            {
{{- template "matmul_cpu_outer_loop" (dict "c" $c "vecSize" .vecSize "clamp" false "from" .from "to" .to) }}
            }
{{- end }}
{{- if .held }}
{{- range $s := seq $p.Scalars }}{{ range $v := seq $p.Vecs }}
            held[r][{{ add (mul $s $p.Vecs) $v }}] = acc{{ $s }}_{{ $v }};
{{- if $c.compute.IsComplex }}
            held[r][{{ add (mul $p.Scalars $p.Vecs) (add (mul $s $p.Vecs) $v) }}] = accim{{ $s }}_{{ $v }};
{{- end }}
{{- end }}{{ end }}
{{- end }}
{{- end -}}

{{- /* Stores the accumulators of the block from sbase, vbase. */ -}}
{{- define "matmul_cpu_outer_store" -}}
{{- $c := .c -}}{{- $p := $c.p -}}
{{- range $s := seq $p.Scalars }}
        {{ if $.scalarEdge }}if (sbase + {{ $s }} < {{ $.scalarSize }}){{ end }}
        {
{{- range $v := seq $p.Vecs }}
            {
{{- if $c.compute.IsComplex }}
                const {{ template "matmul_cpu_vector" $c }} x = acc{{ $s }}_{{ $v }} + {{ template "matmul_cpu_swapped" (dict "x" (printf "accim%d_%d" $s $v) "elems" $p.Elems) }} * ({{ template "matmul_cpu_vector" $c }})({{ range $e := seq $p.Elems }}{{ if $e }}, {{ end }}-1, 1{{ end }});
{{- else }}
                const {{ template "matmul_cpu_vector" $c }} x = acc{{ $s }}_{{ $v }};
{{- end }}
{{- range $e := seq $p.Elems }}
                {{ if $.vecEdge }}if (vbase + {{ add (mul $v $p.Elems) $e }} < {{ $.vecSize }}) {{ end }}MATMUL_CPU_OUT(sbase + {{ $s }}, vbase + {{ add (mul $v $p.Elems) $e }}, x{{ template "matmul_cpu_component" (dict "complex" $c.compute.IsComplex "i" $e) }});
{{- end }}
            }
{{- end }}
        }
{{- end }}
{{- end -}}

{{- /*
One step of the dot products along K: .valid lanes (all where 0) of the
vectors from inner index `inner`.
*/ -}}
{{- define "matmul_cpu_dot_step" -}}
{{- $c := .c -}}{{- $p := $c.p -}}{{- $valid := .valid -}}
{{- range $r := seq $p.Scalars }}
            const {{ template "matmul_cpu_vector" $c }} a{{ $r }} = {{ template "matmul_cpu_gather" (dict "c" $c "elem" (printf "MATMUL_CPU_ROW_%d" $r) "valid" $valid) }};
{{- end }}
{{- range $col := seq $p.Vecs }}
            {
                const {{ template "matmul_cpu_vector" $c }} b = {{ template "matmul_cpu_gather" (dict "c" $c "elem" (printf "MATMUL_CPU_COL_%d" $col) "valid" $valid) }};
{{- if $c.compute.IsComplex }}
                const {{ template "matmul_cpu_vector" $c }} bsw = {{ template "matmul_cpu_swapped" (dict "x" "b" "elems" $p.Elems) }};
{{- end }}
{{- range $r := seq $p.Scalars }}
                acc{{ $r }}_{{ $col }} = MATMUL_CPU_MAD(a{{ $r }}, b, acc{{ $r }}_{{ $col }});
{{- if $c.compute.IsComplex }}
                accsw{{ $r }}_{{ $col }} = MATMUL_CPU_MAD(a{{ $r }}, bsw, accsw{{ $r }}_{{ $col }});
{{- end }}
{{- end }}
            }
{{- end }}
{{- end -}}

{{- define "matmul_cpu_dot" -}}
{{- $p := .p -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T item = virtual_global_id(0);
    const VSIZE_T batch = item / {{ mul $p.BlocksM $p.BlocksN }};
    const VSIZE_T block = item % {{ mul $p.BlocksM $p.BlocksN }};
    const VSIZE_T rowbase = (block % {{ $p.BlocksM }}) * {{ $p.Scalars }};
    const VSIZE_T colbase = (block / {{ $p.BlocksM }}) * {{ $p.Vecs }};
{{- range $r := seq $p.Scalars }}
    const VSIZE_T row{{ $r }} = {{ if $p.EdgeM }}min(rowbase + {{ $r }}, (VSIZE_T){{ sub $.m 1 }}){{ else }}rowbase + {{ $r }}{{ end }};
#define MATMUL_CPU_ROW_{{ $r }}(e) MATMUL_CPU_A(row{{ $r }}, inner + (e))
{{- end }}
{{- range $col := seq $p.Vecs }}
    const VSIZE_T col{{ $col }} = {{ if $p.EdgeN }}min(colbase + {{ $col }}, (VSIZE_T){{ sub $.n 1 }}){{ else }}colbase + {{ $col }}{{ end }};
#define MATMUL_CPU_COL_{{ $col }}(e) MATMUL_CPU_B(inner + (e), col{{ $col }})
{{- end }}
{{- range $r := seq $p.Scalars }}{{ range $col := seq $p.Vecs }}
    {{ template "matmul_cpu_vector" $ }} acc{{ $r }}_{{ $col }} = 0{{ if $.compute.IsComplex }}, accsw{{ $r }}_{{ $col }} = 0{{ end }};
{{- end }}{{ end }}
{{- if $p.Chunks }}
    for (VSIZE_T inner = 0; inner < {{ mul $p.Chunks $p.Elems }}; inner += {{ $p.Elems }})
    {
{{- template "matmul_cpu_dot_step" (dict "c" . "valid" 0) }}
    }
{{- end }}
{{- if $p.TailK }}
    {
        // The last {{ $p.TailK }} inner indices, the other lanes zero.
        const VSIZE_T inner = {{ mul $p.Chunks $p.Elems }};
{{- template "matmul_cpu_dot_step" (dict "c" . "valid" $p.TailK) }}
    }
{{- end }}
{{- range $r := seq $p.Scalars }}{{ range $col := seq $p.Vecs }}
    {
{{- if $.compute.IsComplex }}
        {{ ctype $.compute }} r;
        {
{{- template "matmul_cpu_halve" (dict "x" (printf "acc%d_%d" $r $col) "lanes" $p.Lanes "to" 2 "real" (ctype $.compute.Real)) }}
            r.x = h2.x - h2.y;
        }
        {
{{- template "matmul_cpu_halve" (dict "x" (printf "accsw%d_%d" $r $col) "lanes" $p.Lanes "to" 2 "real" (ctype $.compute.Real)) }}
            r.y = h2.x + h2.y;
        }
{{- else }}
        {{ ctype $.compute }} r;
        {
{{- template "matmul_cpu_halve" (dict "x" (printf "acc%d_%d" $r $col) "lanes" $p.Lanes "to" 1 "real" (ctype $.compute.Real)) }}
            r = h1;
        }
{{- end }}
        {{ if or $p.EdgeM $p.EdgeN }}if (rowbase + {{ $r }} < {{ $.m }} && colbase + {{ $col }} < {{ $.n }}) {{ end }}MATMUL_CPU_STORE(rowbase + {{ $r }}, colbase + {{ $col }}, r);
    }
{{- end }}{{ end }}
}
{{- end -}}

{{- define "matmul_cpu" -}}
// The operands' elements in the product's dtype, and the output's stores.
INLINE {{ ctype .compute }} matmul_cpu_from_a({{ .matrix_a.CType }} x)
{
    return {{ template "convert" (dict "from" .matrix_a.DType "to" .compute "x" "x") }};
}
INLINE {{ ctype .compute }} matmul_cpu_from_b({{ .matrix_b.CType }} x)
{
    return {{ template "convert" (dict "from" .matrix_b.DType "to" .compute "x" "x") }};
}
// Multiply-adds: fused where the CPU has the instruction (OpenCL's mad
// is a multiply and an add on PoCL), else mad, whose fma would be a call.
#if defined({{ if .compute.IsDouble }}FP_FAST_FMA{{ else }}FP_FAST_FMAF{{ end }}) || defined(__FMA__) || defined(__ARM_FEATURE_FMA)
#define MATMUL_CPU_MAD(a, b, c) fma(a, b, c)
#else
#define MATMUL_CPU_MAD(a, b, c) mad(a, b, c)
#endif
#define MATMUL_CPU_A(row, inner) matmul_cpu_from_a({{ template "load_a" . }})
#define MATMUL_CPU_B(inner, col) matmul_cpu_from_b({{ template "load_b" . }})
#define MATMUL_CPU_STORE(row, col, v) {{ template "matmul_cpu_store" . }}
{{ if eq .p.Kind 2 }}
{{- template "matmul_cpu_dot" . }}
{{- else }}
{{- template "matmul_cpu_outer" . }}
{{- end }}
{{- end -}}
