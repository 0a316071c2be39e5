{{- /*
The kernel of Transpose on a CPU: one batched transpose of src, read as
(batch, height, width), into dst, written as (batch, width, height), with
no local memory and no barriers.

The virtual launch is (batch, .p.BlocksH, .p.BlocksW), with work-groups of
.p.Local along the blocks of a row of blocks; each work-item moves a block
of .p.Side × .p.Side elements: it loads the block's rows (consecutive
elements of src, which LLVM merges into vector loads) into registers, then
stores its columns as the rows of the transposed block (consecutive
elements of dst, merged into vector stores). The loads and stores go
through the arrays' functions, so that transformations connected to them
run inside the kernel. The blocks at the edges that reach past the
matrices (.p.EdgeH, .p.EdgeW) move element by element, each checked.

Render arguments: .p the pass's CPU plan, .height and .width the source
matrices' sides, .batched whether src and dst have a batch index,
.srcGroups and .dstGroups their combined-index groups.
*/ -}}

{{- define "transpose_cpu" -}}
{{- $side := .p.Side -}}
{{ .KernelDeclaration }}
{
{{- if .batched }}
#define TRANSPOSE_CPU_LOAD(r, c) {{ .src.LoadCombined (index .srcGroups 0) (index .srcGroups 1) (index .srcGroups 2) }}(batch, (r), (c))
#define TRANSPOSE_CPU_STORE(c, r, v) {{ .dst.StoreCombined (index .dstGroups 0) (index .dstGroups 1) (index .dstGroups 2) }}(batch, (c), (r), (v))
{{- else }}
#define TRANSPOSE_CPU_LOAD(r, c) {{ .src.LoadCombined (index .srcGroups 0) (index .srcGroups 1) }}((r), (c))
#define TRANSPOSE_CPU_STORE(c, r, v) {{ .dst.StoreCombined (index .dstGroups 0) (index .dstGroups 1) }}((c), (r), (v))
{{- end }}
    VIRTUAL_SKIP_THREADS;
    const VSIZE_T batch = virtual_global_id(0);
    const VSIZE_T row0 = virtual_global_id(1) * {{ $side }};
    const VSIZE_T col0 = virtual_global_id(2) * {{ $side }};
{{- if or .p.EdgeH .p.EdgeW }}

    // A block past the matrices' edge: element by element, each checked.
    if ({{ if .p.EdgeH }}row0 + {{ $side }} > {{ .height }}{{ end }}{{ if and .p.EdgeH .p.EdgeW }} || {{ end }}{{ if .p.EdgeW }}col0 + {{ $side }} > {{ .width }}{{ end }})
    {
        for (int c = 0; c < {{ $side }}; c++)
        {
            const VSIZE_T col = col0 + c;
            if (col >= {{ .width }})
                break;
            for (int r = 0; r < {{ $side }}; r++)
            {
                const VSIZE_T row = row0 + r;
                if (row >= {{ .height }})
                    break;
                TRANSPOSE_CPU_STORE(col, row, TRANSPOSE_CPU_LOAD(row, col));
            }
        }
        return;
    }
{{- end }}

{{- with .p.Vector }}

    // A whole block: sub-blocks of {{ .Lanes }} × {{ .Lanes }} {{ .WordType }} words, their rows read as vectors,
    // transposed in registers, and written as the rows of the transposed sub-blocks.
    GLOBAL_MEM const {{ .WordType }} *s = (GLOBAL_MEM const {{ .WordType }} *){{ $.src.Pointer }} + {{ if $.batched }}(batch * {{ $.height }} + row0){{ else }}row0{{ end }} * {{ $.width }} + col0;
    GLOBAL_MEM {{ .WordType }} *d = (GLOBAL_MEM {{ .WordType }} *){{ $.dst.Pointer }} + {{ if $.batched }}(batch * {{ $.width }} + col0){{ else }}col0{{ end }} * {{ $.height }} + row0;
{{- $v := . }}
{{- range .Blocks }}{{ $blk := . }}
    {
{{- range $k := seq $v.Lanes }}
        {{ $v.VectorType }} x{{ $k }} = vload{{ $v.Lanes }}(0, s + {{ add $blk.Row $k }} * {{ $.width }} + {{ $blk.Col }});
{{- end }}
{{- range $v.Rounds }}
{{- range . }}
        {
            const {{ $v.VectorType }} a = x{{ .A }}, b = x{{ .B }};
            x{{ .A }} = ({{ $v.VectorType }})({{ .PartsA }});
            x{{ .B }} = ({{ $v.VectorType }})({{ .PartsB }});
        }
{{- end }}
{{- end }}
{{- range $k := seq $v.Lanes }}
        vstore{{ $v.Lanes }}(x{{ $k }}, 0, d + {{ add $blk.Col $k }} * {{ $.height }} + {{ $blk.Row }});
{{- end }}
    }
{{- end }}
{{- else }}

    // A whole block: its rows into registers, then its columns out.
{{- range $r := seq $side }}
    const {{ $.src.CType }}{{ range $c := seq $side }}{{ if $c }},{{ end }} v{{ $r }}_{{ $c }} = TRANSPOSE_CPU_LOAD(row0 + {{ $r }}, col0 + {{ $c }}){{ end }};
{{- end }}
{{- range $c := seq $side }}
{{- range $r := seq $side }}
    TRANSPOSE_CPU_STORE(col0 + {{ $c }}, row0 + {{ $r }}, v{{ $r }}_{{ $c }});
{{- end }}
{{- end }}
{{- end }}
}
#undef TRANSPOSE_CPU_LOAD
#undef TRANSPOSE_CPU_STORE
{{- end -}}
