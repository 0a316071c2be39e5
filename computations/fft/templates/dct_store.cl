{{- /* The store of a real-to-real transform's FFT (dct_plan.go): the code
    of the transformation connected to the FFT's output, which turns
    element k of the complex FFT along the transformed axis into an element
    of the real output y as the axis's r2rMode says, scaled. */ -}}
{{- $r := .r2r }}
{{- define "r2r_store_at" }}{{ range $i, $x := .Idxs }}{{ if $i }}, {{ end }}{{ if eq $i $.Axis }}{{ $.At }}{{ else }}{{ $x }}{{ end }}{{ end }}{{ end }}
{{- define "r2r_store_post" }}{{ range .r.PostAt }} * ({{ $.At }} == {{ . }} ? {{ $.r.Post }} : 1){{ end }}{{ end }}
    const VSIZE_T r2r_k = {{ index .Idxs $r.Axis }};
    const {{ $r.CType }} r2r_v = {{ .input.LoadSame }};
{{- if eq $r.Mode "makhoul" }}
    const {{ $r.CType }} r2r_w = {{ .w_store.LoadIdx }}(r2r_k);
    const {{ $r.RType }} r2r_c = r2r_w.x, r2r_s = r2r_w.y;
    const VSIZE_T r2r_dst = {{ if $r.Sine }}{{ $r.N }} - 1 - {{ end }}r2r_k;
    {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, 2 * (r2r_v.x * r2r_c + r2r_v.y * r2r_s) * {{ $r.Scale }}{{ template "r2r_store_post" (dict "r" $r "At" "r2r_dst") }});
{{- else if eq $r.Mode "makhoulInverse" }}
    const VSIZE_T r2r_dst = r2r_k < {{ $r.HalfRoundUp }} ? 2 * r2r_k : 2 * ({{ $r.N }} - 1 - r2r_k) + 1;
    {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, r2r_v.x{{ if $r.Sine }} * ((r2r_dst & 1) ? -1 : 1){{ end }} * {{ $r.Scale }});
{{- else if eq $r.Mode "twiddlePad" }}
    if (r2r_k < {{ $r.N }})
    {
        const {{ $r.CType }} r2r_w = {{ .w_store.LoadIdx }}(r2r_k);
        const {{ $r.RType }} r2r_c = r2r_w.x, r2r_s = r2r_w.y;
        const VSIZE_T r2r_dst = r2r_k;
{{- if $r.Sine }}
        {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, -2 * (r2r_v.y * r2r_c - r2r_v.x * r2r_s) * {{ $r.Scale }});
{{- else }}
        {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, 2 * (r2r_v.x * r2r_c + r2r_v.y * r2r_s) * {{ $r.Scale }});
{{- end }}
    }
{{- else if eq $r.Mode "halfComplex" }}
    const {{ $r.CType }} r2r_w = {{ .w_store.LoadIdx }}(r2r_k);
    const {{ $r.RType }} r2r_ur = r2r_v.x * r2r_w.x + r2r_v.y * r2r_w.y;
    const {{ $r.RType }} r2r_ui = r2r_v.y * r2r_w.x - r2r_v.x * r2r_w.y;
    const VSIZE_T r2r_even = 2 * r2r_k, r2r_odd = {{ $r.N }} - 1 - 2 * r2r_k;
    {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_even") }}, 2 * r2r_ur * {{ $r.Scale }});
    {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_odd") }}, {{ if $r.Sine }}{{ else }}-{{ end }}2 * r2r_ui * {{ $r.Scale }});
{{- else if eq $r.Mode "evenExtension" }}
    if (r2r_k < {{ $r.N }})
    {
        const VSIZE_T r2r_dst = r2r_k;
        {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, r2r_v.x * {{ $r.Scale }}{{ template "r2r_store_post" (dict "r" $r "At" "r2r_dst") }});
    }
{{- else if eq $r.Mode "oddExtension" }}
    if (r2r_k >= 1 && r2r_k <= {{ $r.N }})
    {
        const VSIZE_T r2r_dst = r2r_k - 1;
        {{ .output.StoreIdx }}({{ template "r2r_store_at" (dict "Idxs" .Idxs "Axis" $r.Axis "At" "r2r_dst") }}, -r2r_v.y * {{ $r.Scale }});
    }
{{- end }}
