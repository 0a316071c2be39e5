package fft

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reikna-go/reikna/dtypes"
	"github.com/reikna-go/reikna/snippets"
)

// TestButterflyModules renders the butterfly modules and checks their
// frames: the function of the local kernel and the macro of the register
// kernel, whose every line but the last continues on the next one. A
// module is made once for each radix, dtype and kind.
func TestButterflyModules(t *testing.T) {
	for _, dt := range []dtypes.DType{dtypes.Complex64, dtypes.Complex128} {
		for _, r := range []int{2, 3, 4, 8, 16} {
			for _, inline := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/radix %d/inline %t", dt, r, inline), func(t *testing.T) {
					m := butterflyModule(r, dt, inline)
					if again := butterflyModule(r, dt, inline); again != m {
						t.Error("the module is made again")
					}
					main := snippets.MustSnippet("main", nil, "{{ .bf }}", map[string]any{"bf": m})
					src, err := snippets.Render(main)
					if err != nil {
						t.Fatal(err)
					}
					prefix := fmt.Sprintf("_mod_fft_dft%d_%s_0", r, dt)
					lines := strings.Split(strings.TrimSpace(src.Text), "\n")
					blank := len(lines) - 2 // between the module and the main source, the prefix
					if lines[blank+1] != prefix {
						t.Fatalf("the main source is %q, want %q", lines[blank+1], prefix)
					}
					if !inline {
						want := fmt.Sprintf("INLINE WITHIN_KERNEL void %s(%s *v)", prefix, dt.CType())
						if lines[0] != want || lines[1] != "{" || lines[blank-1] != "}" {
							t.Errorf("function frame:\n%s\nwant the first line %q", src.Text, want)
						}
						return
					}
					params := make([]string, r)
					for i := range params {
						params[i] = fmt.Sprintf("a%d", i)
					}
					if want := fmt.Sprintf("#define %s(%s) \\", prefix, strings.Join(params, ", ")); lines[0] != want {
						t.Errorf("macro's first line %q, want %q", lines[0], want)
					}
					for i, l := range lines[:blank-1] {
						if !strings.HasSuffix(l, " \\") {
							t.Errorf("macro line %d does not continue: %q", i+1, l)
						}
					}
					if lines[blank-1] != "}" {
						t.Errorf("macro's last line %q, want }", lines[blank-1])
					}
				})
			}
		}
	}
}
