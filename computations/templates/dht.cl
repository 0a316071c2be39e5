{{- /*
The kernel of DHT beside its MatrixMul and Transpose calls.

dht_column copies the product of a matrix with a 1-D array, a column
(n, 1), into the 1-D output (n); the virtual launch is (n).
*/ -}}

{{- define "dht_column" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T i = virtual_global_id(0);
    {{ .output.StoreIdx }}(i, {{ .input.LoadIdx }}(i, 0));
}
{{- end -}}
