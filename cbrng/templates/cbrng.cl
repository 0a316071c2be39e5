{{- /* The kernel of CBRNG (cbrng.go): work-item g is generator g, the
    flat index of the last axes of randoms (.genDims of them, the rest
    .batchDims). It loads its counter from row g of counters, takes its key
    from the key generator, calls the sampler .plan.Calls times and stores
    each value along the batch axes, calls it once more for the first
    .plan.Tail values of a last, partial call, and stores the counter
    where the next call of the computation goes on. */ -}}

{{- define "cbrng" -}}
{{- if .batchDims }}
#define CBRNG_STORE(b, g, value) {{ .randoms.StoreCombined .batchDims .genDims }}(b, g, value)
{{- else }}
#define CBRNG_STORE(b, g, value) {{ .randoms.StoreCombined .genDims }}(g, value)
{{- end }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T generator = virtual_global_id(0);
    {{ .bijection }}_Counter counter;
{{- range $w := seq .counterWords }}
    counter.v[{{ $w }}] = {{ $.counters.LoadCombined $.genDims 1 }}(generator, {{ $w }});
{{- end }}
    {{ .bijection }}_State state = {{ .bijection }}_make_state({{ .keygen }}_key_from_int((unsigned int)generator), counter);
{{- $n := .plan.PerCall }}
{{- if .plan.Calls }}
    for (VSIZE_T call = 0; call < {{ .plan.Calls }}; call++)
    {
        const {{ .sampler }}_Result result = {{ .sampler }}_sample(&state);
{{- range $j := seq $n }}
        CBRNG_STORE(call * {{ $n }} + {{ $j }}, generator, result.v[{{ $j }}]);
{{- end }}
    }
{{- end }}
{{- if .plan.Tail }}
    {
        const {{ .sampler }}_Result result = {{ .sampler }}_sample(&state);
{{- range $j := seq .plan.Tail }}
        CBRNG_STORE({{ add (mul $.plan.Calls $n) $j }}, generator, result.v[{{ $j }}]);
{{- end }}
    }
{{- end }}
    const {{ .bijection }}_Counter next = {{ .bijection }}_get_next_unused_counter(state);
{{- range $w := seq .counterWords }}
    {{ $.counters.StoreCombined $.genDims 1 }}(generator, {{ $w }}, next.v[{{ $w }}]);
{{- end }}
}
{{- end }}
