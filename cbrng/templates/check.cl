{{- /* The check of the counters before a call (counters.go): each of the
    generators of the launch has a counter of .words words of .word, low
    word first, in counters; .limit holds the limit's words as C literals,
    low first, and .highFirst their indices from the highest. A generator
    whose counter is above the limit sets *above to 1, which holds 0
    before the launch. */ -}}
{{- define "check_counters" -}}
KERNEL void check_counters(GLOBAL_MEM const {{ .word }} *counters, GLOBAL_MEM unsigned int *above)
{
    VIRTUAL_SKIP_THREADS;
    GLOBAL_MEM const {{ .word }} *c = counters + virtual_global_id(0) * {{ .words }};
{{- range $i := .highFirst }}
    if (c[{{ $i }}] != {{ index $.limit $i }})
    {
        if (c[{{ $i }}] > {{ index $.limit $i }})
            *above = 1u;
        return;
    }
{{- end }}
}
{{- end }}
