// Package playbooks holds the reference playbooks of the built-in
// scenarios, one YAML file per scenario named SYSTEM-SCENARIO.yaml, for
// `queuelab run --playbook` and for the live page's "show the reference
// playbook" button.
package playbooks

import (
	"embed"
	"io/fs"
)

//go:embed *.yaml
var files embed.FS

// Source returns the reference playbook of system's scenario and whether
// there is one.
func Source(system, scenario string) ([]byte, bool) {
	b, err := fs.ReadFile(files, system+"-"+scenario+".yaml")
	return b, err == nil
}
