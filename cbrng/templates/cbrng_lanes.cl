{{- /* The kernel of CBRNG on CPU devices (cbrng.go, cbrng_plan.go): work-item
    i makes the values of the .lanes neighbouring generators .lanes × i
    to .lanes × i + .lanes − 1 (numbered as in cbrng.cl), one in each lane
    of the lanes modules of the bijection, .bijection, and of the sampler,
    .sampler. It loads their counters from their rows of counters, takes
    their keys from the key generator (.keygen, whose keys are those of the
    scalar bijection .scalarBijection), calls the sampler .plan.Calls
    times, and once more for the first .plan.Tail values of a last,
    partial call, and stores the counters where the next call of the
    computation goes on. Where .direct, randoms is reached through its
    pointer, and each value of the sampler's result is one vstore of the
    .lanes generators' neighbouring elements; otherwise each lane is
    stored through the store macro, as cbrng.cl stores it. Where
    .plan.Partial, the last work-item has fewer generators than lanes
    (valid of them): its other lanes load lane 0's counter, compute
    values that no store keeps, and store nothing. .word is the C type of
    the vector of the lanes' words. */ -}}

{{- define "cbrng_lanes" -}}
{{- if or (not .direct) .plan.Partial }}
{{- if .batchDims }}
#define CBRNG_STORE(b, g, value) {{ .randoms.StoreCombined .batchDims .genDims }}(b, g, value)
{{- else }}
#define CBRNG_STORE(b, g, value) {{ .randoms.StoreCombined .genDims }}(g, value)
{{- end }}
{{- end }}

{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T generator = virtual_global_id(0) * {{ .lanes }}; // of lane 0
{{- if .plan.Partial }}
    const VSIZE_T valid = min((VSIZE_T){{ .lanes }}, (VSIZE_T){{ .plan.Generators }} - generator); // lanes of generators
{{- end }}
    {{ .bijection }}_Counter counter;
{{- range $w := seq .counterWords }}
    counter.v[{{ $w }}] = ({{ $.word }})(
{{- range $l := seq $.lanes }}{{ if $l }}, {{ end }}{{ $.counters.LoadCombined $.genDims 1 }}(generator + {{ if and $.plan.Partial $l }}({{ $l }} < valid ? {{ $l }} : 0){{ else }}{{ $l }}{{ end }}, {{ $w }}){{ end }});
{{- end }}
    {{ .bijection }}_Key key;
    {
{{- range $l := seq .lanes }}
        const {{ $.scalarBijection }}_Key key{{ $l }} = {{ $.keygen }}_key_from_int((unsigned int)(generator + {{ $l }}));
{{- end }}
{{- range $w := seq .keyWords }}
        key.v[{{ $w }}] = ({{ $.word }})({{ range $l := seq $.lanes }}{{ if $l }}, {{ end }}key{{ $l }}.v[{{ $w }}]{{ end }});
{{- end }}
    }
{{- $n := .plan.PerCall }}
{{- if .plan.Calls }}
    for (VSIZE_T call = 0; call < {{ .plan.Calls }}; call++)
    {
        const {{ .sampler }}_Lanes result = {{ .sampler }}_sample_lanes(key, &counter);
{{- range $j := seq $n }}
        {{ template "cbrng_lanes_store" (dict "a" $ "b" (printf "call * %d + %d" $n $j) "j" $j) }}
{{- end }}
    }
{{- end }}
{{- if .plan.Tail }}
    {
        const {{ .sampler }}_Lanes result = {{ .sampler }}_sample_lanes(key, &counter);
{{- range $j := seq .plan.Tail }}
        {{ template "cbrng_lanes_store" (dict "a" $ "b" (print (add (mul $.plan.Calls $n) $j)) "j" $j) }}
{{- end }}
    }
{{- end }}
{{- range $l := seq .lanes }}
{{- range $w := seq $.counterWords }}
    {{ if and $.plan.Partial $l }}if ({{ $l }} < valid) { {{ end }}{{ $.counters.StoreCombined $.genDims 1 }}(generator + {{ $l }}, {{ $w }}, counter.v[{{ $w }}].s{{ $l }});{{ if and $.plan.Partial $l }} }{{ end }}
{{- end }}
{{- end }}
}
{{- end }}

{{- /* cbrng_lanes_store stores value .j of the sampler's result, the
    vector result.v[.j] of the lanes' values (with result.im[.j], their
    imaginary parts, where .a.complex), at the batch index .b (a C
    expression) of the kernel's arguments .a: where .a.direct, by one
    vstore of the vector (of a shuffle of the two vectors, the real and
    imaginary parts of each lane in turn, for complex values), or where
    .a.plan.Partial, by one where the work-item's lanes are all valid;
    otherwise lane by lane. */ -}}
{{- define "cbrng_lanes_store" -}}
{{- if and .a.direct .a.plan.Partial -}}
if (valid == {{ .a.lanes }}) { {{ template "cbrng_lanes_vstore" . }} } else { {{ template "cbrng_lanes_lanes" . }} }
{{- else if .a.direct -}}
{{ template "cbrng_lanes_vstore" . }}
{{- else -}}
{{ template "cbrng_lanes_lanes" . }}
{{- end -}}
{{- end }}

{{- /* cbrng_lanes_vstore is the vstore of cbrng_lanes_store. .a.real is
    the C type of a real part. */ -}}
{{- define "cbrng_lanes_vstore" -}}
{{- $at := printf "(VSIZE_T)(%s) * %d + generator" .b .a.plan.Generators }}
{{- if .a.complex -}}
vstore{{ mul .a.lanes 2 }}(shuffle2(result.v[{{ .j }}], result.im[{{ .j }}], ({{ .a.mask }})({{ range $l := seq .a.lanes }}{{ if $l }}, {{ end }}{{ $l }}, {{ add $l $.a.lanes }}{{ end }})), 0, (GLOBAL_MEM {{ .a.real }} *)({{ .a.randoms.Pointer }} + {{ $at }}));
{{- else -}}
vstore{{ .a.lanes }}(result.v[{{ .j }}], 0, {{ .a.randoms.Pointer }} + {{ $at }});
{{- end -}}
{{- end }}

{{- /* cbrng_lanes_lanes is the stores of cbrng_lanes_store lane by lane,
    of the valid lanes alone where .a.plan.Partial. .a.ctype is the C
    type of a value. */ -}}
{{- define "cbrng_lanes_lanes" -}}
{{- $b := .b }}{{ $a := .a }}{{ $j := .j -}}
{{- range $l := seq .a.lanes }}{{ if $l }} {{ end -}}
{{ if and $a.plan.Partial $l }}if ({{ $l }} < valid) { {{ end -}}
CBRNG_STORE({{ $b }}, generator + {{ $l }}, {{ if $a.complex }}COMPLEX_CTR({{ $a.ctype }})(result.v[{{ $j }}].s{{ $l }}, result.im[{{ $j }}].s{{ $l }}){{ else }}result.v[{{ $j }}].s{{ $l }}{{ end }});
{{- if and $a.plan.Partial $l }} }{{ end }}
{{- end }}
{{- end }}
