package core_test

import (
	"strings"
	"testing"

	"github.com/reikna-go/reikna/core"
	"github.com/reikna-go/reikna/dtypes"
)

var (
	c64 = core.ArrayOf(dtypes.Complex64, 16)
	f32 = core.ArrayOf(dtypes.Float32, 16)
)

// noBuild is a build function for computations that are only connected.
func noBuild(*core.Plan, map[string]*core.KernelArgument) error { return nil }

// baseComputation has an output, two inputs, an input-output and a scalar.
func baseComputation(t *testing.T) *core.Computation {
	t.Helper()
	c, err := core.NewComputation("base", []core.Parameter{
		core.Param("out", core.Out(c64)),
		core.Param("in1", core.In(c64)),
		core.Param("in2", core.In(c64)),
		core.Param("state", core.InOut(c64)),
		core.Param("k", core.ScalarArg(dtypes.Float32)),
	}, noBuild)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func combineComplex(t core.Type) *core.Transformation {
	rt := t.WithDType(t.DType().Real())
	return core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("real", core.In(rt)),
		core.Param("imag", core.In(rt)),
	}, `{{ .output.StoreSame }}(COMPLEX_CTR({{ .output.CType }})({{ .real.LoadSame }}, {{ .imag.LoadSame }}));`,
		core.TransformationOptions{Name: "combine_complex"})
}

func copyTrf(t core.Type) *core.Transformation {
	return core.MustTransformation([]core.Parameter{
		core.Param("output", core.Out(t)),
		core.Param("input", core.In(t)),
	}, `{{ .output.StoreSame }}({{ .input.LoadSame }});`, core.TransformationOptions{Name: "copy"})
}

func roles(sig core.Signature) string {
	var parts []string
	for _, p := range sig {
		parts = append(parts, p.Name+":"+p.Role().String())
	}
	return strings.Join(parts, " ")
}

// TestConnectRules checks each connect rule both ways: a connect that the
// rule allows succeeds and gives the expected signature; one that breaks it
// fails with the error the rule gives, and leaves the signature unchanged.
func TestConnectRules(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(c *core.Computation) error // connects that succeed first
		param   string
		trf     *core.Transformation
		conn    string
		names   map[string]string
		wantErr string // "" for success
		wantSig string // roles after a successful connect
	}{
		{name: "input transformation on an input",
			param: "in1", trf: combineComplex(c64), conn: "output", names: map[string]string{"real": "re", "imag": "im"},
			wantSig: "out:o re:i im:i in2:i state:io k:s"},
		{name: "input transformation on an output",
			param: "out", trf: combineComplex(c64), conn: "output", names: map[string]string{"real": "re", "imag": "im"},
			wantErr: `the connector "output" is an output, so this is an input transformation, but "out" is an output parameter`},
		{name: "output transformation on an output",
			param: "out", trf: splitComplex(c64), conn: "input", names: map[string]string{"real": "re", "imag": "im"},
			wantSig: "re:o im:o in1:i in2:i state:io k:s"},
		{name: "output transformation on an input",
			param: "in1", trf: splitComplex(c64), conn: "input", names: map[string]string{"real": "re", "imag": "im"},
			wantErr: `the connector "input" is an input, so this is an output transformation, but "in1" is an input parameter`},
		{name: "type mismatch",
			param: "in1", trf: copyTrf(f32), conn: "output", names: map[string]string{"input": "x"},
			wantErr: `type mismatch: "in1" is Type(complex64, shape=(16,), strides=(8,)), the connector "output" is Type(float32, shape=(16,), strides=(4,))`},
		{name: "unmapped parameter keeps its name",
			param: "in1", trf: combineComplex(c64), conn: "output", names: map[string]string{"real": "re"},
			wantSig: "out:o re:i imag:i in2:i state:io k:s"},
		{name: "nil names keep the transformation's own",
			param: "out", trf: splitComplex(c64), conn: "input", names: nil,
			wantSig: "real:o imag:o in1:i in2:i state:io k:s"},
		{name: "nil names on an input",
			param: "in1", trf: copyTrf(c64), conn: "output", names: nil,
			wantSig: "out:o input:i in2:i state:io k:s"},
		{name: "an own name that is the connected parameter's",
			setup: func(c *core.Computation) error {
				return c.Connect("in1", copyTrf(c64), "output", nil)
			},
			param: "input", trf: copyTrf(c64), conn: "output", names: nil,
			wantErr: `parameter "input" cannot take the name of the parameter it is attached to`},
		{name: "unknown parameter in names",
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "x", "bogus": "y"},
			wantErr: `the transformation has no parameter "bogus" to name`},
		{name: "reserved name",
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "_x"},
			wantErr: `names starting with _ are reserved`},
		{name: "unknown computation parameter",
			param: "nope", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "x"},
			wantErr: `no parameter "nope" (the parameters are out, in1, in2, state, k)`},
		{name: "hidden node reused",
			setup: func(c *core.Computation) error {
				return c.Connect("in1", copyTrf(c64), "output", map[string]string{"input": "x"})
			},
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "y"},
			wantErr: `"in1" is hidden: input transformation copy is attached to it already`},
		{name: "connect to a new leaf",
			setup: func(c *core.Computation) error {
				return c.Connect("in1", copyTrf(c64), "output", map[string]string{"input": "x"})
			},
			param: "x", trf: combineComplex(c64), conn: "output", names: map[string]string{"real": "re", "imag": "im"},
			wantSig: "out:o re:i im:i in2:i state:io k:s"},
		{name: "output transformation into an existing output",
			setup: func(c *core.Computation) error {
				return c.Connect("out", splitComplex(c64), "input", map[string]string{"real": "re", "imag": "im"})
			},
			param: "state", trf: copyTrfOut(c64), conn: "input", names: map[string]string{"output": "in2"},
			wantErr: `an output transformation cannot write into the existing parameter "in2"`},
		{name: "sharing an existing input leaf",
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "in2"},
			wantSig: "out:o in2:i state:io k:s"},
		{name: "sharing an input with an output",
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "out"},
			wantErr: `input "input" can share only an existing input, and "out" is an output`},
		{name: "sharing an input of another type",
			param: "in1", trf: combineComplex(c64), conn: "output", names: map[string]string{"real": "in2", "imag": "im"},
			wantErr: `type mismatch: input "real" is Type(float32, shape=(16,), strides=(4,)), the existing "in2" is Type(complex64, shape=(16,), strides=(8,))`},
		{name: "sharing a scalar",
			param: "in1", trf: mulParam(c64, dtypes.Float32), conn: "output", names: map[string]string{"input": "x", "param": "k"},
			wantSig: "out:o x:i k:s in2:i state:io"},
		{name: "scalar of another dtype",
			param: "in1", trf: mulParam(c64, dtypes.Float64), conn: "output", names: map[string]string{"input": "x", "param": "k"},
			wantErr: `scalar parameter "param" cannot share "k", which is not a float64 scalar`},
		{name: "input-output split by one transformation on each side",
			setup: func(c *core.Computation) error {
				return c.Connect("state", combineComplex(c64), "output", map[string]string{"real": "sre", "imag": "sim"})
			},
			param: "state", trf: splitComplex(c64), conn: "input", names: map[string]string{"real": "ore", "imag": "oim"},
			wantSig: "out:o in1:i in2:i ore:o oim:o sre:i sim:i k:s"},
		{name: "a second input transformation on an input-output",
			setup: func(c *core.Computation) error {
				return c.Connect("state", combineComplex(c64), "output", map[string]string{"real": "sre", "imag": "sim"})
			},
			param: "state", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "x"},
			wantErr: `"state" is hidden: input transformation combine_complex is attached to it already`},
		{name: "transformation on a scalar",
			param: "k", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "x"},
			wantErr: `"k" is a scalar; transformations attach to arrays`},
		{name: "connector not a connector",
			param: "in1", trf: core.MustTransformation([]core.Parameter{
				core.Param("output", core.Out(c64)), core.Param("input", core.In(c64)),
			}, `{{ .output.StoreSame }}({{ .input.LoadSame }});`, core.TransformationOptions{Name: "only_input", Connectors: []string{"input"}}),
			conn: "output", names: map[string]string{"input": "x"},
			wantErr: `"output" is not a connector of the transformation (its connectors are input)`},
		{name: "mapping to the attached node",
			param: "in1", trf: copyTrf(c64), conn: "output", names: map[string]string{"input": "in1"},
			wantErr: `parameter "input" cannot take the name of the parameter it is attached to`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := baseComputation(t)
			if tt.setup != nil {
				if err := tt.setup(c); err != nil {
					t.Fatalf("setup: %v", err)
				}
			}
			before := roles(c.Signature())
			err := c.Connect(tt.param, tt.trf, tt.conn, tt.names)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Connect error %v, want one containing %q", err, tt.wantErr)
				}
				if after := roles(c.Signature()); after != before {
					t.Errorf("a failed connect changed the signature from %q to %q", before, after)
				}
				return
			}
			if err != nil {
				t.Fatalf("Connect: %v", err)
			}
			if got := roles(c.Signature()); got != tt.wantSig {
				t.Errorf("signature %q, want %q", got, tt.wantSig)
			}
		})
	}
}

func copyTrfOut(t core.Type) *core.Transformation { return copyTrf(t) }

// TestDeepSignature connects chains of transformations on both sides and
// checks the signature name by name and role by role.
func TestDeepSignature(t *testing.T) {
	c := baseComputation(t)
	steps := []struct {
		param, conn string
		trf         *core.Transformation
		names       map[string]string
	}{
		{"out", "input", splitComplex(c64), map[string]string{"real": "out_re", "imag": "out_im"}},
		{"out_re", "input", mulParam(f32, dtypes.Float32), map[string]string{"output": "out_re_scaled", "param": "scale"}},
		{"in1", "output", mulParam(c64, dtypes.Float32), map[string]string{"input": "in1_raw", "param": "gain"}},
		{"in1_raw", "output", combineComplex(c64), map[string]string{"real": "in1_re", "imag": "in1_im"}},
		{"in1_im", "output", copyTrf(f32), map[string]string{"input": "in1_im_src"}},
		{"state", "input", copyTrf(c64), map[string]string{"output": "state_out"}},
	}
	for _, s := range steps {
		if err := c.Connect(s.param, s.trf, s.conn, s.names); err != nil {
			t.Fatalf("connect %s: %v", s.param, err)
		}
	}
	// The output transformation of out_re takes (output, input, param): its
	// input is the connector, so output and param take its place.
	want := "out_re_scaled:o scale:s out_im:o in1_re:i in1_im_src:i gain:s in2:i state_out:o state:i k:s"
	if got := roles(c.Signature()); got != want {
		t.Errorf("signature\n got %s\nwant %s", got, want)
	}
	if p, ok := c.Parameter("in1_im_src"); !ok || p.Type().DType() != dtypes.Float32 {
		t.Errorf("Parameter(in1_im_src) = %v, %v", p, ok)
	}
	if p, ok := c.Parameter("in1"); !ok || p.Role() != core.Input {
		t.Errorf("the hidden node in1 is %v, %v", p, ok)
	}
}

func TestNewTransformationErrors(t *testing.T) {
	tests := []struct {
		name   string
		params []core.Parameter
		code   string
		opts   core.TransformationOptions
		want   string
	}{
		{"no parameters", nil, "", core.TransformationOptions{}, "no parameters"},
		{"duplicate", []core.Parameter{core.Param("a", core.In(f32)), core.Param("a", core.Out(f32))}, "", core.TransformationOptions{}, `parameter "a" appears twice`},
		{"input-output", []core.Parameter{core.Param("a", core.InOut(f32))}, "", core.TransformationOptions{}, "an input or an output, not both"},
		{"reserved", []core.Parameter{core.Param("Idxs", core.In(f32))}, "", core.TransformationOptions{}, `parameter name "Idxs" is reserved`},
		{"underscore", []core.Parameter{core.Param("_a", core.In(f32))}, "", core.TransformationOptions{}, "names starting with _ are reserved"},
		{"bad template", []core.Parameter{core.Param("a", core.In(f32))}, "{{ .a", core.TransformationOptions{}, "unclosed action"},
		{"scalar connector", []core.Parameter{core.Param("a", core.In(f32)), core.Param("s", core.ScalarArg(dtypes.Float32))}, "",
			core.TransformationOptions{Connectors: []string{"s"}}, `connector "s" is a scalar`},
		{"array scalar", []core.Parameter{core.Param("a", core.Annotation{Type: f32, Role: core.Scalar})}, "", core.TransformationOptions{}, "a scalar cannot have the array type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := core.NewTransformation(tt.params, tt.code, tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
		})
	}
}
