// Package input reads what a user gives queuelab, boundedly and with
// errors that name what and where: control values (Control, ValueKind,
// Value: their kinds, ranges and units, parsed from text and checked when
// made by code) and input files (ReadInput refuses a file over a size
// limit before reading it, DecodeYAML refuses a second YAML document,
// QuoteShort echoes user text in a message). The scenario runner
// (model/scenario), the models, the network files, the sweeps and the
// calculator all read their input with it; it knows nothing of any of
// them.
package input
