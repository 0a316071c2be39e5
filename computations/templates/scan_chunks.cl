{{- /* A kernel of a chunked scan (a CPU's; see scanPlan in scan_plan.go).
    The input is seen as (o, r, i); r is cut into W chunks of C elements,
    the last one shorter where C does not divide R. Work-item (o, w, g)
    takes chunk w of the L neighbouring positions (o, i) from i = g·L
    (fewer in the last item along i where L does not divide I, Ragged),
    and goes through the chunk serially, element after element, with a
    value of its own for each of its positions (lanes): consecutive lanes
    are consecutive in memory where kept axes follow the scanned ones, and
    their values are independent, so that the compiler keeps them in
    vector registers side by side. With one lane (L = 1, the scanned axes
    are the last ones) the work-item streams a contiguous run of memory,
    and takes it in blocks of B elements, whose fold does not wait for the
    value before the block: the chain of dependent operations that a
    serial fold is has one link a block. The kernel uses no local memory
    and no barrier; its work-groups are only a way to hand PoCL several
    work-items at once (neighbours along o).

    With .pass.Totals the kernel folds its chunk into the chunk's total,
    element (o, w, i) of its output (a temporary array). Otherwise it
    starts from the fold of the totals of chunks 0 … w-1 (the argument
    totals) where w > 0, and stores each element's scan: an inclusive
    scan the fold up to and including the element, an exclusive one the
    fold of the elements before it (the empty value at the first of r).
    The operation need not be commutative: it is only ever applied as
    op(earlier, later). */ -}}
{{- $p := .pass }}
INLINE WITHIN_KERNEL {{ .output.CType }} scan_op({{ .output.CType }} v1, {{ .output.CType }} v2)
{
    {{ .operation.Call "v1" "v2" }}
}

#define SCAN_LOAD(_o, _r, _i) {{ .input.LoadIdx }}({{ $p.Load }})
{{- if $p.Totals }}
#define SCAN_STORE_TOTAL(_o, _w, _i, _v) {{ .output.StoreIdx }}({{ $p.Store }}_v)
{{- else }}
#define SCAN_STORE(_o, _r, _i, _v) {{ .output.StoreIdx }}({{ $p.Store }}_v)
{{- end }}
{{- if .totals }}
#define SCAN_TOTAL(_o, _w, _i) {{ .totals.LoadIdx }}({{ $p.Total }})
{{- end }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T o = virtual_global_id(0);
    const VSIZE_T w = virtual_global_id(1);
    const VSIZE_T i = virtual_global_id(2) * {{ $p.L }};
    const VSIZE_T start = w * {{ $p.C }};
{{- if $p.Short }}
    const VSIZE_T end = start + {{ $p.C }} < {{ $p.R }} ? start + {{ $p.C }} : {{ $p.R }};
{{- else }}
    const VSIZE_T end = start + {{ $p.C }};
{{- end }}
{{- if eq $p.L 1 }}
{{ template "scan_chunk_run" . }}
{{- else if $p.Ragged }}
    if (i + {{ $p.L }} <= {{ $p.I }})
    {
{{- template "scan_chunk_lanes" (dict "root" . "lanes" $p.L) }}
    }
    else
    {
{{- template "scan_chunk_lanes" (dict "root" . "lanes" (mod $p.I $p.L)) }}
    }
{{- else }}
    {
{{- template "scan_chunk_lanes" (dict "root" . "lanes" $p.L) }}
    }
{{- end }}
}


{{- define "scan_chunk_run" }}
{{- $p := .pass }}
{{- $t := .output.CType }}
{{- if $p.Totals }}
    // The fold of the chunk: the values of each block of {{ $p.B }} folded
    // pairwise in a tree, each level of neighbours in order, and the blocks'
    // folds one after another.
    {{ $t }} acc = SCAN_LOAD(o, start, i);
    VSIZE_T r = start + 1;
    for (; r + {{ $p.B }} <= end; r += {{ $p.B }})
    {
        {{ $t }} v[{{ $p.B }}];
        #pragma unroll
        for (unsigned int j = 0; j < {{ $p.B }}; j++)
            v[j] = SCAN_LOAD(o, r + j, i);
        #pragma unroll
        for (unsigned int h = 1; h < {{ $p.B }}; h *= 2)
            #pragma unroll
            for (unsigned int j = 0; j < {{ $p.B }}; j += 2 * h)
                v[j] = scan_op(v[j], v[j + h]);
        acc = scan_op(acc, v[0]);
    }
    for (; r < end; r++)
        acc = scan_op(acc, SCAN_LOAD(o, r, i));
    SCAN_STORE_TOTAL(o, w, i, acc);
{{- else }}
    {{ $t }} acc; // the fold of the elements before r
    VSIZE_T r = start;
{{- if .totals }}
    if (w > 0)
    {
        // The fold of the chunks before this one.
        acc = SCAN_TOTAL(o, 0, i);
        for (VSIZE_T t = 1; t < w; t++)
            acc = scan_op(acc, SCAN_TOTAL(o, t, i));
    }
    else
{{- end }}
    {
        // The first element of r.
        acc = SCAN_LOAD(o, r, i);
        SCAN_STORE(o, r, i, {{ if $p.Exclusive }}{{ .empty }}{{ else }}acc{{ end }});
        r++;
    }
    // Blocks of {{ $p.B }}: the scan of the block's own elements (part), a
    // chain that does not wait for acc, each combined with acc.
    for (; r + {{ $p.B }} <= end; r += {{ $p.B }})
    {
        {{ $t }} part = SCAN_LOAD(o, r, i);
        SCAN_STORE(o, r, i, {{ if $p.Exclusive }}acc{{ else }}scan_op(acc, part){{ end }});
        #pragma unroll
        for (unsigned int j = 1; j < {{ $p.B }}; j++)
        {
            const {{ $t }} x = SCAN_LOAD(o, r + j, i);
{{- if $p.Exclusive }}
            SCAN_STORE(o, r + j, i, scan_op(acc, part));
            part = scan_op(part, x);
{{- else }}
            part = scan_op(part, x);
            SCAN_STORE(o, r + j, i, scan_op(acc, part));
{{- end }}
        }
        acc = scan_op(acc, part);
    }
    for (; r < end; r++)
    {
        const {{ $t }} x = SCAN_LOAD(o, r, i);
{{- if $p.Exclusive }}
        SCAN_STORE(o, r, i, acc);
        acc = scan_op(acc, x);
{{- else }}
        acc = scan_op(acc, x);
        SCAN_STORE(o, r, i, acc);
{{- end }}
    }
{{- end }}
{{- end }}


{{- define "scan_chunk_lanes" }}
{{- $p := .root.pass }}
{{- $t := .root.output.CType }}
{{- $n := .lanes }}
        // {{ $n }} lanes, each folded on its own.
        {{ $t }} acc[{{ $n }}];
{{- if $p.Totals }}
        #pragma unroll
        for (unsigned int l = 0; l < {{ $n }}; l++)
            acc[l] = SCAN_LOAD(o, start, i + l);
        for (VSIZE_T r = start + 1; r < end; r++)
            #pragma unroll
            for (unsigned int l = 0; l < {{ $n }}; l++)
                acc[l] = scan_op(acc[l], SCAN_LOAD(o, r, i + l));
        #pragma unroll
        for (unsigned int l = 0; l < {{ $n }}; l++)
            SCAN_STORE_TOTAL(o, w, i + l, acc[l]);
{{- else }}
        VSIZE_T r = start;
{{- if .root.totals }}
        if (w > 0)
        {
            // The fold of the chunks before this one.
            #pragma unroll
            for (unsigned int l = 0; l < {{ $n }}; l++)
                acc[l] = SCAN_TOTAL(o, 0, i + l);
            for (VSIZE_T t = 1; t < w; t++)
                #pragma unroll
                for (unsigned int l = 0; l < {{ $n }}; l++)
                    acc[l] = scan_op(acc[l], SCAN_TOTAL(o, t, i + l));
        }
        else
{{- end }}
        {
            // The first element of r.
            #pragma unroll
            for (unsigned int l = 0; l < {{ $n }}; l++)
            {
                acc[l] = SCAN_LOAD(o, r, i + l);
                SCAN_STORE(o, r, i + l, {{ if $p.Exclusive }}{{ .root.empty }}{{ else }}acc[l]{{ end }});
            }
            r++;
        }
        for (; r < end; r++)
            #pragma unroll
            for (unsigned int l = 0; l < {{ $n }}; l++)
            {
                const {{ $t }} x = SCAN_LOAD(o, r, i + l);
{{- if $p.Exclusive }}
                SCAN_STORE(o, r, i + l, acc[l]);
                acc[l] = scan_op(acc[l], x);
{{- else }}
                acc[l] = scan_op(acc[l], x);
                SCAN_STORE(o, r, i + l, acc[l]);
{{- end }}
            }
{{- end }}
{{- end }}
