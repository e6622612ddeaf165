//go:build !linux

package main

import (
	"errors"
	"time"
)

var errLinux = errors.New("cpu needs Linux (a child subreaper and getrusage of the children)")

func becomeSubreaper() error          { return errLinux }
func reapOrphans(time.Duration) error { return errLinux }
func childrenCPU() (float64, error)   { return 0, errLinux }
