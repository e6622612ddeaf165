package main

import (
	"errors"
	"fmt"

	"queuelab/analytic/ctmc"
	"queuelab/model/network"
)

// atStationLine prefixes the file and line of the station a refusal of
// the exact CTMC is about (a *ctmc.StationError) to it, when the file
// defines that station; other errors, and nil, are returned as they are.
func atStationLine(file string, why error) error {
	var se *ctmc.StationError
	if !errors.As(why, &se) {
		return why
	}
	if l := network.StationLine(file, se.Station); l > 0 {
		return fmt.Errorf("%s:%d: %w", file, l, why)
	}
	return why
}
