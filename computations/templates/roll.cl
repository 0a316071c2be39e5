{{- /*
The kernels of Roll and RollInPlace.

roll writes every element of the output from the input element .shift
positions before it along the rolled axis, cyclically. The virtual launch
is (outer, length, inner): outer is the combined index of the .before axes
in front of the rolled one, inner that of the .after axes behind it.

roll_copy copies a contiguous temporary array back into the array of
RollInPlace, over the same launch.
*/ -}}

{{- define "roll_indices" -}}
{{- if and .before .after }}outer, {{ .axis }}, inner
{{- else if .before }}outer, {{ .axis }}
{{- else if .after }}{{ .axis }}, inner
{{- else }}{{ .axis }}
{{- end -}}
{{- end -}}

{{- define "roll_load" -}}
{{- if and .before .after }}{{ .array.LoadCombined .before 1 .after }}
{{- else if .before }}{{ .array.LoadCombined .before 1 }}
{{- else if .after }}{{ .array.LoadCombined 1 .after }}
{{- else }}{{ .array.LoadIdx }}
{{- end -}}
({{ template "roll_indices" . }})
{{- end -}}

{{- define "roll_store" -}}
{{- if and .before .after }}{{ .array.StoreCombined .before 1 .after }}
{{- else if .before }}{{ .array.StoreCombined .before 1 }}
{{- else if .after }}{{ .array.StoreCombined 1 .after }}
{{- else }}{{ .array.StoreIdx }}
{{- end -}}
({{ template "roll_indices" . }}, {{ .value }})
{{- end -}}

{{- define "roll" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T outer = virtual_global_id(0);
    const VSIZE_T i = virtual_global_id(1);
    const VSIZE_T inner = virtual_global_id(2);

    // The shift reduced into [0, length), whatever its sign and size.
    const long length = {{ .length }};
    long shift = (long)({{ .shift }}) % length;
    if (shift < 0)
        shift += length;
    const VSIZE_T source = i >= (VSIZE_T)shift ? i - (VSIZE_T)shift : i + (VSIZE_T)(length - shift);

    const {{ .output.CType }} value = {{ template "roll_load" (dict "array" .input "axis" "source" "before" .before "after" .after) }};
    {{ template "roll_store" (dict "array" .output "axis" "i" "before" .before "after" .after "value" "value") }};
}
{{- end -}}

{{- define "roll_copy" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T outer = virtual_global_id(0);
    const VSIZE_T i = virtual_global_id(1);
    const VSIZE_T inner = virtual_global_id(2);

    const {{ .array.CType }} value = {{ template "roll_load" (dict "array" .temp "axis" "i" "before" .before "after" .after) }};
    {{ template "roll_store" (dict "array" .array "axis" "i" "before" .before "after" .after "value" "value") }};
}
{{- end -}}
