{{- /*
The kernels of Transpose.

transpose_gather writes every element of the output from where it lies in
the input: .rank is the rank of the output, .source[a] the output axis
whose index is the index along input axis a.

transpose_tiled is one batched transpose of src, read as (batch, height,
width), into dst, written as (batch, width, height): a work-group moves a
tile of .tile × .tile elements through local memory, each row padded by
one element so that reading the tile by columns hits every memory bank
once. The virtual launch is (batch, tiles along height × .rows, tiles
along width × .tile) with local size (1, .rows, .tile); each work-item
moves .tile / .rows rows. .batched says whether src and dst have a batch
index; .srcGroups and .dstGroups are their combined-index groups.
*/ -}}

{{- define "transpose_gather" -}}
{{ .KernelDeclaration }}
{
    VIRTUAL_SKIP_THREADS;
{{- range $i := seq .rank }}
    const VSIZE_T out{{ $i }} = virtual_global_id({{ $i }});
{{- end }}
    {{ .output.StoreIdx }}(
        {{- range $i := seq .rank }}out{{ $i }}, {{ end -}}
        {{ .input.LoadIdx }}({{ range $a, $k := .source }}{{ if $a }}, {{ end }}out{{ $k }}{{ end }}));
}
{{- end -}}

{{- define "tiled_load" -}}
{{- if .batched -}}
{{ .src.LoadCombined (index .srcGroups 0) (index .srcGroups 1) (index .srcGroups 2) }}(batch, row, col)
{{- else -}}
{{ .src.LoadCombined (index .srcGroups 0) (index .srcGroups 1) }}(row, col)
{{- end -}}
{{- end -}}

{{- define "tiled_store" -}}
{{- if .batched -}}
{{ .dst.StoreCombined (index .dstGroups 0) (index .dstGroups 1) (index .dstGroups 2) }}(batch, col, row, tile[lc][lr + k])
{{- else -}}
{{ .dst.StoreCombined (index .dstGroups 0) (index .dstGroups 1) }}(col, row, tile[lc][lr + k])
{{- end -}}
{{- end -}}

{{- define "transpose_tiled" -}}
{{ .KernelDeclaration }}
{
    LOCAL_MEM {{ .src.CType }} tile[{{ .tile }}][{{ add .tile 1 }}];

    // The global size is a multiple of the local size: only whole
    // work-groups are skipped, so every work-item that stays reaches the
    // barrier.
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T batch = virtual_global_id(0);
    const VSIZE_T lr = virtual_local_id(1);
    const VSIZE_T lc = virtual_local_id(2);
    const VSIZE_T row0 = virtual_group_id(1) * {{ .tile }};
    const VSIZE_T col0 = virtual_group_id(2) * {{ .tile }};

    // Read the tile by rows of the source: consecutive work-items read
    // consecutive elements of a row.
    {
        const VSIZE_T col = col0 + lc;
        for (int k = 0; k < {{ .tile }}; k += {{ .rows }})
        {
            const VSIZE_T row = row0 + lr + k;
            if (row < {{ .height }} && col < {{ .width }})
                tile[lr + k][lc] = {{ template "tiled_load" . }};
        }
    }
    LOCAL_BARRIER;

    // Write it by rows of the destination, which are the columns of the
    // tile.
    {
        const VSIZE_T row = row0 + lc;
        for (int k = 0; k < {{ .tile }}; k += {{ .rows }})
        {
            const VSIZE_T col = col0 + lr + k;
            if (row < {{ .height }} && col < {{ .width }})
                {{ template "tiled_store" . }};
        }
    }
}
{{- end -}}
