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
	ct := dst.dtype.CType()
	source := fmt.Sprintf(`KERNEL void _strided_copy(GLOBAL_MEM char *dst, GLOBAL_MEM const char *src)
{
    VIRTUAL_SKIP_THREADS;
    *(GLOBAL_MEM %s *)(dst + %s) = *(GLOBAL_MEM const %s *)(src + %s);
}
`, ct, strings.Join(dOff, " + "), ct, strings.Join(sOff, " + "))
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
