// Package networks embeds the example network files of this directory, so
// that the validation catalogue and the live page carry them in the
// binary. Each file's header comment names its textbook source.
package networks

import "embed"

// Files holds every *.yaml file of examples/networks.
//
//go:embed *.yaml
var Files embed.FS
