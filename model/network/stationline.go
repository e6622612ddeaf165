package network

import (
	"go.yaml.in/yaml/v3"

	"queuelab/model/input"
)

// StationLine returns the line where station name is defined in the
// network file at path, 0 when the file cannot be read or parsed or has
// no such station: for a message about a station of a file already
// parsed (net solve's reason for not using the exact CTMC).
func StationLine(path, name string) int {
	data, err := input.ReadInput(path, MaxFileSize)
	if err != nil {
		return 0
	}
	var doc yaml.Node
	if _, err := input.DecodeYAML(data, &doc); err != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return 0
	}
	p := &reader{file: path, unit: 1, lines: map[string]int{}}
	if _, err := p.network(doc.Content[0]); err != nil {
		return 0
	}
	return p.lines[elemStation(name)]
}
