package network

import "go.yaml.in/yaml/v3"

// StationLine returns the line of a network file's data where station is
// written — its item under stations, or with routing its key under
// routing (its routing row; the station's item when it has none) — or 0
// when the data does not parse or does not name it. For messages about a
// parsed network found after Parse (an analytic method's refusal).
func StationLine(data []byte, station string, routing bool) int {
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return 0
	}
	root := doc.Content[0]
	line := 0
	if st := mappingValue(root, "stations"); st != nil && st.Kind == yaml.SequenceNode {
		for _, it := range st.Content {
			if nm := mappingValue(it, "name"); nm != nil && nm.Value == station {
				line = it.Line
				break
			}
		}
	}
	if rt := mappingValue(root, "routing"); routing && rt != nil && rt.Kind == yaml.MappingNode {
		for k := 0; k+1 < len(rt.Content); k += 2 {
			if rt.Content[k].Value == station {
				return rt.Content[k].Line
			}
		}
	}
	return line
}

// mappingValue returns the value of key in mapping node n, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == key {
			return n.Content[k+1]
		}
	}
	return nil
}
