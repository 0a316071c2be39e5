{{- /* One kernel of a scan (see scanPlan in scan_plan.go). The input is
    seen as (o, r, i); work-group (o, b, i) scans block b of r, of
    B = WG·E elements: it loads the block into local memory in order (so
    that neighbouring items read neighbouring elements), each item scans
    its E consecutive elements serially, the work-group scans the items'
    totals by log-step passes, and each item combines its elements with
    the totals before its own. With .pass.Totals the kernel writes only
    the block's total, to element (o, b, i) of the output. Otherwise it
    writes the scanned block, each element combined first with the
    inclusive scan of the totals of the blocks before (the argument
    prefix, at (o, b - 1, i)) where there is one; an exclusive scan writes
    at each position the value of the position before, and the empty value
    at the first. The operation need not be commutative: values are only
    ever combined with those after them. */ -}}
INLINE WITHIN_KERNEL {{ .output.CType }} scan_op({{ .output.CType }} v1, {{ .output.CType }} v2)
{
    {{ .operation.Call "v1" "v2" }}
}

#define SCAN_LOAD(_o, _r, _i) {{ .input.LoadIdx }}({{ .pass.Load }})
#define SCAN_STORE(_o, _r, _i, _v) {{ .output.StoreIdx }}({{ .pass.Store }}_v)
{{- if .prefix }}
#define SCAN_PREFIX(_o, _r, _i) {{ .prefix.LoadIdx }}({{ .pass.Prefix }})
{{- end }}
#define SCAN_PAD(_j) ((_j) + ((_j) >> 5))

{{ .kernel_declaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM {{ .output.CType }} elems[SCAN_PAD({{ .pass.Block }})];
    LOCAL_MEM {{ .output.CType }} totals[{{ .pass.WG }}];

    const VSIZE_T o = virtual_group_id(0);
    const VSIZE_T b = virtual_group_id(1);
    const VSIZE_T i = virtual_group_id(2);
    const unsigned int t = virtual_local_id(1);
    const VSIZE_T start = b * {{ .pass.Block }};
    const unsigned int n = {{ .pass.R }} - start < {{ .pass.Block }} ? (unsigned int)({{ .pass.R }} - start) : {{ .pass.Block }};

    for (unsigned int k = 0; k < {{ .pass.E }}; k++)
    {
        const unsigned int j = k * {{ .pass.WG }} + t;
        if (j < n)
            elems[SCAN_PAD(j)] = SCAN_LOAD(o, start + j, i);
    }
    LOCAL_BARRIER;

    const unsigned int first = t * {{ .pass.E }};
    const unsigned int count = first < n ? (n - first < {{ .pass.E }} ? n - first : {{ .pass.E }}) : 0;
    if (count > 0)
    {
        {{ .output.CType }} acc = elems[SCAN_PAD(first)];
        for (unsigned int k = 1; k < count; k++)
        {
            acc = scan_op(acc, elems[SCAN_PAD(first + k)]);
{{- if not .pass.Totals }}
            elems[SCAN_PAD(first + k)] = acc;
{{- end }}
        }
        totals[t] = acc;
    }

    const unsigned int items = (n + {{ .pass.E }} - 1) / {{ .pass.E }};
    for (unsigned int d = 1; d < {{ .pass.WG }}; d <<= 1)
    {
        LOCAL_BARRIER;
        const bool update = t < items && t >= d;
        const {{ .output.CType }} v = update ? scan_op(totals[t - d], totals[t]) : totals[t];
        LOCAL_BARRIER;
        if (update)
            totals[t] = v;
    }
    LOCAL_BARRIER;
{{- if .pass.Totals }}

    if (t == 0)
        SCAN_STORE(o, b, i, totals[items - 1]);
{{- else }}

    {{ .output.CType }} seed = totals[t > 0 ? t - 1 : 0];
{{- if .prefix }}
    if (b > 0)
        seed = t > 0 ? scan_op(SCAN_PREFIX(o, b - 1, i), seed) : SCAN_PREFIX(o, b - 1, i);
    const bool seeded = t > 0 || b > 0;
{{- else }}
    const bool seeded = t > 0;
{{- end }}
    if (seeded)
        for (unsigned int k = 0; k < count; k++)
            elems[SCAN_PAD(first + k)] = scan_op(seed, elems[SCAN_PAD(first + k)]);
    LOCAL_BARRIER;

    for (unsigned int k = 0; k < {{ .pass.E }}; k++)
    {
        const unsigned int j = k * {{ .pass.WG }} + t;
        if (j < n)
        {
{{- if .pass.Exclusive }}
            {{ .output.CType }} v;
            if (j > 0)
                v = elems[SCAN_PAD(j - 1)];
{{- if .prefix }}
            else if (b > 0)
                v = SCAN_PREFIX(o, b - 1, i);
{{- end }}
            else
                v = {{ .empty }};
            SCAN_STORE(o, start + j, i, v);
{{- else }}
            SCAN_STORE(o, start + j, i, elems[SCAN_PAD(j)]);
{{- end }}
        }
    }
{{- end }}
}
