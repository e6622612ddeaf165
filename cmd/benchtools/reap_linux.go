//go:build linux

package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// prSetChildSubreaper is prctl's PR_SET_CHILD_SUBREAPER (linux/prctl.h).
const prSetChildSubreaper = 36

// becomeSubreaper makes orphaned descendants children of this process,
// so that their CPU time reaches getrusage(RUSAGE_CHILDREN) once reaped.
func becomeSubreaper() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return fmt.Errorf("prctl(PR_SET_CHILD_SUBREAPER): %w", e)
	}
	return nil
}

// reapOrphans waits for every child left (the orphans handed over) until
// none is, or until wait has passed: then it is an error that names the
// children still running (they stay running; the caller decides).
func reapOrphans(wait time.Duration) error {
	deadline := time.Now().Add(wait)
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		switch {
		case errors.Is(err, syscall.ECHILD):
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case err != nil:
			return fmt.Errorf("wait4: %w", err)
		case pid > 0:
			continue // one reaped; look for the next at once
		case time.Now().After(deadline):
			return fmt.Errorf("descendants still running after -reap-wait %v: pid %s", wait, strings.Join(childPIDs(), ", "))
		}
		time.Sleep(reapPoll) // children left, none exited yet: poll again
	}
}

// reapPoll is how often reapOrphans looks for an exited child.
const reapPoll = 20 * time.Millisecond

// childPIDs lists this process's children from /proc (the processes
// whose parent, field 4 of /proc/PID/stat, is this one).
func childPIDs() []string {
	self := strconv.Itoa(os.Getpid())
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return []string{"(unknown: " + err.Error() + ")"}
	}
	var pids []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // exited meanwhile
		}
		// The command name (field 2) is in parentheses and may hold
		// spaces: the fields after the last ')' are state, ppid, ….
		i := bytes.LastIndexByte(b, ')')
		if f := strings.Fields(string(b[i+1:])); i >= 0 && len(f) > 1 && f[1] == self {
			pids = append(pids, e.Name())
		}
	}
	return pids
}

// childrenCPU is the user + system seconds of the children waited for.
func childrenCPU() (float64, error) {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &r); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return float64(r.Utime.Sec+r.Stime.Sec) + float64(r.Utime.Usec+r.Stime.Usec)/1e6, nil
}
