{{- /* One kernel of a scan (see scanPlan in scan_plan.go). The input is
    seen as (o, r, i); work-group (o, b, ib) scans block b of r, of
    Block = S·E elements, for the L lanes i = ib·L + l side by side (so
    that neighbouring items read neighbouring elements whether the scanned
    axes are the last ones, L = 1, or kept axes follow them). For each
    lane, the group loads the block into local memory in order, each of
    its S items scans E consecutive elements serially, the items' totals
    are scanned by log-step passes, and each item combines its elements
    with the totals before its own. With .pass.Totals the kernel writes
    only the block's total, to element (o, b, i) of the output. Otherwise
    it writes the scanned block, each element combined first with the
    inclusive scan of the totals of the blocks before (the argument
    prefix, at (o, b - 1, i)) where there is one; an exclusive scan writes
    at each position the value of the position before, and the empty value
    at the first. The operation need not be commutative: values are only
    ever combined with those after them. */ -}}
{{- $p := .pass }}
INLINE WITHIN_KERNEL {{ .output.CType }} scan_op({{ .output.CType }} v1, {{ .output.CType }} v2)
{
    {{ .operation.Call "v1" "v2" }}
}

#define SCAN_LOAD(_o, _r, _i) {{ .input.LoadIdx }}({{ $p.Load }})
#define SCAN_STORE(_o, _r, _i, _v) {{ .output.StoreIdx }}({{ $p.Store }}_v)
{{- if .prefix }}
#define SCAN_PREFIX(_o, _r, _i) {{ .prefix.LoadIdx }}({{ $p.Prefix }})
{{- end }}
#define SCAN_ELEM(_j) elems[((_j) + ((_j) >> 5)) * {{ $p.L }} + l]

{{ .kernel_declaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM {{ .output.CType }} elems[{{ $p.LocalElems }}];
    LOCAL_MEM {{ .output.CType }} totals[{{ mul $p.S $p.L }}];

    const VSIZE_T o = virtual_group_id(0);
    const VSIZE_T b = virtual_group_id(1);
    const unsigned int s = virtual_local_id(1);
    const unsigned int l = virtual_local_id(2);
    const VSIZE_T i = virtual_group_id(2) * {{ $p.L }} + l;
    const bool lane = i < {{ $p.I }};
    const VSIZE_T start = b * {{ $p.Block }};
    const unsigned int n = {{ $p.R }} - start < {{ $p.Block }} ? (unsigned int)({{ $p.R }} - start) : {{ $p.Block }};

    for (unsigned int k = 0; k < {{ $p.E }}; k++)
    {
        const unsigned int j = k * {{ $p.S }} + s;
        if (lane && j < n)
            SCAN_ELEM(j) = SCAN_LOAD(o, start + j, i);
    }
    LOCAL_BARRIER;

    const unsigned int first = s * {{ $p.E }};
    const unsigned int count = lane && first < n ? (n - first < {{ $p.E }} ? n - first : {{ $p.E }}) : 0;
    if (count > 0)
    {
        {{ .output.CType }} acc = SCAN_ELEM(first);
        for (unsigned int k = 1; k < count; k++)
        {
            acc = scan_op(acc, SCAN_ELEM(first + k));
{{- if not $p.Totals }}
            SCAN_ELEM(first + k) = acc;
{{- end }}
        }
        totals[s * {{ $p.L }} + l] = acc;
    }

    const unsigned int items = lane ? (n + {{ $p.E }} - 1) / {{ $p.E }} : 0;
    for (unsigned int d = 1; d < {{ $p.S }}; d <<= 1)
    {
        LOCAL_BARRIER;
        const bool update = s < items && s >= d;
        const {{ .output.CType }} v = update ? scan_op(totals[(s - d) * {{ $p.L }} + l], totals[s * {{ $p.L }} + l]) : totals[s * {{ $p.L }} + l];
        LOCAL_BARRIER;
        if (update)
            totals[s * {{ $p.L }} + l] = v;
    }
    LOCAL_BARRIER;
{{- if $p.Totals }}

    if (s == 0 && lane)
        SCAN_STORE(o, b, i, totals[(items - 1) * {{ $p.L }} + l]);
{{- else }}

    {{ .output.CType }} seed = totals[(s > 0 ? s - 1 : 0) * {{ $p.L }} + l];
{{- if .prefix }}
    if (lane && b > 0)
        seed = s > 0 ? scan_op(SCAN_PREFIX(o, b - 1, i), seed) : SCAN_PREFIX(o, b - 1, i);
    const bool seeded = s > 0 || b > 0;
{{- else }}
    const bool seeded = s > 0;
{{- end }}
    if (seeded)
        for (unsigned int k = 0; k < count; k++)
            SCAN_ELEM(first + k) = scan_op(seed, SCAN_ELEM(first + k));
    LOCAL_BARRIER;

    for (unsigned int k = 0; k < {{ $p.E }}; k++)
    {
        const unsigned int j = k * {{ $p.S }} + s;
        if (lane && j < n)
        {
{{- if $p.Exclusive }}
            {{ .output.CType }} v;
            if (j > 0)
                v = SCAN_ELEM(j - 1);
{{- if .prefix }}
            else if (b > 0)
                v = SCAN_PREFIX(o, b - 1, i);
{{- end }}
            else
                v = {{ .empty }};
            SCAN_STORE(o, start + j, i, v);
{{- else }}
            SCAN_STORE(o, start + j, i, SCAN_ELEM(j));
{{- end }}
        }
    }
{{- end }}
}
