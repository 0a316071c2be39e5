package core

import (
	"fmt"
	"strings"
)

// checkDeclared reports an error when the rendered source of kernel name
// does not hold its declaration: a template that forgets to print
// .KernelDeclaration would otherwise define no kernel of that name, and
// the OpenCL runtime would say only that the name is unknown.
func checkDeclared(name, decl, source string) error {
	if strings.Contains(source, decl) {
		return nil
	}
	return fmt.Errorf("the template does not print {{ .KernelDeclaration }}: "+
		"a kernel template must start the kernel %s with it, in place of its own KERNEL line", name)
}
