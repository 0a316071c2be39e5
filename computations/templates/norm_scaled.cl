{{- /* The scaled sums of EntrywiseNorm of an order other than 1 and 2
    (entrywisenorm.go): a part of the sum Σ |x|^order kept as a scale, the
    largest |x| of the part, and the sum of (|x|/scale)^order, so that
    neither underflows nor overflows where |x|^order would. Two parts
    combine on the larger scale; .type is the C type of a part, .order the
    order's literal; .v1 and .v2 are the parts the snippet combines. */ -}}
const {{ .type }} big = {{ .v1 }}.Scale >= {{ .v2 }}.Scale ? {{ .v1 }} : {{ .v2 }};
    const {{ .type }} small = {{ .v1 }}.Scale >= {{ .v2 }}.Scale ? {{ .v2 }} : {{ .v1 }};
    if (small.Scale == 0)
        return big;
    {{ .type }} both = big;
    both.Sum = big.Sum + small.Sum * pow(small.Scale / big.Scale, {{ .order }});
    return both;
