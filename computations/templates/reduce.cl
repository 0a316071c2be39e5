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
{{- if .pass.Contig }}
    const VSIZE_T first = start + (VSIZE_T)s * {{ .pass.Run }};
    const VSIZE_T last = first + {{ .pass.Run }} < end ? first + {{ .pass.Run }} : end;
    if (i < {{ .pass.I }} && first < end)
    {
        {{ .output.CType }} acc = REDUCE_LOAD(o, first, i);
        VSIZE_T r = first + 1;
{{- $u := .pass.Unroll }}
{{- if gt $u 1 }}
        for (; r + {{ sub $u 1 }} < last; r += {{ $u }})
        {
{{- range $k := seq $u }}
            const {{ $.output.CType }} a{{ $k }} = REDUCE_LOAD(o, r + {{ $k }}, i);
{{- end }}
{{- range $k := seq $u }}
            acc = reduce_op(acc, a{{ $k }});
{{- end }}
        }
{{- end }}
        for (; r < last; r++)
            acc = reduce_op(acc, REDUCE_LOAD(o, r, i));
        partial[item] = acc;
    }

    unsigned int valid = (unsigned int)((count + {{ sub .pass.Run 1 }}) / {{ .pass.Run }});
{{- else }}
    if (i < {{ .pass.I }} && s < count)
    {
        {{ .output.CType }} acc = REDUCE_LOAD(o, start + s, i);
        VSIZE_T r = start + s + {{ .pass.S }};
{{- $u := .pass.Unroll }}{{ $s := .pass.S }}
{{- if gt $u 1 }}
        for (; r + {{ mul (sub $u 1) $s }} < end; r += {{ mul $u $s }})
        {
{{- range $k := seq $u }}
            const {{ $.output.CType }} a{{ $k }} = REDUCE_LOAD(o, r + {{ mul $k $s }}, i);
{{- end }}
{{- range $k := seq $u }}
            acc = reduce_op(acc, a{{ $k }});
{{- end }}
        }
{{- end }}
        for (; r < end; r += {{ $s }})
            acc = reduce_op(acc, REDUCE_LOAD(o, r, i));
        partial[item] = acc;
    }

    unsigned int valid = count < {{ .pass.S }} ? (unsigned int)count : {{ .pass.S }};
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
