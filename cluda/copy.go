package cluda

import (
	"fmt"
	"strings"
)

// stridedCopy copies between arrays of equal shape and dtype but different
// layouts with a static kernel over the shape.
func (t *Thread) stridedCopy(dst, src *Array, event bool) (*Event, error) {
	n := len(dst.shape)
	var dOff, sOff []string
	dOff = append(dOff, fmt.Sprint(dst.offset))
	sOff = append(sOff, fmt.Sprint(src.offset))
	for d := 0; d < n; d++ {
		dOff = append(dOff, fmt.Sprintf("virtual_global_id(%d) * %d", d, dst.strides[d]))
		sOff = append(sOff, fmt.Sprintf("virtual_global_id(%d) * %d", d, src.strides[d]))
	}
	// Halves are copied as the bits of their ushorts, which every device
	// can address; other elements as one value of their C type.
	ct, units := dst.dtype.CType(), 1
	if w := dst.dtype.HalfVectorWidth(); w > 0 {
		ct, units = "ushort", w
	}
	var body strings.Builder
	for k := range units {
		unit := ""
		if k > 0 {
			unit = fmt.Sprintf(" + %d", 2*k)
		}
		fmt.Fprintf(&body, "    *(GLOBAL_MEM %s *)(dst + %s%s) = *(GLOBAL_MEM const %s *)(src + %s%s);\n",
			ct, strings.Join(dOff, " + "), unit, ct, strings.Join(sOff, " + "), unit)
	}
	source := fmt.Sprintf(`KERNEL void _strided_copy(GLOBAL_MEM char *dst, GLOBAL_MEM const char *src)
{
    VIRTUAL_SKIP_THREADS;
%s}
`, body.String())
	k, err := t.CompileStatic(source, "_strided_copy", dst.shape, StaticOptions{})
	if err != nil {
		return nil, fmt.Errorf("cluda: copy: %w", err)
	}
	defer k.Release()
	ev, err := k.Enqueue([]any{dst.Base(), src.Base()}, nil, event)
	if err != nil {
		return nil, fmt.Errorf("cluda: copy: %w", err)
	}
	return ev, nil
}
