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
    ever combined with those after them.

    With .pass.Lookback the kernel scans all of r in a single pass
    (decoupled look-back). Work-groups take their block from a ticket
    counter (word 0 of the array status), in the order they start, so that
    a block only ever waits for blocks that have started before it and
    run; the ticket t is block b = t mod Blocks of lane group
    (t / Blocks) mod LaneGroups of o = t / (Blocks·LaneGroups). Each block,
    once it has scanned itself, publishes for each lane its total
    (aggregate, flag SCAN_AGGREGATE) or, the first block, its inclusive
    prefix (flag SCAN_INCLUSIVE); it then reads the status of up to Window
    blocks before it at once, combines them in order from the nearest
    published inclusive prefix (the operation applied as op(earlier,
    later)), moves the window further back while every block in it has only
    its total out, and reads the window again while the nearest block
    without an inclusive prefix has published nothing yet. It publishes
    its own inclusive prefix and scans its elements from its exclusive one.

    Memory ordering. A status value of Chunks × 16 bits is published as
    Chunks 32-bit words (flag << 16 | 16 bits of the value), each written
    with one atomic exchange and read with one atomic operation; the array
    is cleared (flag 0, nothing published) before the kernel runs. A status
    goes through three states only, nothing → total → inclusive prefix,
    and each word changes at most twice, always from a word of an earlier
    state to one of a later. A reader takes a status as published only when
    all of its words carry the same non-zero flag: then every word was
    written by the publication of that state (the total and the inclusive
    prefix are written once each), so the value put together from them is
    the published value, whatever order the words became visible in. A
    mix of flags is a publication in progress and reads as nothing. So the
    look-back needs no ordering between different addresses, only the
    atomicity of each 32-bit word and that a spinning atomic read
    eventually sees the latest write, which OpenCL C 1.1's atomic
    functions give across work-groups; no fence is involved. The ticket
    counter gives forward progress: a block waits only on blocks with
    earlier tickets, which have started, and of those the earliest waits on
    nothing. The first block publishes an inclusive prefix, never a
    total, so a window that reaches it always ends there. */ -}}
{{- $p := .pass }}
INLINE WITHIN_KERNEL {{ .output.CType }} scan_op({{ .output.CType }} v1, {{ .output.CType }} v2)
{
    {{ .operation.Call "v1" "v2" }}
}

#define SCAN_LOAD(_o, _r, _i) {{ .input.LoadIdx }}({{ $p.Load }})
#define SCAN_STORE(_o, _r, _i, _v) {{ .output.StoreIdx }}({{ $p.Store }}_v)
{{- if .prefix }}
#define SCAN_PREFIX(_o, _r, _i) {{ .prefix.LoadIdx }}({{ $p.Prefix }})
// The inclusive scan of the blocks before this one.
#define SCAN_BEFORE SCAN_PREFIX(o, b - 1, i)
{{- else if $p.Lookback }}
#define SCAN_BEFORE before[l]
{{- end }}
#define SCAN_ELEM(_j) elems[((_j) + ((_j) >> 5)) * {{ $p.L }} + l]
{{- if $p.Lookback }}

#define SCAN_AGGREGATE 1u
#define SCAN_INCLUSIVE 2u

// The words of a status value: its bytes as Chunks 16-bit pieces.
typedef union
{
    {{ .output.CType }} value;
    unsigned short pieces[{{ $p.Chunks }}];
} scan_status_value;

// scan_publish writes value with flag into the status words at entry.
INLINE WITHIN_KERNEL void scan_publish(GLOBAL_MEM unsigned int *entry, unsigned int flag, {{ .output.CType }} value)
{
    scan_status_value u;
    for (unsigned int c = 0; c < {{ $p.Chunks }}; c++)
        u.pieces[c] = 0;
    u.value = value;
    for (unsigned int c = 0; c < {{ $p.Chunks }}; c++)
        atomic_xchg(entry + c, (flag << 16) | u.pieces[c]);
}

// scan_read reads the status at entry into *value and returns its flag, 0
// while nothing, or only a part of a value, is published.
INLINE WITHIN_KERNEL unsigned int scan_read(GLOBAL_MEM unsigned int *entry, {{ .output.CType }} *value)
{
    scan_status_value u;
    unsigned int flag = 0;
    for (unsigned int c = 0; c < {{ $p.Chunks }}; c++)
    {
        const unsigned int word = atomic_or(entry + c, 0u);
        u.pieces[c] = (unsigned short)(word & 0xffffu);
        if (c == 0)
            flag = word >> 16;
        else if (word >> 16 != flag)
            flag = 0;
    }
    *value = u.value;
    return flag;
}

// The status words of block _b at position (_o, _i), after the ticket.
#define SCAN_STATUS(_o, _b, _i) (status + 1 + (((VSIZE_T)(_o) * {{ $p.Blocks }} + (VSIZE_T)(_b)) * {{ $p.I }} + (VSIZE_T)(_i)) * {{ $p.Chunks }})
{{- end }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    LOCAL_MEM {{ .output.CType }} elems[{{ $p.LocalElems }}];
    LOCAL_MEM {{ .output.CType }} totals[{{ mul $p.S $p.L }}];

    const unsigned int s = virtual_local_id(1);
    const unsigned int l = virtual_local_id(2);
{{- if $p.Lookback }}
    // The status array: its first element's address (a temporary array
    // has no transformation, so its load is an lvalue).
    GLOBAL_MEM unsigned int *status = &{{ .status.LoadIdx }}(0);
    LOCAL_MEM unsigned int ticket;
    if (s == 0 && l == 0)
        ticket = atomic_inc(status);
    LOCAL_BARRIER;
    const VSIZE_T b = ticket % {{ $p.Blocks }};
    const VSIZE_T o = ticket / {{ $p.Blocks }} / {{ $p.LaneGroups }};
    const VSIZE_T i = (ticket / {{ $p.Blocks }} % {{ $p.LaneGroups }}) * {{ $p.L }} + l;
{{- else }}
    const VSIZE_T o = virtual_group_id(0);
    const VSIZE_T b = virtual_group_id(1);
    const VSIZE_T i = virtual_group_id(2) * {{ $p.L }} + l;
{{- end }}
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

{{- if $p.Lookback }}
{{ template "scan_lookback" . }}
{{- end }}
    {{ .output.CType }} seed = totals[(s > 0 ? s - 1 : 0) * {{ $p.L }} + l];
{{- if or .prefix $p.Lookback }}
    if (lane && b > 0)
        seed = s > 0 ? scan_op(SCAN_BEFORE, seed) : SCAN_BEFORE;
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
{{- if or .prefix $p.Lookback }}
            else if (b > 0)
                v = SCAN_BEFORE;
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


{{- define "scan_lookback" }}
{{- $p := .pass }}
    // The first item of each lane publishes the lane's total, then looks
    // back for the prefix of the blocks before (before[l]): it reads the
    // status of up to Window blocks at once, nearest first, and folds them
    // up to and including the nearest inclusive prefix; while every block
    // of the window has only its total out it folds them all and moves
    // the window back, and while a block before the nearest inclusive
    // prefix has published nothing it reads the same window again.
    LOCAL_MEM {{ .output.CType }} before[{{ $p.L }}];
    // Every item reads its lane's total outside the branch: PoCL 3.1
    // skipped the branch below when the read was its first statement.
    const {{ .output.CType }} aggregate = totals[(items > 0 ? items - 1 : 0) * {{ $p.L }} + l];
    if (s == 0 && lane)
    {
        scan_publish(SCAN_STATUS(o, b, i), b > 0 ? SCAN_AGGREGATE : SCAN_INCLUSIVE, aggregate);
        VSIZE_T unread = b; // the blocks before the window
        bool found = false; // whether before[l] holds the part found so far
        while (unread > 0)
        {
            const unsigned int w = unread < {{ $p.Window }} ? (unsigned int)unread : {{ $p.Window }};
            unsigned int flags[{{ $p.Window }}];
            {{ .output.CType }} values[{{ $p.Window }}];
            for (unsigned int t = 0; t < w; t++)
                flags[t] = scan_read(SCAN_STATUS(o, unread - 1 - t, i), &values[t]);
            unsigned int last = 0;
            while (last < w - 1 && flags[last] == SCAN_AGGREGATE)
                last++;
            if (flags[last] == 0)
                continue;
            {{ .output.CType }} part = values[last];
            for (unsigned int t = last; t > 0; t--)
                part = scan_op(part, values[t - 1]);
            before[l] = found ? scan_op(part, before[l]) : part;
            found = true;
            unread = flags[last] == SCAN_INCLUSIVE ? 0 : unread - w;
        }
        if (b > 0)
            scan_publish(SCAN_STATUS(o, b, i), SCAN_INCLUSIVE, scan_op(before[l], aggregate));
    }
    LOCAL_BARRIER;
{{- end }}
