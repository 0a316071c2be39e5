{{- /* One pass of a reduction (see reducePass in reduce_plan.go). The
    input is seen as (o, r, i): work-group (o, q, ib) folds elements
    [q·chunk, (q+1)·chunk) along r of the lanes i = ib·L + l, each of its
    S×L items serially over every S-th element (Unroll loads at a time,
    issued before they are combined), then by a tree in local
    memory over the S items of each lane. Items with no element take no
    part in the tree, so the operation needs no empty value. The result of
    the group goes to element (o, q, i) of the output. */ -}}
INLINE WITHIN_KERNEL {{ .output.CType }} reduce_op({{ .output.CType }} v1, {{ .output.CType }} v2)
{
    {{ .operation.Call "v1" "v2" }}
}

#define REDUCE_LOAD(_o, _r, _i) {{ .input.LoadIdx }}({{ .pass.Load }})
#define REDUCE_STORE(_o, _q, _i, _v) {{ .output.StoreIdx }}({{ .pass.Store }}_v)

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM {{ .output.CType }} partial[{{ mul .pass.S .pass.L }}];

    const VSIZE_T o = virtual_group_id(0);
    const VSIZE_T q = virtual_group_id(1);
    const unsigned int s = virtual_local_id(1);
    const unsigned int l = virtual_local_id(2);
    const VSIZE_T i = virtual_group_id(2) * {{ .pass.L }} + l;
    const unsigned int item = s * {{ .pass.L }} + l;

    const VSIZE_T start = q * {{ .pass.Chunk }};
    const VSIZE_T end = start + {{ .pass.Chunk }} < {{ .pass.R }} ? start + {{ .pass.Chunk }} : {{ .pass.R }};
    const VSIZE_T count = end - start;
{{- /* A pass over neighbouring elements (Contig: CPU devices) gives item
    s the run from first to last one by one; otherwise item s takes every
    S-th element of the chunk from start + s. */ -}}
{{- $first := "start + s" }}{{ $last := "end" }}{{ $step := .pass.S }}
{{- if .pass.Contig }}{{ $first = "first" }}{{ $last = "last" }}{{ $step = 1 }}
    const VSIZE_T first = start + (VSIZE_T)s * {{ .pass.Run }};
    const VSIZE_T last = first + {{ .pass.Run }} < end ? first + {{ .pass.Run }} : end;
{{- end }}
    if (i < {{ .pass.I }} && {{ if .pass.Contig }}first < end{{ else }}s < count{{ end }})
    {
        {{ .output.CType }} acc = REDUCE_LOAD(o, {{ $first }}, i);
        VSIZE_T r = {{ $first }} + {{ $step }};
{{- $u := .pass.Unroll }}
{{- $w := .pass.Partials }}
{{- if gt $w 1 }}
        // {{ $w }} partial values, value k taking element k of each step of {{ $w }}
        if (r + {{ sub $w 1 }} < {{ $last }})
        {
{{- range $k := seq $w }}
            {{ $.output.CType }} p{{ $k }} = REDUCE_LOAD(o, r + {{ $k }}, i);
{{- end }}
            for (r += {{ $w }}; r + {{ sub $w 1 }} < {{ $last }}; r += {{ $w }})
            {
{{- range $k := seq $w }}
                p{{ $k }} = reduce_op(p{{ $k }}, REDUCE_LOAD(o, r + {{ $k }}, i));
{{- end }}
            }
{{- range $h := $.pass.Halvings }}
{{- range $k := seq $h }}
            p{{ $k }} = reduce_op(p{{ $k }}, p{{ add $k $h }});
{{- end }}
{{- end }}
            acc = reduce_op(acc, p0);
        }
{{- else if gt $u 1 }}
        for (; r + {{ mul (sub $u 1) $step }} < {{ $last }}; r += {{ mul $u $step }})
        {
{{- range $k := seq $u }}
            const {{ $.output.CType }} a{{ $k }} = REDUCE_LOAD(o, r + {{ mul $k $step }}, i);
{{- end }}
{{- range $k := seq $u }}
            acc = reduce_op(acc, a{{ $k }});
{{- end }}
        }
{{- end }}
        for (; r < {{ $last }}; r += {{ $step }})
            acc = reduce_op(acc, REDUCE_LOAD(o, r, i));
        partial[item] = acc;
    }

{{ if .pass.Contig }}    unsigned int valid = (unsigned int)((count + {{ sub .pass.Run 1 }}) / {{ .pass.Run }});
{{- else }}    unsigned int valid = count < {{ .pass.S }} ? (unsigned int)count : {{ .pass.S }};
{{- end }}
    for (unsigned int stride = {{ .pass.S }} / 2; stride > 0; stride >>= 1)
    {
        LOCAL_BARRIER;
        if (s < stride && s + stride < valid)
            partial[item] = reduce_op(partial[item], partial[item + stride * {{ .pass.L }}]);
        valid = valid < stride ? valid : stride;
    }
    if (s == 0 && i < {{ .pass.I }})
        REDUCE_STORE(o, q, i, partial[l]);
}
